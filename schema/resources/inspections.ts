import { boolean, choice, computed, date, fixed, reference, rows, text } from '../define/fields';
import { defineResource } from '../define/resource';
import {
  BASICS,
  BASIC_LABELS,
  CHALLENGE_STATUSES,
  CHALLENGE_STATUS_LABELS,
  INSPECTED_UNITS,
  INSPECTED_UNIT_LABELS,
  INSPECTION_LEVELS,
  INSPECTION_LEVEL_LABELS,
  INSPECTION_STATUSES,
  INSPECTION_STATUS_LABELS,
} from '../tickets';

const OF_ITS_TICKET = 'belongs to the ticket of its stop: delete it and add it to the other ticket';

/**
 * Inspection reports (docs/product/tickets.md#inspections): a roadside inspection at a ticket's stop — its CVSA level,
 * the BASIC it is filed under, its violations (codes of the violation table, each out of service or not), whether the
 * report must be sent in, and its DataQs challenge. The inspection date is its ticket's date. Out of service when any
 * violation is.
 */
export const inspections = defineResource({
  route: '/app/management/inspection-reports',
  api: '/api/InspectionReports',
  table: 'inspection_reports',
  entity: 'inspection_report',
  singular: 'Inspection report',
  plural: 'Inspection reports',
  access: 'TicketManagement',
  sections: { report: 'Inspection report', violations: 'Violations', challenge: 'DataQs challenge' },
  fields: {
    ticketId: fixed(reference('tickets', { label: 'Ticket', required: true, filter: true }), OF_ITS_TICKET),
    reportNumber: text({ label: 'Report number', required: true, max: 40, case: 'upper', search: true, sort: true }),
    level: choice(INSPECTION_LEVELS, { label: 'Level', labels: INSPECTION_LEVEL_LABELS, filter: true }),
    category: choice(BASICS, { label: 'Category (BASIC)', labels: BASIC_LABELS, filter: true }),
    status: choice(INSPECTION_STATUSES, {
      label: 'Status',
      labels: INSPECTION_STATUS_LABELS,
      default: 'RECEIVED',
      filter: true,
    }),
    unitType: choice(INSPECTED_UNITS, {
      label: 'Units inspected',
      labels: INSPECTED_UNIT_LABELS,
      default: 'TRUCK_AND_TRAILER',
      list: 'hide',
    }),
    submissionRequired: boolean({ label: 'Submission required', default: false, list: 'hide' }),
    oos: boolean({
      label: 'Out of service',
      default: false,
      filter: true,
      help: 'Set when any violation is out of service',
    }),
    violations: rows(
      {
        violationNumberId: reference('violationCodes', { label: 'Violation', required: true }),
        outOfService: boolean({ label: 'Out of service', default: false }),
      },
      {
        label: 'Violations',
        table: 'inspection_violations',
        parent: 'inspection_report_id',
        max: 40,
        section: 'violations',
      },
    ),
    challengeStatus: choice(CHALLENGE_STATUSES, {
      label: 'Challenge',
      labels: CHALLENGE_STATUS_LABELS,
      colours: { FILED: 'info', ACCEPTED: 'success', DENIED: 'error', TO_FILE: 'warning' },
      default: 'NONE',
      filter: true,
      section: 'challenge',
    }),
    challengeDeadline: date({ label: 'Challenge deadline', sort: true, section: 'challenge' }),
    inspectedOn: computed<string>({ label: 'Inspected on', sort: true }),
    driverName: computed<string | null>({ label: 'Driver' }),
    ticketTitle: computed<string>({ label: 'Ticket', list: false, csv: false }),
    documentCount: computed<number>({ label: 'Documents', list: 'hide', csv: false }),
  },
  rules: (report, ctx) => {
    const seen = new Set<number>();
    (report.violations ?? []).forEach((violation, index) => {
      if (seen.has(violation.violationNumberId))
        ctx.addIssue({
          code: 'custom',
          path: ['violations', index, 'violationNumberId'],
          message: 'This violation is already on the report: a code counts once per inspection',
        });
      seen.add(violation.violationNumberId);
    });
  },
  transform: (report) => ({ ...report, oos: report.oos || (report.violations ?? []).some((v) => v.outOfService) }),
  defaultSort: '-inspectedOn',
  recordTitle: 'reportNumber',
});
export type InspectionDto = typeof inspections.types.dto;
export type InspectionInput = typeof inspections.types.input;
