import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type BalanceTotals, type BalancesQuery, type DriverBalanceDto, balancesQuery } from '../../../schema/balances';
import { todayIso } from '../../../schema/expiry';
import type { FeatureKey } from '../../../schema/features';
import { periodRange } from '../../../schema/period';
import { fromCents } from '../../../schema/money';
import { type ServerContext, page } from '../../context';
import type { Db } from '../../db/types';
import { containsPattern } from '../users/queries';
import { driverScope } from './scope';
import { driverName } from '../drivers/names';

/** Who reads balances: the balances screen, and the driver report (a driver: their own). */
const READ: readonly FeatureKey[] = ['DriverBalance', 'DriverReport'];

interface Sums {
  credits: number;
  debits: number;
  after: number;
}

/** Whether any entry is dated after `day` (none after an open-ended period): one probe of the days index. */
async function postedAfter(db: Db, day: string | undefined): Promise<boolean> {
  if (!day) return false;
  return !!(await db.selectFrom('ledger_type_days').select('day').where('day', '>', day).limit(1).executeTakeFirst());
}

/**
 * A page of drivers' balances, in SQL from the totals kept with every posting (driver_balances: all time;
 * driver_ledger_days: per day), never by summing entries here: the ending balance is the total less what was
 * posted after the period, the opening is the ending less the period's credits and debits.
 */
export async function balancesPage(
  db: Db,
  query: BalancesQuery,
  onlyDriver: number | null | undefined,
  today = todayIso(),
) {
  const range = periodRange(query.filtered, today, query.from, query.to);
  let drivers = db
    .selectFrom('drivers as d')
    .leftJoin('driver_balances as b', 'b.driver_id', 'd.id')
    .where('d.deleted_at', 'is', null);
  if (onlyDriver !== undefined) drivers = drivers.where('d.id', '=', onlyDriver ?? -1);
  if (query.driverId) drivers = drivers.where('d.id', '=', query.driverId);
  // One comparison, not "is null or later": SQLite then reads the drivers in order instead of merging two index scans
  // of the termination date (half the time of the page at 2,000 drivers).
  if (query.status === 'active') drivers = drivers.where(sql`coalesce(d.terminated_on, '9999-12-31')`, '>', today);
  if (query.status === 'inactive') drivers = drivers.where('d.terminated_on', '<=', today);
  if (query.search)
    drivers = drivers.where(
      sql`lower(d.first_name || ' ' || d.last_name)`,
      'like',
      sql`${containsPattern(query.search)} escape '\\'`,
    );

  const total = sql<number>`coalesce(b.credits_cents, 0) - coalesce(b.debits_cents, 0)`;
  // The count and the totals in one pass over the drivers.
  const totals = await drivers
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`coalesce(sum(case when ${total} > 0 then ${total} else 0 end), 0)`.as('owedTo'),
      sql<number>`coalesce(sum(case when ${total} < 0 then -(${total}) else 0 end), 0)`.as('owedBy'),
      sql<number>`coalesce(sum(b.escrow_cents), 0)`.as('escrow'),
    ])
    .executeTakeFirstOrThrow();

  // The period's sums per driver from the daily totals: credits and debits within, the net posted after.
  const daySums = (ids: readonly number[] | null) => {
    let q = db
      .selectFrom('driver_ledger_days')
      .select((eb) => [
        'driver_id',
        sql<number>`sum(case when ${range.to ? sql`day <= ${range.to}` : sql`1 = 1`} then credits_cents else 0 end)`.as(
          'credits',
        ),
        sql<number>`sum(case when ${range.to ? sql`day <= ${range.to}` : sql`1 = 1`} then debits_cents else 0 end)`.as(
          'debits',
        ),
        sql<number>`sum(case when ${range.to ? sql`day > ${range.to}` : sql`1 = 0`} then credits_cents - debits_cents else 0 end)`.as(
          'after',
        ),
        eb.fn.countAll<number>().as('days'),
      ])
      .groupBy('driver_id');
    if (range.from) q = q.where('day', '>=', range.from);
    if (ids) q = q.where('driver_id', 'in', ids.length ? ids : [-1]);
    return q;
  };

  const sort = query.sort ?? 'name';
  const key = sort.replace(/^-/, '');
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const base = drivers.select([
    'd.id',
    driverName('d').as('name'),
    'd.terminated_on',
    sql<number>`coalesce(b.credits_cents, 0)`.as('allCredits'),
    sql<number>`coalesce(b.debits_cents, 0)`.as('allDebits'),
    sql<number>`coalesce(b.escrow_cents, 0)`.as('escrowCents'),
  ]);
  let rows: {
    id: number;
    name: string;
    terminated_on: string | null;
    allCredits: number;
    allDebits: number;
    escrowCents: number;
    credits?: number | null;
    debits?: number | null;
    after?: number | null;
  }[];
  // Name, ending balance and escrow sort from the kept totals (and what was posted after the period, a few days'
  // rows at most): a page of drivers first, then the period's sums of those drivers only.
  const pageFirst = key === 'name' || key === 'ending' || key === 'escrow';
  if (key === 'name') {
    rows = await base
      .orderBy(sql`lower(d.last_name)`, direction)
      .orderBy(sql`lower(d.first_name)`, direction)
      .orderBy('d.id', direction)
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
  } else if (key === 'escrow' || (key === 'ending' && !(await postedAfter(db, range.to)))) {
    // Nothing is posted after the period (this week, this month …): each ending balance is the kept total.
    const column = key === 'escrow' ? sql`coalesce(b.escrow_cents, 0)` : total;
    rows = await base
      .orderBy(column, direction)
      .orderBy('d.id', direction)
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
  } else if (key === 'ending') {
    const after = db
      .selectFrom('driver_ledger_days')
      .select(['driver_id', sql<number>`sum(credits_cents - debits_cents)`.as('net')])
      .where('day', '>', range.to!)
      .groupBy('driver_id')
      .as('a');
    const column = sql`(${total} - coalesce(a.net, 0))`;
    rows = await base
      .leftJoin(after, 'a.driver_id', 'd.id')
      .orderBy(column, direction)
      .orderBy('d.id', direction)
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
  } else {
    // Sorting by money needs every filtered driver's sums: one grouped read of the period's days, joined.
    const sums = daySums(null).as('s');
    const withSums = base.leftJoin(sums, 's.driver_id', 'd.id').select(['s.credits', 's.debits', 's.after']);
    const ending = sql`(coalesce(b.credits_cents, 0) - coalesce(b.debits_cents, 0) - coalesce(s.after, 0))`;
    const column = {
      ending,
      credits: sql`coalesce(s.credits, 0)`,
      debits: sql`coalesce(s.debits, 0)`,
      escrow: sql`coalesce(b.escrow_cents, 0)`,
      opening: sql`(${ending} - coalesce(s.credits, 0) + coalesce(s.debits, 0))`,
    }[key as 'ending'];
    rows = await withSums
      .orderBy(column, direction)
      .orderBy('d.id', direction)
      .limit(query.size)
      .offset(query.page * query.size)
      .execute();
  }
  const sums = new Map<number, Sums>();
  if (pageFirst) {
    for (const s of await daySums(rows.map((r) => r.id)).execute())
      sums.set(s.driver_id, { credits: Number(s.credits), debits: Number(s.debits), after: Number(s.after) });
  } else {
    for (const r of rows)
      sums.set(r.id, { credits: Number(r.credits ?? 0), debits: Number(r.debits ?? 0), after: Number(r.after ?? 0) });
  }

  const items: DriverBalanceDto[] = rows.map((r) => {
    const s = sums.get(r.id) ?? { credits: 0, debits: 0, after: 0 };
    const ending = Number(r.allCredits) - Number(r.allDebits) - s.after;
    return {
      id: r.id,
      driverId: r.id,
      driverName: r.name,
      active: !r.terminated_on || r.terminated_on > today,
      opening: fromCents(ending - s.credits + s.debits),
      credits: fromCents(s.credits),
      debits: fromCents(s.debits),
      ending: fromCents(ending),
      escrow: fromCents(Number(r.escrowCents)),
    };
  });
  const balanceTotals: BalanceTotals = {
    owedToDrivers: fromCents(Number(totals.owedTo)),
    owedByDrivers: fromCents(Number(totals.owedBy)),
    escrow: fromCents(Number(totals.escrow)),
  };
  const listed = page(items, Number(totals.n), query.page, query.size);
  return { value: { ...listed.value, totals: balanceTotals, period: range } };
}

export default async function balanceRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.get<{ Querystring: BalancesQuery }>(
    '/api/Driver/get-balances-state',
    {
      config: { access: { feature: READ, permission: 'Read' } },
      schema: {
        tags: ['Driver balances'],
        summary:
          "Drivers' balances for a period (opening, credits, debits, ending) with search on the full name and active/inactive/all; a driver gets their own",
        querystring: balancesQuery,
      },
    },
    async (request) => {
      const scope = await driverScope(ctx, request);
      return balancesPage(ctx.db, request.query, scope ? scope.driverId : undefined);
    },
  );
}
