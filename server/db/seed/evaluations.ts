import { criteriaOf, type EvaluationSubject } from '../../../schema/resources/evaluations';
import { addDays } from '../../../schema/expiry';
import { CRITERION_COLUMN } from '../../modules/evaluations/scores';
import type { Db } from '../types';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/** How far back the demo company's evaluations go (this year and the last compare), and how often each person gets one. */
const HISTORY_DAYS = 700;
const EVERY_DAYS: Record<EvaluationSubject, number> = { DRIVER: 60, DISPATCHER: 90 };

const PRAISE = [
  'Clean inspections and on-time deliveries all period.',
  'Customers asked for this driver by name.',
  'Great photos and paperwork on every load.',
  'Keeps the office posted without being asked.',
];
const FAIR = [
  'Solid period; a couple of late deliveries explained in advance.',
  'Doing the job; photos at pickup sometimes missing.',
  'Good with customers, needs to send PODs the same day.',
];
const CONCERN = [
  'Two late deliveries without a call; discussed in person.',
  'Damage claim this period: reviewed loading and strap-down with the driver.',
  'Paperwork late most weeks; follow up next month.',
];
const DISPATCH_NOTES = [
  'Trucks kept full with few empty miles.',
  'Drivers say they can always reach them.',
  'Too many re-booked loads this quarter; plan further ahead.',
  'Order entry complete and on time.',
];

/**
 * The demo company's evaluations (docs/analytics.md#evaluations): every driver about every two months and every
 * dispatcher every quarter over the last two years, up to `today`, by the demo manager or administrator. Each person
 * has a level of their own the scores vary around, so the report ranks them and the previous period compares; some
 * criteria are left empty (not observed). A random stream of its own, so the rest of the demo stays what it was.
 */
export async function seedDemoEvaluations(db: Db, today: string): Promise<void> {
  const random = new SeededRandom(20_261_119);
  const evaluators = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['manager@haulboard.demo', 'administrator@haulboard.demo'])
      .orderBy('id')
      .execute()
  ).map((u) => u.id);
  if (!evaluators.length) return;
  const drivers = await db
    .selectFrom('drivers')
    .select(['id', 'hired_on', 'terminated_on'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const dispatchers = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
    .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
    .select('u.id')
    .where('ro.name', '=', 'Dispatcher')
    .where('u.deleted_at', 'is', null)
    .orderBy('u.id')
    .execute();
  const people = [
    ...drivers.map((d) => ({ subject: 'DRIVER' as const, id: d.id, from: d.hired_on, to: d.terminated_on })),
    ...dispatchers.map((d) => ({ subject: 'DISPATCHER' as const, id: d.id, from: null, to: null })),
  ];
  const rows: Record<string, unknown>[] = [];
  for (const person of people) {
    const level = 2.4 + random.next() * 2.3;
    // This year a little better or worse than last: the comparison has something to say.
    const trend = (random.next() - 0.5) * 0.8;
    for (
      let day = addDays(today, -HISTORY_DAYS + random.int(0, 40));
      day <= addDays(today, -2);
      day = addDays(day, EVERY_DAYS[person.subject] + random.int(-10, 10))
    ) {
      if ((person.from && day < person.from) || (person.to && day > person.to)) continue;
      const recent = day >= addDays(today, -300);
      const scores: Record<string, number | null> = Object.fromEntries(
        Object.values(CRITERION_COLUMN).map((column) => [column, null]),
      );
      for (const c of criteriaOf(person.subject)) {
        const score = Math.round(level + (recent ? trend : 0) + (random.next() - 0.5) * 1.6);
        scores[CRITERION_COLUMN[c.key]] = random.next() < 0.08 ? null : Math.min(5, Math.max(1, score));
      }
      const scored = Object.values(scores).filter((s): s is number => s !== null);
      if (!scored.length) scores[CRITERION_COLUMN[criteriaOf(person.subject)[0].key]] = 3;
      const average = scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : 3;
      const notes =
        person.subject === 'DISPATCHER' ? DISPATCH_NOTES : average >= 4 ? PRAISE : average >= 3 ? FAIR : CONCERN;
      const enteredOn = addDays(day, random.int(0, 4));
      const entered = `${enteredOn > today ? today : enteredOn}T16:${String(random.int(10, 59))}:00.000Z`;
      rows.push({
        evaluated_on: day,
        driver_id: person.subject === 'DRIVER' ? person.id : null,
        dispatcher_id: person.subject === 'DISPATCHER' ? person.id : null,
        evaluator_id: random.pick(evaluators),
        comments: random.next() < 0.75 ? random.pick(notes) : null,
        ...scores,
        created_at: entered,
        updated_at: entered,
        deleted_at: null,
      });
    }
  }
  await transact(db, async (trx) => {
    for (let start = 0; start < rows.length; start += 100)
      await trx
        .insertInto('evaluations')
        .values(rows.slice(start, start + 100) as never)
        .execute();
  });
}
