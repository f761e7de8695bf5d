import { sql } from 'kysely';
import { acknowledgeBy, claimIdOf, claimNumberOf, deadlineOf, decideBy, filingDeadline } from '../../../schema/claims';
import { usDate, usMoney } from '../../../schema/format';
import { fromCents } from '../../../schema/money';
import { claims } from '../../../schema/resources/claims';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import { syncChargeback } from './chargeback';
import { deliveredOnSql } from './delivery';
import { addEvent, statusChange } from './events';
import { registerClaimFromInspection } from './fromInspection';
import { registerClaimListRoutes } from './lists';
import { registerClaimMoneyRoutes } from './money';
import { createSteps, registerStepRoutes, stepsAfterChange } from './steps';
import { registerTimelineRoutes } from './timeline';
import { claimOpened, claimStatusMoved } from '../webhooks/catalogue';

const tags = ['Claims'];
type Query = (typeof claims)['types']['query'];

interface ClaimFacts {
  vins: string[];
  stepsDone: number;
  stepsTotal: number;
  acknowledged: boolean;
  decided: boolean;
  paidCents: number;
}

/** Per page of claims, at once: the VINs of their vehicles, how far their steps are, what they paid. */
async function factsOf(db: Db, ids: number[]): Promise<Map<number, ClaimFacts>> {
  const facts = new Map<number, ClaimFacts>(
    ids.map((id) => [id, { vins: [], stepsDone: 0, stepsTotal: 0, acknowledged: false, decided: false, paidCents: 0 }]),
  );
  if (!ids.length) return facts;
  const vins = await db
    .selectFrom('claim_vehicles as cv')
    .innerJoin('book_order_vehicles as v', 'v.id', 'cv.book_order_vehicle_id')
    .select(['cv.claim_id', 'v.vin'])
    .where('cv.claim_id', 'in', ids)
    .orderBy('cv.claim_id')
    .orderBy('cv.position')
    .execute();
  for (const row of vins) facts.get(row.claim_id)!.vins.push(row.vin);
  const steps = await db
    .selectFrom('claim_steps')
    .select(['claim_id', 'step', 'done_at'])
    .where('claim_id', 'in', ids)
    .execute();
  for (const step of steps) {
    const f = facts.get(step.claim_id)!;
    f.stepsTotal += 1;
    if (!step.done_at) continue;
    f.stepsDone += 1;
    if (step.step === 'ACKNOWLEDGE') f.acknowledged = true;
    if (step.step === 'DECISION') f.decided = true;
  }
  const paid = await db
    .selectFrom('claim_settlements')
    .select(['claim_id', (eb) => eb.fn.sum<number>('amount_cents').as('cents')])
    .where('claim_id', 'in', ids)
    .groupBy('claim_id')
    .execute();
  for (const row of paid) facts.get(row.claim_id)!.paidCents = Number(row.cents ?? 0);
  return facts;
}

/**
 * Claims (schema/resources/claims.ts) on the server: the claim number, the order's number and delivery, the law's
 * deadlines and where the claim stands against them, the steps' progress, what was paid and charged back; the
 * ClaimTracker list and its filters; the order and its vehicles checked, the 9-month filing window checked at creation;
 * the steps made from the type's template; the driver's chargeback kept in step with every change.
 */
export function claimExtension(ctx: ServerContext): RecordExtension<typeof claims> {
  return {
    select: (query) =>
      query
        .innerJoin('book_orders as o', 'o.id', 'r.book_order_id')
        .select([
          'o.order_number as orderNumberText',
          deliveredOnSql('o').as('deliveredOnDay'),
          sql<number>`(select count(*) from documents doc where doc.owner_type = 'claim' and doc.owner_id = r.id and doc.deleted_at is null)`.as(
            'documentCount',
          ),
          sql<
            number | null
          >`(select e.id from driver_transactions e where e.link_type = 'CLAIM' and e.link_id = r.id and e.type = 'CLAIM_CHARGEBACK' and e.voids_id is null and e.voided_by_id is null)`.as(
            'chargebackEntry',
          ),
        ]),
    children: { load: factsOf, save: async () => undefined },
    computed: (r, children, today) => {
      const facts = children as ClaimFacts;
      const receivedOn = r.received_on as string;
      const deadline = deadlineOf(receivedOn, facts.acknowledged, facts.decided, today);
      const deliveredOn = r.deliveredOnDay as string;
      return {
        claimNumber: claimNumberOf(Number(r.id), r.created_at as string),
        orderNumber: r.orderNumberText as string,
        vins: facts.vins,
        deliveredOn,
        filingDeadline: filingDeadline(deliveredOn),
        acknowledgeBy: acknowledgeBy(receivedOn),
        decideBy: decideBy(receivedOn),
        nextDeadline: deadline.nextDeadline,
        deadlineState: deadline.state,
        overdue: deadline.state === 'OVERDUE',
        dueSoon: deadline.state === 'DUE_SOON',
        stepsDone: facts.stepsDone,
        stepsTotal: facts.stepsTotal,
        paid: fromCents(facts.paidCents),
        chargedBackToDriver: r.chargebackEntry ? fromCents(Number(r.chargeback_cents ?? 0)) : 0,
        chargebackEntryId: (r.chargebackEntry as number | null) ?? null,
        documentCount: Number(r.documentCount ?? 0),
      };
    },
    // The number is the id: sorted by it, and found by it (by primary key) whatever part of it is typed.
    sorts: { claimNumber: ['r.id'] },
    // The order's number and every VIN of the claim (one text: the search matches within it).
    search: [
      // The claim number as claimNumberOf writes it.
      `'CLM-' || substr(r.created_at, 1, 4) || '-' || ${ctx.dialect === 'postgres' ? "lpad(r.id::text, greatest(5, length(r.id::text)), '0')" : "printf('%05d', r.id)"}`,
      '(select o2.order_number from book_orders o2 where o2.id = r.book_order_id)',
      `(select ${ctx.dialect === 'postgres' ? "string_agg(v.vin, ' ')" : "group_concat(v.vin, ' ')"} from claim_vehicles cv join book_order_vehicles v on v.id = cv.book_order_vehicle_id where cv.claim_id = r.id)`,
    ],
    filters: {
      claimStatus: (status) => (eb) => eb('r.status', '=', status),
      claimType: (type) => (eb) => eb('r.type', '=', type),
      claimPriority: (priority) => (eb) => eb('r.priority', '=', priority),
      claimNumber: (text) => (eb) => eb('r.id', '=', claimIdOf(text) ?? 0),
      assignUserId: (id) => (eb) => eb('r.assignee_id', '=', id),
    },
    beforeWrite: async (trx, { action, input, before }) => {
      if (action !== 'create' && action !== 'update') return;
      const orderId = input?.bookOrderId ?? before!.bookOrderId;
      const order = await trx
        .selectFrom('book_orders as o')
        .select(['o.id', 'o.order_number', deliveredOnSql('o').as('delivered_on')])
        .where('o.id', '=', orderId)
        .executeTakeFirst();
      if (!order) return; // the reference check already refused it
      const vehicleIds = (input?.vehicles ?? []).map((v) => v.bookOrderVehicleId);
      if (vehicleIds.length) {
        const ofOrder = new Set(
          (
            await trx
              .selectFrom('book_order_vehicles')
              .select('id')
              .where('book_order_id', '=', orderId)
              .where('id', 'in', vehicleIds)
              .execute()
          ).map((v) => v.id),
        );
        const stray = vehicleIds.findIndex((id) => !ofOrder.has(id));
        if (stray >= 0)
          throw badRequest(
            `This vehicle is not on order ${order.order_number}: choose one of its vehicles`,
            `vehicles.${stray}.bookOrderVehicleId`,
          );
      }
      // 49 U.S.C. 14706(e): filed within 9 months of delivery. Checked when it is filed (an old claim's edit is not refused).
      const receivedOn = input?.receivedOn;
      if (receivedOn && (action === 'create' || receivedOn !== before!.receivedOn)) {
        const last = filingDeadline(order.delivered_on);
        if (receivedOn > last)
          throw badRequest(
            `Filed too late: order ${order.order_number} was delivered ${usDate(order.delivered_on)}, so a claim had to be received by ${usDate(last)} (9 months)`,
            'receivedOn',
          );
      }
      if (action === 'update' && input?.type && input.type !== before!.type) {
        const done = await trx
          .selectFrom('claim_steps')
          .select('id')
          .where('claim_id', '=', before!.id)
          .where('done_at', 'is not', null)
          .executeTakeFirst();
        if (done)
          throw badRequest(
            'Steps of this claim are done: its type decides its steps and cannot change now (undo the steps first)',
            'type',
          );
      }
    },
    afterCreate: async (trx, { after, request }) => {
      // The driver of the order, unless the body named another (a relay driver who had the car).
      if (!after.driverId) {
        const order = await trx
          .selectFrom('book_orders')
          .select('driver_id')
          .where('id', '=', after.bookOrderId)
          .executeTakeFirstOrThrow();
        if (order.driver_id)
          await trx.updateTable('claims').set({ driver_id: order.driver_id }).where('id', '=', after.id).execute();
      }
      await createSteps(trx, after.id, after.type, after.receivedOn, after.assigneeId ?? null);
      await claimOpened(trx, after.id);
      await addEvent(
        trx,
        after.id,
        request.auth?.user.id ?? null,
        'CREATED',
        `Claim received ${usDate(after.receivedOn)} from ${after.claimantCompany}: ${usMoney(after.claimed)} claimed`,
      );
    },
    afterWrite: async (trx, { action, before, input, request }) => {
      const userId = request.auth?.user.id ?? null;
      if (action === 'update' && input) {
        await stepsAfterChange(trx, before!, input);
        if (input.status && input.status !== before!.status) {
          await addEvent(trx, before!.id, userId, 'STATUS', statusChange(before!.status, input.status));
          await claimStatusMoved(trx, before!.id, input.status);
        }
      } else if (action === 'delete' || action === 'restore') {
        await addEvent(
          trx,
          before!.id,
          userId,
          action === 'delete' ? 'DELETED' : 'RESTORED',
          action === 'delete' ? 'Claim deleted' : 'Claim restored',
        );
      }
      await syncChargeback(trx, before!.id, userId);
    },
    routes: (app, _ctx, records) => {
      app.get<{ Querystring: Query }>(
        '/api/ClaimTracker/get-all-claimtrackers',
        {
          config: records.access('Read', true),
          schema: {
            tags,
            querystring: claims.query,
            summary:
              'Claims by Filtered (period of the received date), From, To, ClaimStatus, DriverId, ClaimType, ClaimPriority, ClaimNumber (CLM-2026-00017, or its number), AssignUserId, search (claim and order number, claimant, VIN, description), Page, Size',
          },
        },
        async (request) => records.list(request.query, request),
      );
      registerClaimListRoutes(app, ctx, records.access);
      registerStepRoutes(app, ctx, records);
      registerTimelineRoutes(app, ctx, records);
      registerClaimMoneyRoutes(app, ctx, records);
      registerClaimFromInspection(app, ctx, records);
    },
  };
}
