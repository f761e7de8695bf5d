import { apiFetch, unwrap } from '../../dataProvider/http';
import type { CalendarAnswer, CalendarEvent, MoveEventBody } from '../../schema/calendar';
import type { DriverEventDto } from '../../schema/resources/driverEvents';

export const calendarKey = (month: string) => ['calendar', month] as const;

/** The month in one answer (GET /api/calendar/month). */
export const fetchMonth = async (month: string, today: string) =>
  unwrap<CalendarAnswer>(await apiFetch('/api/calendar/month', { query: { month, today } }));

/** An event moved to start on `startOn` (its length kept); the server refuses a stale version with 409. */
export const moveEvent = async (event: CalendarEvent, startOn: string) =>
  unwrap<DriverEventDto>(
    await apiFetch('/api/calendar/events/update', {
      method: 'PUT',
      body: { eventId: event.id, startOn, version: event.version } satisfies MoveEventBody,
    }),
  );
