import {
  CLAIM_STEP_LABELS,
  type ClaimStep,
  type ClaimType,
  STEP_TEMPLATES,
  filingDeadline,
  plusDays,
} from '../../../schema/claims';
import { addDays } from '../../../schema/expiry';
import { usCents } from '../../../schema/format';
import { syncChargeback } from '../../modules/claims/chargeback';
import { createSteps } from '../../modules/claims/steps';
import type { Db } from '../types';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/** How many cargo claims the demo company had over the last year. */
export const DEMO_CLAIMS = 25;

const DAMAGES = [
  'Scratched rear bumper',
  'Dented driver door',
  'Cracked windshield',
  'Scraped front lip on the ramp',
  'Broken side mirror',
  'Hail-like dents on the hood',
  'Missing floor mats',
  'Oil stain on the roof from the top deck',
];
/** The recent claims: days since receipt and steps done (0: not acknowledged; 3: investigated, not decided). */
const RECENT = [
  { daysAgo: 24, done: 0 },
  { daysAgo: 28, done: 0 },
  { daysAgo: 36, done: 0 },
  { daysAgo: 116, done: 3 },
  { daysAgo: 127, done: 3 },
];
const CLAIMANTS = [
  'Lone Star Motors',
  'Sunbelt Auto Auction',
  'Prairie Ford',
  'Gulf Coast Dealer Group',
  'Midway Auto Sales',
];

/**
 * A year of cargo claims through the product's own rules (docs/product/claims.md): mostly damage noted at delivery, a
 * few losses, a theft and delays, on delivered demo orders and filed within 9 months of delivery. Older claims are
 * worked through their steps — acknowledged, investigated, decided, most paid, some charged back to the driver (posted
 * to the ledger as the claims screen would) — while a few recent ones are due soon or overdue, so the list and the
 * reminders show.
 */
export async function seedDemoClaims(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const random = new SeededRandom(20_261_117);
  const team = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'claimtrackerteam@haulboard.demo')
    .executeTakeFirst();
  const manager = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'manager@haulboard.demo')
    .executeTakeFirst();
  const assignees = [team?.id, manager?.id].filter((id): id is number => !!id);
  const orders = await db
    .selectFrom('book_orders')
    .select(['id', 'driver_id', 'delivery_actual_at', 'delivery_date', 'shipper_id'])
    .where('status', 'in', ['DELIVERED', 'INVOICED', 'PAID'])
    .where('deleted_at', 'is', null)
    .where('delivery_date', '>=', addDays(today, -600))
    .where('delivery_date', '<=', addDays(today, -30))
    .orderBy('id')
    .limit(2000)
    .execute();
  const deliveredOf = (o: (typeof orders)[number]) => (o.delivery_actual_at ?? o.delivery_date).slice(0, 10);
  if (!orders.length || !assignees.length) return;
  const shippers = new Map(
    (await db.selectFrom('shippers').select(['id', 'name']).execute()).map((s) => [s.id, s.name]),
  );
  const now = new Date().toISOString();

  await transact(db, async (trx) => {
    for (let n = 0; n < DEMO_CLAIMS; n++) {
      const type: ClaimType = n < 17 ? 'DAMAGE' : n < 20 ? 'LOSS' : n < 21 ? 'THEFT' : n < 24 ? 'DELAY' : 'OTHER';
      // The last few stand out in the list: due soon or overdue, to acknowledge or to decide.
      const recent = RECENT[n - (DEMO_CLAIMS - RECENT.length)];
      const receivedOn = recent ? addDays(today, -recent.daysAgo) : addDays(today, -random.int(20, 330));
      // An order delivered before the claim came, within the 9 months a claim may be filed.
      const fits = orders.filter((o) => deliveredOf(o) < receivedOn && filingDeadline(deliveredOf(o)) >= receivedOn);
      if (!fits.length) continue;
      const order = random.pick(fits);
      const age = Math.round((Date.parse(today) - Date.parse(receivedOn)) / 86_400_000);
      const claimedCents = random.int(300, 6_500) * 100 + random.int(0, 99);
      const assignee = random.pick(assignees);
      const vehicles = await trx
        .selectFrom('book_order_vehicles')
        .select('id')
        .where('book_order_id', '=', order.id)
        .orderBy('position')
        .execute();
      const { id } = await trx
        .insertInto('claims')
        .values({
          book_order_id: order.id,
          claimant_company:
            random.next() < 0.6 ? (shippers.get(order.shipper_id) ?? random.pick(CLAIMANTS)) : random.pick(CLAIMANTS),
          type,
          priority: claimedCents > 400_000 ? 'HIGH' : random.pick(['LOW', 'MEDIUM', 'MEDIUM']),
          status: 'RECEIVED',
          assignee_id: assignee,
          driver_id: order.driver_id,
          received_on: receivedOn,
          claimed_cents: claimedCents,
          approved_cents: null,
          settled_cents: null,
          recovered_from_insurance_cents: null,
          description:
            type === 'DAMAGE'
              ? `Damage noted on the delivery condition report: ${random.pick(DAMAGES).toLowerCase()}`
              : type === 'DELAY'
                ? 'Delivered days after the promised date: rental car costs claimed'
                : 'Vehicle not delivered with the rest of the load',
          chargeback_cents: null,
          chargeback_on: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (vehicles.length && type !== 'DELAY')
        await trx
          .insertInto('claim_vehicles')
          .values({
            claim_id: id,
            position: 0,
            book_order_vehicle_id: vehicles[random.int(0, vehicles.length - 1)].id,
            damage: type === 'DAMAGE' ? random.pick(DAMAGES) : null,
          })
          .execute();
      await createSteps(trx, id, type, receivedOn, assignee);
      await trx
        .insertInto('claim_events')
        .values({
          claim_id: id,
          at: `${receivedOn}T14:00:00.000Z`,
          actor_id: assignee,
          kind: 'CREATED',
          detail: `Claim received from the claimant: ${usCents(claimedCents)} claimed`,
        })
        .execute();

      // How far it was worked: the recent ones not acknowledged, or not decided; older ones decided, most paid, half recovered.
      const template = STEP_TEMPLATES[type].map((t) => t.step);
      const decision = template.indexOf('DECISION');
      const doneCount = recent
        ? Math.min(recent.done, decision)
        : age > 150
          ? random.next() < 0.5
            ? template.length
            : template.length - 1
          : age > 60
            ? decision + 1
            : age > 20
              ? 2
              : 1;
      const declined = doneCount > decision && random.next() < 0.15;
      const approvedCents = declined ? 0 : Math.round((claimedCents * random.int(60, 100)) / 100);
      let status = 'RECEIVED';
      let paidOn: string | null = null;
      for (const [index, step] of template.slice(0, declined ? decision + 1 : doneCount).entries()) {
        const doneOn =
          step === 'ACKNOWLEDGE'
            ? plusDays(receivedOn, random.int(2, 20))
            : [plusDays(receivedOn, 20 + index * random.int(8, 20)), today].sort()[0];
        await trx
          .updateTable('claim_steps')
          .set({ done_at: `${doneOn}T16:00:00.000Z`, done_by: assignee })
          .where('claim_id', '=', id)
          .where('step', '=', step)
          .execute();
        await trx
          .insertInto('claim_events')
          .values({
            claim_id: id,
            at: `${doneOn}T16:00:00.000Z`,
            actor_id: assignee,
            kind: 'STEP_DONE',
            detail: `${CLAIM_STEP_LABELS[step as ClaimStep]} done`,
          })
          .execute();
        status =
          step === 'ACKNOWLEDGE'
            ? 'ACKNOWLEDGED'
            : step === 'DECISION'
              ? declined
                ? 'DECLINED'
                : 'APPROVED'
              : step === 'PAYMENT'
                ? 'SETTLED'
                : step === 'RECOVERY'
                  ? 'CLOSED'
                  : status === 'ACKNOWLEDGED'
                    ? 'INVESTIGATING'
                    : status;
        if (step === 'PAYMENT') {
          paidOn = doneOn;
          await trx
            .insertInto('claim_settlements')
            .values({
              claim_id: id,
              paid_on: doneOn,
              amount_cents: approvedCents,
              method: random.pick(['Check', 'ACH']),
              reference: `CLM${random.digits(6)}`,
              created_at: `${doneOn}T16:00:00.000Z`,
              created_by: assignee,
            })
            .execute();
        }
      }
      const decided = status !== 'RECEIVED' && status !== 'ACKNOWLEDGED' && status !== 'INVESTIGATING';
      // A third of the paid damage claims go back to the driver who noted no damage at delivery.
      const chargeback =
        paidOn && type === 'DAMAGE' && order.driver_id && random.next() < 0.4
          ? Math.min(approvedCents, random.int(250, 1_000) * 100)
          : null;
      await trx
        .updateTable('claims')
        .set({
          status,
          approved_cents: decided ? approvedCents : null,
          settled_cents: status === 'SETTLED' || status === 'CLOSED' ? approvedCents : null,
          recovered_from_insurance_cents:
            status === 'CLOSED' && approvedCents > 100_000 ? Math.round(approvedCents * 0.7) : null,
          chargeback_cents: chargeback,
          chargeback_on: chargeback ? paidOn : null,
        })
        .where('id', '=', id)
        .execute();
      if (chargeback) await syncChargeback(trx, id, assignee);
    }
  });
}
