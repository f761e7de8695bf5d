import { type RawBuilder, sql } from 'kysely';
import { type ReportKeyColumn, REPORT_KEYS, reportDim, reportValue, reportWeekDim } from '../bookOrders/totals';
import { addDays } from '../../../schema/expiry';
import { weekStart } from '../../../schema/period';
import { type DayRange, type ReportRun, dollars, mondayOf, weekNumber } from './frame';
import { driverName } from '../drivers/names';
import { fullName } from '../records/query';

/**
 * What the orders give a report, read from the per-day totals the order writes keep (bookOrders/totals.ts, the
 * reports' dims): never from the orders themselves, so a period of a million orders costs one row per day and key.
 *
 * Which orders: not deleted, not CANCELLED (a cancelled load is neither a load nor revenue), dated by their pickup day
 * (as the book-order list's period is), matching the dispatcher, driver and carrier filters. Per order:
 * - loads: 1; vehicles: its vehicle count; gross: its price; broker fees: its broker fee;
 * - COD collected: its COD amount once delivered (status DELIVERED, INVOICED or PAID; the driver has the money);
 * - paid: its price when its payment status is PAID (a partly paid order counts unpaid).
 */

export type Person = 'dispatcher' | 'driver';
const PERSON_KEY: Record<Person, ReportKeyColumn> = { dispatcher: 'dispatcher_id', driver: 'driver_id' };

export interface OrderSums {
  loads: number;
  vehicles: number;
  priceCents: number;
  feeCents: number;
  codCents: number;
  paidCents: number;
}

export interface OrderFigures extends OrderSums {
  /** The person of the row when grouped by one (0: orders without a driver), else null. */
  person: number | null;
  /** The Monday of the row's week when per week, else null. */
  week: string | null;
  /** Days up to `elapsedTo` with at least one load (pickup days); 0 when not asked. */
  loadedDays: number;
}

export const NO_SUMS: OrderSums = { loads: 0, vehicles: 0, priceCents: 0, feeCents: 0, codCents: 0, paidCents: 0 };

export const addSums = (a: OrderSums, b: OrderSums): OrderSums => ({
  loads: a.loads + b.loads,
  vehicles: a.vehicles + b.vehicles,
  priceCents: a.priceCents + b.priceCents,
  feeCents: a.feeCents + b.feeCents,
  codCents: a.codCents + b.codCents,
  paidCents: a.paidCents + b.paidCents,
});

/** Every id a person of the kind may have, as text, in SQL: candidates for the rows of each one. */
const PEOPLE: Record<Person, RawBuilder<string>> = {
  dispatcher: sql<string>`select cast(id as text) as id from users`,
  // 0: the orders without a driver.
  driver: sql<string>`select cast(id as text) as id from drivers union all select '0' as id`,
};

export interface FigureOptions {
  range: DayRange;
  /** One row per person of this kind (the persons with loads only). */
  by?: Person;
  /** One row per week (else one for the whole range). */
  perWeek: boolean;
  /** Count the loaded days, up to this day (the user's today; the range's end if earlier). */
  elapsedTo?: string;
}

/**
 * Where a range's rows are: the whole weeks in it from the weekly dims (one row a week, dated its Monday), the days
 * before the first and after the last of them from the day dims. Loaded days are counted from day rows only.
 */
export function rangeParts(
  range: DayRange,
  countsDays: boolean,
): { grain: 'day' | 'week'; from: string; to: string }[] {
  const first = weekStart(range.from) === range.from ? range.from : addDays(weekStart(range.from), 7);
  const last = addDays(weekStart(addDays(range.to, 1)), -7); // the Monday of the last week that ends in the range
  if (countsDays || last < first) return [{ grain: 'day', ...range }];
  return [
    ...(range.from < first ? [{ grain: 'day' as const, from: range.from, to: addDays(first, -1) }] : []),
    { grain: 'week' as const, from: first, to: last },
    ...(addDays(last, 6) < range.to ? [{ grain: 'day' as const, from: addDays(last, 7), to: range.to }] : []),
  ];
}

/**
 * The orders' sums for the run's filters, per person and/or week. The dim is the set of keys the filters and the
 * grouping use; a filtered key has its id in the row's value, a grouping key one value per candidate person, so
 * each read seeks (dim, value) and reads the range's days.
 */
export async function orderFigures(run: ReportRun, options: FigureOptions): Promise<OrderFigures[]> {
  const { db, dialect, filters } = run;
  const { range, by, perWeek } = options;
  const fixed: Partial<Record<ReportKeyColumn, number>> = {
    dispatcher_id: filters.dispatcherId,
    driver_id: filters.driverId,
    carrier_id: filters.carrierId,
  };
  const byKey = by ? PERSON_KEY[by] : undefined;
  const keys = REPORT_KEYS.filter((key) => fixed[key] !== undefined || key === byKey);
  const grouped = byKey !== undefined && fixed[byKey] === undefined;

  let value: RawBuilder<unknown>;
  if (!grouped) {
    value = sql`value = ${reportValue(fixed, keys)}`;
  } else {
    // The value with the candidate's id in the grouping key's place: 'dispatcher:driver:carrier' order.
    const parts = keys.map((key) => (key === byKey ? sql`p.id` : sql`cast(${String(fixed[key])} as text)`));
    value = sql`value in (select ${sql.join(parts, sql` || ':' || `)} from (${PEOPLE[by!]}) p)`;
  }
  const week = perWeek ? weekNumber(dialect, 'day') : sql<number>`null`;
  // Only the per-person views count days: a sum less for the rest.
  const loadedDays = options.elapsedTo
    ? sql`sum(case when count > 0 and day <= ${options.elapsedTo} then 1 else 0 end)`
    : sql`0`;
  const groups = [...(grouped ? [sql`value`] : []), ...(perWeek ? [week] : [])];
  const parts = rangeParts(range, Boolean(options.elapsedTo)).map(
    (part) => sql`select * from book_order_totals
      where dim = ${part.grain === 'week' ? reportWeekDim(keys) : reportDim(keys)} and ${value}
        and day >= ${part.from} and day <= ${part.to}`,
  );
  const { rows } = await sql<Record<string, unknown>>`
    select ${grouped ? sql`value` : sql`null`} as person, ${week} as week, sum(count) as loads, sum(vehicles) as vehicles, sum(price_cents) as price,
      sum(fee_cents) as fee, sum(cod_cents) as cod, sum(paid_cents) as paid, ${loadedDays} as loaded_days
    from (${sql.join(parts, sql` union all `)}) picked
    ${groups.length ? sql`group by ${sql.join(groups)}` : sql``}`.execute(db);

  const position = byKey ? keys.indexOf(byKey) : -1;
  const fixedPerson = byKey && !grouped ? fixed[byKey]! : null;
  return rows
    .map((row) => ({
      person: grouped ? Number(String(row.person).split(':')[position]) : fixedPerson,
      week: perWeek ? mondayOf(row.week) : null,
      loads: Number(row.loads),
      vehicles: Number(row.vehicles),
      priceCents: Number(row.price),
      feeCents: Number(row.fee),
      codCents: Number(row.cod),
      paidCents: Number(row.paid),
      loadedDays: Number(row.loaded_days),
    }))
    .filter((row) => row.loads !== 0 || row.priceCents !== 0);
}

/** Names of people by id: dispatchers are users, drivers are drivers (deleted ones keep their name on old loads). */
export async function peopleNames(run: ReportRun, by: Person, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)].filter((id) => id > 0);
  const names = new Map<number, string>();
  if (!wanted.length) return names;
  const rows =
    by === 'dispatcher'
      ? await run.db
          .selectFrom('users as p')
          .select(['p.id', fullName('p').as('name')])
          .where('p.id', 'in', wanted)
          .execute()
      : await run.db
          .selectFrom('drivers as p')
          .select(['p.id', driverName('p').as('name')])
          .where('p.id', 'in', wanted)
          .execute();
  for (const row of rows) names.set(row.id, row.name ?? `#${row.id}`);
  return names;
}

/** The label of orders without a driver, when grouped by driver. */
export const NO_DRIVER = 'No driver';

/** A row's name: the person's, NO_DRIVER for the loads without a driver (id 0), '#id' for an id no longer found. */
export const nameOf = (names: ReadonlyMap<number, string>, id: number) =>
  id === 0 ? NO_DRIVER : (names.get(id) ?? `#${id}`);

/** The report columns of order sums, in dollars: clean gross is gross less broker fees, unpaid is gross less paid. */
export function orderColumns(sums: OrderSums) {
  return {
    loads: sums.loads,
    vehicles: sums.vehicles,
    gross: dollars(sums.priceCents),
    brokerFees: dollars(sums.feeCents),
    cleanGross: dollars(sums.priceCents - sums.feeCents),
    codCollected: dollars(sums.codCents),
    paid: dollars(sums.paidCents),
    unpaid: dollars(sums.priceCents - sums.paidCents),
  };
}
