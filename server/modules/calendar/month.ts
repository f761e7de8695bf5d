import { type RawBuilder, sql } from 'kysely';
import {
  type CalendarAnswer,
  type CalendarDriver,
  type CalendarEvent,
  type CalendarMark,
  DAY_STATE_CODES,
  type DayState,
  STATE_EVENTS,
  monthDays,
} from '../../../schema/calendar';
import { addDays } from '../../../schema/expiry';
import type { DriverEventType } from '../../../schema/resources/driverEvents';
import type { DialectName } from '../../db';
import type { Db } from '../../db/types';
import { dollars } from '../reports/frame';
import { orderFigures } from '../reports/orderFigures';
import { DRIVER_COVER } from '../bookOrders/totals';
import { driverName } from '../drivers/names';

/**
 * The Performance Calendar's month (schema/calendar.ts) in SQL: the drivers employed in the month, the days their
 * loads cover, their loads and gross, the home and shop days, the events, the court dates and expirations — six
 * reads, each one index range of the month, whatever the number of orders (the loaded days and the gross from the
 * per-day totals every order write keeps, bookOrders/totals.ts).
 */

export interface MonthFilters {
  driverId?: number;
  carrierId?: number;
}

/**
 * Only the rows of the filtered drivers, on a column holding a driver id: one driver's by their own index; a carrier's
 * written `+column`, so that SQLite keeps reading the month's range rather than each driver's whole history.
 */
function driverFilter(column: string, filters: MonthFilters): RawBuilder<unknown> {
  if (filters.driverId !== undefined) return sql`and ${sql.ref(column)} = ${filters.driverId}`;
  if (filters.carrierId !== undefined)
    return sql`and +${sql.ref(column)} in (select id from drivers where carrier_id = ${filters.carrierId})`;
  return sql``;
}

export async function calendarMonth(
  db: Db,
  dialect: DialectName,
  month: string,
  today: string,
  filters: MonthFilters,
): Promise<CalendarAnswer> {
  const days = monthDays(month);
  const first = days[0];
  const last = days[days.length - 1];

  const drivers = await db
    .selectFrom('drivers')
    .select([
      'id',
      driverName('drivers').as('name'),
      'hired_on',
      'terminated_on',
      'cdl_expires_on',
      'medical_card_expires_on',
    ])
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('hired_on', 'is', null), eb('hired_on', '<=', last)]))
    .where((eb) => eb.or([eb('terminated_on', 'is', null), eb('terminated_on', '>=', first)]))
    .$if(filters.driverId !== undefined, (q) => q.where('id', '=', filters.driverId!))
    .$if(filters.carrierId !== undefined, (q) => q.where('carrier_id', '=', filters.carrierId!))
    .orderBy('first_name')
    .orderBy('last_name')
    .orderBy('id')
    .execute();

  // The days each driver's loads cover, kept per driver and day with every order write (bookOrders/totals.ts
  // DRIVER_COVER: a load covers pickup to delivery, MAX_LOAD_DAYS past its pickup at most): the month of each listed
  // driver, one seek each (the key is dim, value, day), rather than the month of every driver ever.
  const driverIds = drivers.map((driver) => String(driver.id));
  const { rows: loaded } = driverIds.length
    ? await sql<{ driver_id: string; day: string }>`
    select t.value as driver_id, t.day from book_order_totals t
    where t.dim = ${DRIVER_COVER} and t.value in (${sql.join(driverIds)}) and t.day >= ${first} and t.day <= ${last} and t.count > 0`.execute(
        db,
      )
    : { rows: [] };

  // The month's loads and gross by pickup day, as the reports count them, from the per-day totals the order writes keep.
  const gross = await orderFigures(
    {
      db,
      dialect,
      range: { from: first, to: last },
      today,
      filters: { driverId: filters.driverId },
      groupBy: 'driver',
      size: 0,
    },
    { range: { from: first, to: last }, by: 'driver', perWeek: false },
  );

  // Every event that touches the month.
  const { rows: eventRows } = await sql<{
    id: number;
    driver_id: number;
    type: string;
    start_on: string;
    end_on: string;
    notes: string | null;
    version: number;
  }>`
    select e.id, e.driver_id, e.type, e.start_on, e.end_on, e.notes, e.version from driver_events e
    where e.deleted_at is null and e.end_on >= ${first} and e.start_on <= ${last} ${driverFilter('e.driver_id', filters)}
    order by e.start_on, e.id`.execute(db);

  // Court dates of the drivers' citations in the month.
  const { rows: courts } = await sql<{ driver_id: number; day: string; number: string }>`
    select t.driver_id, c.court_date as day, c.citation_number as number from citations c join tickets t on t.id = c.ticket_id
    where c.deleted_at is null and t.deleted_at is null and c.court_date >= ${first} and c.court_date <= ${last} and t.driver_id is not null
      ${driverFilter('t.driver_id', filters)}
    order by c.court_date`.execute(db);

  const index = new Map(days.map((day, at) => [day, at]));
  const grid = new Map<number, DayState[]>();
  for (const driver of drivers) {
    grid.set(
      driver.id,
      days.map((day) => {
        if ((driver.hired_on && day < driver.hired_on) || (driver.terminated_on && day > driver.terminated_on))
          return 'off';
        return day <= today ? 'empty' : 'upcoming';
      }),
    );
  }
  // Weakest first: a stronger state written later wins (loaded over shop over home).
  const mark = (driverId: number, day: string, state: DayState) => {
    const row = grid.get(driverId);
    const at = index.get(day);
    if (!row || at === undefined || row[at] === 'off') return;
    if (rank(state) < rank(row[at])) row[at] = state;
  };
  for (const event of eventRows) {
    const state = STATE_EVENTS[event.type as DriverEventType];
    if (!state) continue;
    for (
      let day = event.start_on < first ? first : event.start_on;
      day <= event.end_on && day <= last;
      day = addDays(day, 1)
    )
      mark(event.driver_id, day, state);
  }
  for (const row of loaded) mark(Number(row.driver_id), row.day, 'loaded');

  const sums = new Map(gross.map((row) => [row.person, row]));
  const rows: CalendarDriver[] = drivers.map((driver) => {
    const states = grid.get(driver.id)!;
    const sum = sums.get(driver.id);
    return {
      id: driver.id,
      name: driver.name,
      days: states.map((state) => DAY_STATE_CODES[state]).join(''),
      loadedDays: states.filter((state) => state === 'loaded').length,
      loads: sum?.loads ?? 0,
      gross: dollars(sum?.priceCents ?? 0),
    };
  });

  const listed = new Set(drivers.map((driver) => driver.id));
  const marks: CalendarMark[] = [
    ...courts
      .filter((row) => listed.has(Number(row.driver_id)))
      .map((row) => ({
        driverId: Number(row.driver_id),
        day: row.day,
        kind: 'court' as const,
        label: `Court date, citation ${row.number}`,
      })),
    ...drivers.flatMap((driver) => [
      ...(driver.cdl_expires_on && index.has(driver.cdl_expires_on)
        ? [{ driverId: driver.id, day: driver.cdl_expires_on, kind: 'expires' as const, label: 'CDL expires' }]
        : []),
      ...(driver.medical_card_expires_on && index.has(driver.medical_card_expires_on)
        ? [
            {
              driverId: driver.id,
              day: driver.medical_card_expires_on,
              kind: 'expires' as const,
              label: 'Medical card expires',
            },
          ]
        : []),
    ]),
  ];
  const events: CalendarEvent[] = eventRows
    .filter((row) => listed.has(Number(row.driver_id)))
    .map((row) => ({
      id: Number(row.id),
      driverId: Number(row.driver_id),
      type: row.type as DriverEventType,
      startOn: row.start_on,
      endOn: row.end_on,
      notes: row.notes,
      version: Number(row.version),
    }));
  return { month, days, today, drivers: rows, events, marks };
}

/** The order of DAY_STATES: a lower rank wins a day. */
const RANKS: Record<DayState, number> = { off: 0, loaded: 1, shop: 2, home: 3, empty: 4, upcoming: 5 };
const rank = (state: DayState) => RANKS[state];
