import { personName } from '../../../schema/format';
import { type IftaReturnDto, type IftaStatus, quarterDueOn, quarterRange } from '../../../schema/ifta';
import type { Db } from '../../db/types';
import { quarterMiles } from './paths';
import { quarterRow } from './quarters';
import { rateDtos, ratesOf } from './rates';
import { computeReturn, divRound } from './tax';

/**
 * A quarter's return (docs/product/ifta.md#close): while open, worked out from today's data (the loads' miles, the
 * fuel-card purchases, the rates); once closed, the snapshot taken at the close, as filed, whatever changed since.
 */

/** The quarter's fuel bought on the cards: diesel per state (thousandths), the other fuels' totals. */
async function quarterFuel(db: Db, range: { from: string; to: string }) {
  const rows = await db
    .selectFrom('fuel_purchases')
    .select((eb) => [
      'state',
      'product',
      eb.fn.sum<number | string>('gallons_e3').as('e3'),
      eb.fn.countAll<number | string>().as('n'),
    ])
    .where('purchased_on', '>=', range.from)
    .where('purchased_on', '<=', range.to)
    .groupBy(['state', 'product'])
    .execute();
  const diesel = new Map<string, number>();
  const other = { lines: 0, reeferE3: 0, gasolineE3: 0 };
  for (const row of rows) {
    const e3 = Number(row.e3);
    other.lines += Number(row.n);
    if (row.product === 'DIESEL') diesel.set(row.state, (diesel.get(row.state) ?? 0) + e3);
    else if (row.product === 'REEFER') other.reeferE3 += e3;
    else other.gasolineE3 += e3;
  }
  return { diesel, ...other };
}

/** The return as today's data makes it (read with `db`: inside the close's transaction, with its snapshot). */
export async function liveReturn(
  db: Db,
  quarter: string,
  state: { status: IftaStatus; version: number; closedAt: string | null; closedBy: string | null },
): Promise<IftaReturnDto> {
  const range = quarterRange(quarter);
  // One after the other: inside a transaction they share its one connection.
  const miles = await quarterMiles(db, range);
  const fuel = await quarterFuel(db, range);
  const rates = await ratesOf(db, quarter);
  return {
    quarter,
    ...range,
    dueOn: quarterDueOn(quarter),
    ...state,
    ...computeReturn({ miles: miles.miles, outsideMiles: miles.outside, dieselE3: fuel.diesel, rates }),
    orders: { counted: miles.counted, byTrail: miles.byTrail, withoutRoute: miles.withoutRoute },
    fuel: {
      lines: fuel.lines,
      reeferGallons: divRound(fuel.reeferE3, 1000),
      gasolineGallons: divRound(fuel.gasolineE3, 1000),
    },
    rates: rateDtos(rates),
    computedAt: new Date().toISOString(),
  };
}

/** A user by name (who closed a quarter, who imported a file); null for none. */
export async function userName(db: Db, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const user = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return user ? personName(user.first_name, user.last_name) : null;
}

/** The quarter's return: the filed snapshot when closed, else today's. */
export async function quarterReturn(db: Db, quarter: string): Promise<IftaReturnDto> {
  const row = await quarterRow(db, quarter);
  if (row?.status === 'CLOSED' && row.snapshot)
    return { ...(JSON.parse(row.snapshot) as IftaReturnDto), version: row.version };
  return liveReturn(db, quarter, {
    status: 'OPEN',
    version: row?.version ?? 0,
    closedAt: null,
    closedBy: null,
  });
}
