import { addDays } from '../../../schema/expiry';
import { codeKey, splitOf } from '../../../schema/tickets';
import { syncCitationShares } from '../../modules/tickets/share';
import type { Db } from '../types';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/** How many roadside events the demo company had over the last two years. */
export const DEMO_TICKETS = 48;

/** Codes a car hauler meets most, by where they come up (the violation table has them: server/db/frozen/violationCodes.ts, inserted by migration 021). */
const INSPECTION_CODES = [
  '393.9H',
  '393.9ALTSIR',
  '393.9ALSML',
  '393.75C-TAOTD-LT2/32',
  '393.75A',
  '393.45DLUV',
  '395.8E-HOSPD',
  '395.3A2-HOSPD',
  '395.8A1-HOSP',
  '391.41A-MCPC',
  '395.24D-ELDPT',
  '396.17CPI',
];
const CITATION_CODES = [
  '392.2-SLLS2',
  '392.2-SLLS3',
  '392.2-SLLS4',
  '392.16',
  '392.82(a)1',
  '392.2-SLLTCD',
  '392.2-SLLFC',
];
const INSPECTION_NUMBER_STATES = ['TX', 'OK', 'AR', 'TN', 'GA', 'FL', 'AZ', 'NM', 'CA', 'IL'];

/**
 * Two years of tickets through the product's own rules (docs/product/tickets.md): roadside inspections (mostly Level I
 * and II, with lighting, tyre, brake and hours-of-service violations, some out of service, a few challenged in DataQs)
 * and traffic citations (speeding, seat belt, phone) split between company and driver, most paid — a paid driver's
 * share posts to the driver's ledger as the citation screen would. A few court dates and challenge deadlines fall in
 * the coming week, so the assignee's reminders show. Seeded before the ledgers, so the weekly bills settle the shares.
 */
export async function seedDemoTickets(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const random = new SeededRandom(20_261_126);
  const manager = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'manager@haulboard.demo')
    .executeTakeFirst();
  const drivers = await db.selectFrom('drivers').select(['id']).where('deleted_at', 'is', null).orderBy('id').execute();
  const carriers = await db.selectFrom('carriers').select('id').where('deleted_at', 'is', null).orderBy('id').execute();
  const units = await db
    .selectFrom('units')
    .select(['id', 'unit_type'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const states = new Map(
    (await db.selectFrom('states').select(['id', 'abbreviation']).execute()).map((s) => [s.abbreviation, s.id]),
  );
  const codes = new Map(
    (await db.selectFrom('violation_codes').select(['id', 'code_key', 'oos', 'basic']).execute()).map((c) => [
      c.code_key,
      c,
    ]),
  );
  const code = (text: string) => codes.get(codeKey(text));
  if (!drivers.length || !carriers.length || !codes.size) return;
  const trucks = units.filter((u) => u.unit_type === 'Truck');
  const trailers = units.filter((u) => u.unit_type === 'Trailer');
  // Most tickets fall on a few drivers: the safety picture then shows who drives the carrier's score.
  const frequent = drivers.slice(0, 6);
  const now = new Date().toISOString();
  const paidCitations: number[] = [];

  await transact(db, async (trx) => {
    for (let n = 0; n < DEMO_TICKETS; n++) {
      const date = addDays(today, -random.int(3, 720));
      const driver = random.next() < 0.6 ? random.pick(frequent) : random.pick(drivers);
      const inspection = random.next() < 0.6;
      const stateCode = random.pick(INSPECTION_NUMBER_STATES);
      const recent = date >= addDays(today, -60);
      const { id: ticketId } = await trx
        .insertInto('tickets')
        .values({
          type: inspection ? 'ROADSIDE_INSPECTION' : 'TRAFFIC_CITATION',
          priority: random.pick(['LOW', 'MEDIUM', 'MEDIUM', 'HIGH']),
          status: recent ? random.pick(['OPEN', 'IN_PROGRESS', 'CONTESTED']) : 'CLOSED',
          report_number: `${stateCode}${random.digits(7)}`,
          date,
          user_id: manager?.id ?? null,
          driver_id: driver.id,
          carrier_id: random.pick(carriers).id,
          state_id: states.get(stateCode) ?? null,
          truck_id: trucks.length ? random.pick(trucks).id : null,
          trailer_id: trailers.length ? random.pick(trailers).id : null,
          description: inspection ? 'Roadside inspection at a weigh station' : 'Stopped by state patrol',
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      if (inspection) {
        const count = random.pick([0, 1, 1, 2, 2, 3]);
        const chosen = [...new Set(Array.from({ length: count }, () => random.pick(INSPECTION_CODES)))]
          .map(code)
          .filter((c) => !!c);
        const violations = chosen.map((c) => ({
          id: c!.id,
          basic: c!.basic,
          oos: c!.oos !== 0 && random.next() < 0.25,
        }));
        const challenge =
          violations.length && random.next() < 0.2 ? random.pick(['TO_FILE', 'FILED', 'ACCEPTED', 'DENIED']) : 'NONE';
        const { id: reportId } = await trx
          .insertInto('inspection_reports')
          .values({
            ticket_id: ticketId,
            report_number: `${stateCode}${random.digits(8)}`,
            level: random.pick(['I', 'I', 'II', 'II', 'III']),
            category: violations[0]?.basic ?? 'VEHICLE_MAINTENANCE',
            status: recent ? 'UNDER_REVIEW' : 'CLOSED',
            unit_type: 'TRUCK_AND_TRAILER',
            submission_required: random.next() < 0.3 ? 1 : 0,
            oos: violations.some((v) => v.oos) ? 1 : 0,
            challenge_status: challenge,
            challenge_deadline:
              challenge === 'TO_FILE' || challenge === 'FILED' ? addDays(today, random.int(2, 30)) : null,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (violations.length) {
          await trx
            .insertInto('inspection_violations')
            .values(
              violations.map((v, position) => ({
                inspection_report_id: reportId,
                position,
                violation_number_id: v.id,
                out_of_service: v.oos ? 1 : 0,
              })),
            )
            .execute();
        }
      }
      if (!inspection || random.next() < 0.15) {
        const amountCents = random.int(12, 45) * 1_000 + random.pick([0, 2_500, 5_000]);
        const driverShare = random.pick([0, 50, 60, 100, 100]);
        const { companyShare, paymentForDriverCents } = splitOf(amountCents, driverShare);
        const upcoming = random.next() < 0.15;
        const paid = !upcoming && random.next() < 0.75;
        const { id } = await trx
          .insertInto('citations')
          .values({
            ticket_id: ticketId,
            citation_number: `${stateCode}-${random.digits(8)}`,
            date,
            violation_number_id: code(random.pick(CITATION_CODES))?.id ?? null,
            court_date: upcoming ? addDays(today, random.int(1, 10)) : paid ? null : addDays(date, 45),
            appearance: random.next() < 0.3 ? 1 : 0,
            court_result: upcoming
              ? 'PENDING'
              : paid
                ? random.pick(['NO_HEARING', 'REDUCED', 'GUILTY'])
                : random.pick(['DISMISSED', 'PENDING']),
            payment_status: paid ? 'PAID' : 'UNPAID',
            paid_on: paid ? addDays(date, random.int(5, 25)) : null,
            amount_cents: amountCents,
            driver_share: driverShare,
            company_share: companyShare,
            payment_for_driver_cents: paymentForDriverCents,
            created_at: now,
            updated_at: now,
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (paid) paidCitations.push(id);
      }
    }
    // A payment dated after today would be refused by the form: keep every seeded one in the past.
    await trx.updateTable('citations').set({ paid_on: today }).where('paid_on', '>', today).execute();
    await syncCitationShares(trx, { citationIds: paidCitations }, manager?.id ?? null, today);
  });
}
