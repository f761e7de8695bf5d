import { sql } from 'kysely';
import {
  DRIVER_EVENT_LABELS,
  DRIVER_EVENT_TYPES,
  type DriverEventType,
  type EventTotals,
  type driverEvents,
} from '../../../schema/resources/driverEvents';
import { usDate } from '../../../schema/format';
import type { ServerContext } from '../../context';
import type { DialectName } from '../../db';
import { calendarRoutes } from '../calendar/routes';
import type { RecordExtension } from '../records/fromDefinition';
import { fullName } from '../records/query';

/** The days an event covers, both ends included, in SQL. */
export const eventDaysSql = (dialect: DialectName) =>
  dialect === 'postgres'
    ? sql<number>`(cast(r.end_on as date) - cast(r.start_on as date) + 1)`
    : sql<number>`(cast(julianday(r.end_on) - julianday(r.start_on) as integer) + 1)`;

/**
 * Driver events (schema/resources/driverEvents.ts) on the server: the driver's name and who recorded it (the user
 * who created it, kept by the server), the days it covers; beside every list page the counts and days of each type
 * over the whole filtered set (the event report's chart, in SQL); the Performance Calendar's routes
 * (server/modules/calendar), which move and remove events with the records' own checks.
 */
export function driverEventExtension(ctx: ServerContext): RecordExtension<typeof driverEvents> {
  const days = eventDaysSql(ctx.dialect);
  return {
    select: (query) =>
      query
        .leftJoin('users as recorder', 'recorder.id', 'r.recorded_by')
        .select([fullName('recorder').as('recorderName'), days.as('dayCount')]),
    computed: (r) => ({
      days: Number(r.dayCount),
      recordedBy: (r.recorderName as string | null) ?? null,
      title: [DRIVER_EVENT_LABELS[r.type as DriverEventType] ?? r.type, r.ref_driverId, usDate(r.start_on as string)]
        .filter(Boolean)
        .join(' · '),
    }),
    search: ["(select d.first_name || ' ' || d.last_name from drivers d where d.id = r.driver_id)"],
    // Who recorded it is the user who created it; an edit leaves it.
    columns: (_input, before, request) => (before ? {} : { recorded_by: request.auth?.user.id ?? null }),
    listExtras: async (rows) => {
      const found = (await rows
        .select([
          sql<string>`r.type`.as('type'),
          sql<number>`count(*)`.as('events'),
          sql<number>`sum(${days})`.as('days'),
        ])
        .groupBy('r.type')
        .execute()) as { type: string; events: number | string; days: number | string | null }[];
      const byType = DRIVER_EVENT_TYPES.map((type) => {
        const row = found.find((one) => one.type === type);
        return {
          type,
          label: DRIVER_EVENT_LABELS[type],
          events: Number(row?.events ?? 0),
          days: Number(row?.days ?? 0),
        };
      });
      const totals: EventTotals = {
        events: byType.reduce((n, t) => n + t.events, 0),
        days: byType.reduce((n, t) => n + t.days, 0),
        byType,
      };
      return { totals };
    },
    routes: (app, context, records) => calendarRoutes(app, context, records),
  };
}
