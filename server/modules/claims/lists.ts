import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  CLAIM_PRIORITIES,
  CLAIM_PRIORITY_LABELS,
  CLAIM_STATUSES,
  CLAIM_STATUS_LABELS,
  CLAIM_TYPES,
  CLAIM_TYPE_LABELS,
} from '../../../schema/claims';
import { businessDate, queryBoolean } from '../../../schema/common';
import { fromCents } from '../../../schema/money';
import { dropdownOf } from '../../../schema/tickets';
import { ok, type ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import { fullName } from '../records/query';
import { deliveredOnSql } from './delivery';
import type { ClaimRecords } from './steps';
import { driverName } from '../drivers/names';

const tags = ['Claims'];
const showDeletedQuery = z.object({ showDeleted: queryBoolean.optional() }).strict();
const startsWithQuery = z.object({ startsWith: z.string().trim().max(40).optional() }).strict();
const rangeQuery = z.object({ from: businessDate.optional(), to: businessDate.optional() }).strict();
type Range = z.infer<typeof rangeQuery>;
const ORDER_SUGGESTIONS = 20;

/** Months 'YYYY-MM' from one to the other, both included. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.slice(0, 7).split('-').map(Number);
  const last = to.slice(0, 7);
  for (let guard = 0; guard < 1200; guard++) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) break;
    months.push(month);
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
}

/**
 * The ClaimTracker reference data and charts: the dropdowns ({ code, name } in order), the claimant companies,
 * the users a claim may be assigned to, the order numbers as they are typed, and the two charts of the list.
 */
export function registerClaimListRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  access: ClaimRecords['access'],
): void {
  const { db } = ctx;
  const dropdowns: Record<string, { summary: string; rows: () => unknown }> = {
    'get-claim-statuses': {
      summary: 'Claim statuses, in the order a claim moves',
      rows: () => dropdownOf(CLAIM_STATUSES, CLAIM_STATUS_LABELS),
    },
    'get-claim-priorities': {
      summary: 'Claim priorities',
      rows: () => dropdownOf(CLAIM_PRIORITIES, CLAIM_PRIORITY_LABELS),
    },
    'get-claim-tracker-types': {
      summary: 'Claim types (damage, loss, theft, delay, other): each has its steps',
      rows: () => dropdownOf(CLAIM_TYPES, CLAIM_TYPE_LABELS),
    },
  };
  for (const [name, { summary, rows }] of Object.entries(dropdowns)) {
    app.get(`/api/ClaimTracker/${name}`, { config: access('Read', true), schema: { tags, summary } }, async () =>
      ok(rows()),
    );
  }

  app.get(
    '/api/ClaimTracker/get-claim-companies',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary:
          'Claimant companies to pick from: the shippers’ and brokers’ names and the claimants already on claims, { name, source } by name (a claimant not in the list is typed)',
      },
    },
    async () => {
      const rows = await db
        .selectFrom('shippers')
        .select([sql<string>`name`.as('name'), sql<string>`'SHIPPER'`.as('source')])
        .where('deleted_at', 'is', null)
        .unionAll(
          db
            .selectFrom('brokers')
            .select([sql<string>`name`.as('name'), sql<string>`'BROKER'`.as('source')])
            .where('deleted_at', 'is', null),
        )
        .unionAll(
          db
            .selectFrom('claims')
            .select([sql<string>`claimant_company`.as('name'), sql<string>`'CLAIM'`.as('source')])
            .where('deleted_at', 'is', null),
        )
        .execute();
      const byName = new Map<string, { name: string; source: string }>();
      for (const row of rows) if (!byName.has(row.name.toLowerCase())) byName.set(row.name.toLowerCase(), row);
      return ok([...byName.values()].sort((a, b) => a.name.localeCompare(b.name)));
    },
  );

  /** Users who may be given a claim: those whose roles may update claims, and administrators. */
  const assignable = (showDeleted: boolean) => {
    let query = db
      .selectFrom('users as u')
      .select(['u.id', fullName('u').as('name'), 'u.email', 'u.deleted_at', 'u.is_active'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('user_roles as ur')
            .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
            .select('ur.user_id')
            .whereRef('ur.user_id', '=', 'u.id')
            .where((inner) =>
              inner.or([
                inner('ro.name', '=', 'Administrator'),
                inner.exists(
                  inner
                    .selectFrom('role_feature_permissions as p')
                    .innerJoin('features as f', 'f.id', 'p.feature_id')
                    .select('p.role_id')
                    .whereRef('p.role_id', '=', 'ro.id')
                    .where('f.key', '=', 'ClaimsTracker')
                    .where('p.permission', 'like', '%U%'),
                ),
              ]),
            ),
        ),
      )
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('u.id');
    if (!showDeleted) query = query.where('u.deleted_at', 'is', null).where('u.is_active', '=', 1);
    return query.execute();
  };
  app.get<{ Querystring: z.infer<typeof showDeletedQuery> }>(
    '/api/ClaimTracker/get-assign-to-user-list',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary:
          'Users a claim may be assigned to (whose roles may update claims, and administrators), { id, name, email, deleted, active }; ShowDeleted=true adds deleted and inactive ones (to show an old claim’s assignee)',
        querystring: showDeletedQuery,
      },
    },
    async (request) =>
      ok(
        (await assignable(request.query.showDeleted ?? false)).map((u) => ({
          id: u.id,
          name: u.name,
          email: u.email,
          deleted: !!u.deleted_at,
          active: Number(u.is_active) === 1,
        })),
      ),
  );

  app.get(
    '/api/ClaimTracker/get-user-names',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary: 'Every user’s id and name (authors of comments and steps, assignees of old claims), by name',
      },
    },
    async () =>
      ok(
        await db
          .selectFrom('users as u')
          .select(['u.id', fullName('u').as('name')])
          .orderBy('u.first_name')
          .orderBy('u.last_name')
          .orderBy('u.id')
          .execute(),
      ),
  );

  app.get<{ Querystring: z.infer<typeof startsWithQuery> }>(
    '/api/ClaimTracker/get-orderIds',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary: `Orders whose number starts with startsWith (up to ${ORDER_SUGGESTIONS}, by number): id, orderNumber, status, deliveredOn, filingDeadline-ready date, driver and vehicles (id, VIN, year, make, model) to choose the damaged ones`,
        querystring: startsWithQuery,
      },
    },
    async (request) => {
      const prefix = (request.query.startsWith ?? '').toUpperCase();
      if (!prefix) return ok([]);
      // A range on the unique index of order_number: read in order from the prefix, never the whole table.
      const after = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
      const orders = await db
        .selectFrom('book_orders as o')
        .leftJoin('drivers as d', 'd.id', 'o.driver_id')
        .select([
          'o.id',
          'o.order_number',
          'o.status',
          deliveredOnSql('o').as('delivered_on'),
          'o.driver_id',
          driverName('d').as('driver_name'),
        ])
        .where('o.order_number', '>=', prefix)
        .where('o.order_number', '<', after)
        .where('o.deleted_at', 'is', null)
        .orderBy('o.order_number')
        .limit(ORDER_SUGGESTIONS)
        .execute();
      const vehicles = orders.length
        ? await db
            .selectFrom('book_order_vehicles')
            .select(['id', 'book_order_id', 'vin', 'year', 'make', 'model'])
            .where(
              'book_order_id',
              'in',
              orders.map((o) => o.id),
            )
            .orderBy('book_order_id')
            .orderBy('position')
            .execute()
        : [];
      return ok(
        orders.map((o) => ({
          id: o.id,
          orderNumber: o.order_number,
          status: o.status,
          deliveredOn: o.delivered_on,
          driverId: o.driver_id,
          driverName: o.driver_name,
          vehicles: vehicles
            .filter((v) => v.book_order_id === o.id)
            .map((v) => ({ id: v.id, vin: v.vin, year: v.year, make: v.make, model: v.model })),
        })),
      );
    },
  );

  const checkRange = ({ from, to }: Range) => {
    if (from && to && from > to) throw badRequest('From is on or before To', 'from');
  };
  const receivedIn = ({ from, to }: Range) => {
    let query = db.selectFrom('claims as c').where('c.deleted_at', 'is', null);
    if (from) query = query.where('c.received_on', '>=', from);
    if (to) query = query.where('c.received_on', '<=', to);
    return query;
  };

  app.get<{ Querystring: Range }>(
    '/api/ClaimTracker/get-claim-statuses-chart',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary:
          'Claims by status, received From–To (both optional): [{ status, name, count }] for every status in order (zeros too)',
        querystring: rangeQuery,
      },
    },
    async (request) => {
      checkRange(request.query);
      const counts = await receivedIn(request.query)
        .select(['c.status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('c.status')
        .execute();
      const of = new Map(counts.map((row) => [row.status, Number(row.n)]));
      return ok(
        CLAIM_STATUSES.map((status) => ({ status, name: CLAIM_STATUS_LABELS[status], count: of.get(status) ?? 0 })),
      );
    },
  );

  app.get<{ Querystring: Range }>(
    '/api/ClaimTracker/get-claim-chart',
    {
      config: access('Read', true),
      schema: {
        tags,
        summary:
          'Claimed vs paid by month, From–To (both optional): [{ month: "YYYY-MM", claims, claimed, paid }] — claims and claimed by the month received, paid by the month paid to the claimant; every month of the range (or of the data) in order',
        querystring: rangeQuery,
      },
    },
    async (request) => {
      const { from, to } = request.query;
      checkRange(request.query);
      const month = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 7)`;
      const claimed = await receivedIn(request.query)
        .select([
          month('c.received_on').as('month'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('c.claimed_cents').as('cents'),
        ])
        .groupBy(month('c.received_on'))
        .execute();
      let paidQuery = db
        .selectFrom('claim_settlements as s')
        .innerJoin('claims as c', 'c.id', 's.claim_id')
        .where('c.deleted_at', 'is', null)
        .select([month('s.paid_on').as('month'), (eb) => eb.fn.sum<number>('s.amount_cents').as('cents')])
        .groupBy(month('s.paid_on'));
      if (from) paidQuery = paidQuery.where('s.paid_on', '>=', from);
      if (to) paidQuery = paidQuery.where('s.paid_on', '<=', to);
      const paid = await paidQuery.execute();
      const seen = [...claimed, ...paid].map((row) => row.month).sort();
      const first = from ?? seen[0];
      const last = to ?? seen.at(-1);
      if (!first || !last) return ok([]);
      const claimedOf = new Map(claimed.map((row) => [row.month, row]));
      const paidOf = new Map(paid.map((row) => [row.month, Number(row.cents ?? 0)]));
      return ok(
        monthsBetween(first, last).map((m) => ({
          month: m,
          claims: Number(claimedOf.get(m)?.n ?? 0),
          claimed: fromCents(Number(claimedOf.get(m)?.cents ?? 0)),
          paid: fromCents(paidOf.get(m) ?? 0),
        })),
      );
    },
  );
}
