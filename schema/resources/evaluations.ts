import { computed, computedChoice, date, integer, reference, text } from '../define/fields';
import { defineResource, only } from '../define/resource';
import { todayIso } from '../expiry';

/** Who an evaluation is about: a driver (drivers) or a dispatcher (a user holding the Dispatcher role). */
export const EVALUATION_SUBJECTS = ['DRIVER', 'DISPATCHER'] as const;
export type EvaluationSubject = (typeof EVALUATION_SUBJECTS)[number];
export const EVALUATION_SUBJECT_LABELS: Record<EvaluationSubject, string> = {
  DRIVER: 'Driver',
  DISPATCHER: 'Dispatcher',
};

/**
 * The criteria, each scored 1–5 or left empty (not applicable, not observed). A car hauler's driver is judged on the
 * road and at the car (safety, on time, damage-free), a dispatcher on the loads they build and the drivers they run
 * (load planning, driver support); both on how they keep people informed and on their paperwork.
 */
export const EVALUATION_CRITERIA = [
  {
    key: 'safety',
    label: 'Safety',
    for: ['DRIVER'],
    help: 'Driving record, hours of service, inspections and violations',
  },
  {
    key: 'onTime',
    label: 'On-time pickup and delivery',
    for: ['DRIVER'],
    help: 'Pickups and deliveries within the promised windows',
  },
  {
    key: 'damageFree',
    label: 'Damage-free delivery',
    for: ['DRIVER'],
    help: 'Cars loaded, secured and delivered without damage or claims',
  },
  {
    key: 'loadPlanning',
    label: 'Load planning',
    for: ['DISPATCHER'],
    help: 'Full trailers, sensible routes, few empty miles',
  },
  {
    key: 'driverSupport',
    label: 'Driver support',
    for: ['DISPATCHER'],
    help: 'Answers drivers, solves problems on the road, fair loads',
  },
  {
    key: 'communication',
    label: 'Communication',
    for: ['DRIVER', 'DISPATCHER'],
    help: 'Keeps shippers, brokers and the office informed',
  },
  {
    key: 'paperwork',
    label: 'Paperwork and POD',
    for: ['DRIVER', 'DISPATCHER'],
    help: 'Inspection photos, BOL and proof of delivery, order entry, on time and complete',
  },
] as const satisfies readonly { key: string; label: string; for: readonly EvaluationSubject[]; help: string }[];
export type CriterionKey = (typeof EVALUATION_CRITERIA)[number]['key'];
export const criteriaOf = (subject: EvaluationSubject) =>
  EVALUATION_CRITERIA.filter((c) => (c.for as readonly EvaluationSubject[]).includes(subject));

/** The words of each score. */
export const SCORE_LABELS: Record<number, string> = {
  1: 'Unsatisfactory',
  2: 'Needs improvement',
  3: 'Meets expectations',
  4: 'Exceeds expectations',
  5: 'Outstanding',
};

const criterion = (key: CriterionKey) => {
  const { label, help } = EVALUATION_CRITERIA.find((c) => c.key === key)!;
  return integer({ label, min: 1, max: 5, section: 'scores', help, list: 'hide' });
};

/** The subject of an evaluation's body, if it names exactly one. */
export const subjectOf = (e: { driverId?: number | null; dispatcherId?: number | null }): EvaluationSubject | null =>
  e.driverId && !e.dispatcherId ? 'DRIVER' : e.dispatcherId && !e.driverId ? 'DISPATCHER' : null;

/**
 * Evaluations of drivers and dispatchers (docs/analytics.md#evaluations), entered from the evaluation report and
 * governed by its feature: who is evaluated (a driver or a dispatcher, exactly one), the day the scores are about, the
 * criteria that apply to them scored 1–5, comments. The evaluator is the signed-in user who entered it (set by the
 * server, never the body) and createdAt says when; only they or an administrator change it afterwards
 * (server/modules/evaluations).
 */
export const evaluations = defineResource({
  route: '/app/reports/evaluation-report/evaluations',
  api: '/api/Evaluations',
  table: 'evaluations',
  entity: 'evaluation',
  singular: 'Evaluation',
  plural: 'Evaluations',
  access: 'EvaluationReport',
  sections: {
    who: 'Who and when',
    scores: 'Scores (1 unsatisfactory – 5 outstanding; empty when it does not apply)',
    notes: 'Comments',
  },
  fields: {
    evaluatedOn: date({
      label: 'Date evaluated',
      required: true,
      sort: true,
      help: 'The day, or the last day of the period, the scores are about',
    }),
    subject: computedChoice(EVALUATION_SUBJECTS, { label: 'Role', labels: EVALUATION_SUBJECT_LABELS }),
    person: computed<string>({ label: 'Evaluated', sort: true }),
    driverId: reference('drivers', { label: 'Driver', filter: true, list: false }),
    dispatcherId: reference('dispatchers', { label: 'Dispatcher', filter: true, list: false }),
    safety: criterion('safety'),
    onTime: criterion('onTime'),
    damageFree: criterion('damageFree'),
    loadPlanning: criterion('loadPlanning'),
    driverSupport: criterion('driverSupport'),
    communication: criterion('communication'),
    paperwork: criterion('paperwork'),
    overall: computed<number | null>({ label: 'Overall', sort: true }),
    comments: text({ label: 'Comments', max: 2000, multiline: true, search: true, list: false, section: 'notes' }),
    evaluatorId: computed<number>({ label: 'Evaluator', list: false, csv: false }),
    evaluatorName: computed<string>({ label: 'Evaluator', shows: { target: 'users', idField: 'evaluatorId' } }),
  },
  filters: { evaluatorId: only.reference('users', 'Evaluator') },
  rules: (e, ctx) => {
    if (e.driverId && e.dispatcherId)
      ctx.addIssue({
        code: 'custom',
        path: ['dispatcherId'],
        message: 'Evaluate a driver or a dispatcher, not both: clear one',
      });
    if (!e.driverId && !e.dispatcherId)
      ctx.addIssue({ code: 'custom', path: ['driverId'], message: 'Choose the driver or the dispatcher evaluated' });
    if (e.evaluatedOn && e.evaluatedOn > todayIso())
      ctx.addIssue({ code: 'custom', path: ['evaluatedOn'], message: 'The date evaluated is today or earlier' });
    const subject = subjectOf(e);
    if (!subject) return;
    const scores = e as unknown as Record<CriterionKey, number | null | undefined>;
    for (const c of EVALUATION_CRITERIA) {
      if (!(c.for as readonly EvaluationSubject[]).includes(subject) && scores[c.key] != null) {
        ctx.addIssue({
          code: 'custom',
          path: [c.key],
          message: `${c.label} is scored for ${c.for.map((s) => EVALUATION_SUBJECT_LABELS[s].toLowerCase()).join(' and ')}s only: leave it empty`,
        });
      }
    }
    const own = criteriaOf(subject);
    if (own.every((c) => scores[c.key] == null))
      ctx.addIssue({ code: 'custom', path: [own[0].key], message: 'Score at least one criterion' });
  },
  storage: { evaluator_id: { type: 'integer', notNull: true } },
  period: { field: 'evaluatedOn', default: 'all' },
  defaultSort: '-evaluatedOn',
  recordTitle: 'person',
  searchHint: 'Name evaluated, comments',
});
export type EvaluationDto = typeof evaluations.types.dto;
export type EvaluationInput = typeof evaluations.types.input;

/**
 * The evaluation report's columns (schema/reports.ts): per person the evaluations of the period, the average of each
 * criterion that applies to their role (the driver view shows the drivers' criteria, the dispatcher view the
 * dispatchers'), the overall, and the overall of the previous period of the same length. Checked as report columns
 * where the report is defined.
 */
export const EVALUATION_REPORT_COLUMNS = [
  { key: 'name', label: 'Name', kind: 'text' },
  { key: 'evaluations', label: 'Evaluations', kind: 'count' },
  ...EVALUATION_CRITERIA.map((c) => ({
    key: c.key,
    label: c.label,
    kind: 'number' as const,
    only: c.for.map((s) => (s === 'DRIVER' ? ('driver' as const) : ('dispatcher' as const))),
  })),
  { key: 'overall', label: 'Overall', kind: 'number' },
  { key: 'previousOverall', label: 'Overall, previous period', kind: 'number' },
] as const;
