import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type CalendarQuery, type MoveEventBody, calendarQuery, moveEventBody } from '../../../schema/calendar';
import { idText } from '../../../schema/common';
import { addDays, todayIso } from '../../../schema/expiry';
import {
  type DriverEventDto,
  type DriverEventInput,
  driverEvents,
  eventDays,
} from '../../../schema/resources/driverEvents';
import { ok, type ServerContext } from '../../context';
import { badRequest } from '../../http/errors';
import type { RecordHelpers } from '../records/routes';
import { calendarMonth } from './month';

const tags = ['Performance Calendar'];
const removeParams = z.object({ eventId: idText });

/**
 * The Performance Calendar's calls (/api/calendar/*): the month in one answer, and the events moved and
 * removed from it — the same writes as the event's own edit and delete (the records' version check, audit and
 * permissions: Update and Delete of the features that write events).
 */
export function calendarRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  records: RecordHelpers<DriverEventDto, DriverEventInput>,
) {
  app.get<{ Querystring: CalendarQuery }>(
    '/api/calendar/month',
    {
      config: { access: { feature: 'PerformanceCalendar', permission: 'Read' } },
      schema: {
        tags,
        summary:
          'Drivers × the days of a month: each day’s state, the month’s loaded days, loads and gross, the events, court dates and expirations',
        querystring: calendarQuery,
      },
    },
    async (request) => {
      const today = request.query.today ?? todayIso();
      const month = request.query.month ?? today.slice(0, 7);
      return ok(
        await calendarMonth(ctx.db, ctx.dialect, month, today, {
          driverId: request.query.driverId,
          carrierId: request.query.carrierId,
        }),
      );
    },
  );

  app.put<{ Body: MoveEventBody }>(
    '/api/calendar/events/update',
    {
      config: records.access('Update'),
      schema: {
        tags,
        summary:
          'Move an event to start on another day (its length kept unless endOn is sent). Send the version you read: 409 when it changed',
        body: moveEventBody,
      },
    },
    async (request) => {
      const { eventId, startOn, version } = request.body;
      const event = await records.mustLoad(ctx.db, eventId);
      const endOn = request.body.endOn ?? addDays(startOn, eventDays(event.startOn, event.endOn) - 1);
      const input = { driverId: event.driverId, type: event.type, notes: event.notes, startOn, endOn };
      // The event's own rules (its last day on or after its first, its length).
      const checked = driverEvents.create.safeParse(input);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw badRequest(issue.message, String(issue.path[0] ?? 'startOn'));
      }
      return ok(await records.update(request, eventId, version, checked.data));
    },
  );

  app.delete<{ Params: { eventId: number } }>(
    '/api/calendar/events/remove/:eventId',
    {
      config: records.access('Delete'),
      schema: {
        tags,
        summary: 'Remove an event (it can be restored from the event report’s deleted events)',
        params: removeParams,
      },
    },
    async (request) => ok(await records.setDeleted(request, request.params.eventId, 'delete')),
  );
}
