import { choice, computed, date, reference, text } from '../define/fields';
import { defineResource } from '../define/resource';
import { daysBetween } from '../expiry';

export const DRIVER_EVENT_TYPES = [
  'ACCIDENT',
  'INCIDENT',
  'BREAKDOWN',
  'HOME_TIME',
  'SHOP_TIME',
  'COMPLAINT',
  'COMPLIMENT',
] as const;
export type DriverEventType = (typeof DRIVER_EVENT_TYPES)[number];
export const DRIVER_EVENT_LABELS: Record<DriverEventType, string> = {
  ACCIDENT: 'Accident',
  INCIDENT: 'Incident',
  BREAKDOWN: 'Breakdown',
  HOME_TIME: 'Home time',
  SHOP_TIME: 'Shop time',
  COMPLAINT: 'Complaint',
  COMPLIMENT: 'Compliment',
};
/** The event report's figures beside the list's rows: the events of each type the filters find, and the days they cover. */
export interface EventTypeCount {
  type: DriverEventType;
  label: string;
  events: number;
  days: number;
}
export interface EventTotals {
  events: number;
  days: number;
  byType: EventTypeCount[];
}

/** The longest event, in days: home time or a truck in the shop for two months is already a case of its own. */
export const MAX_EVENT_DAYS = 62;

/** Days from `from` to `to`, both included (YYYY-MM-DD). */
export const eventDays = (from: string, to: string) => daysBetween(from, to) + 1;

/**
 * Driver events (docs/analytics.md#events): what happened to a driver on a day or over days — an accident,
 * an incident, a breakdown, home time, shop time, a complaint, a compliment — with notes and who recorded it (the
 * server keeps the user). Home and shop time span days; a one-day event ends the day it starts. The event report
 * lists them (its counts by type above the list) and the Performance Calendar (/app/calendar) shows and moves them,
 * so either feature reads them and either feature's Create/Update/Delete writes them (the managers who may edit the
 * calendar may drag an event on it).
 */
export const driverEvents = defineResource({
  route: '/app/reports/event-report',
  api: '/api/DriverEvents',
  table: 'driver_events',
  entity: 'driverEvent',
  singular: 'Event',
  plural: 'Events',
  access: { read: ['EventReport', 'PerformanceCalendar'], write: ['EventReport', 'PerformanceCalendar'] },
  period: { field: 'startOn', default: 'this_month' },
  fields: {
    startOn: date({ label: 'Date', required: true, sort: true }),
    endOn: date({ label: 'Last day', required: true, sort: true, help: 'The same day for a one-day event' }),
    driverId: reference('drivers', { label: 'Driver', required: true, filter: true }),
    type: choice(DRIVER_EVENT_TYPES, {
      label: 'Type',
      labels: DRIVER_EVENT_LABELS,
      filter: true,
      sort: true,
      colours: {
        ACCIDENT: 'error',
        INCIDENT: 'warning',
        BREAKDOWN: 'warning',
        HOME_TIME: 'info',
        SHOP_TIME: 'default',
        COMPLAINT: 'error',
        COMPLIMENT: 'success',
      },
    }),
    notes: text({ label: 'Notes', max: 2000, multiline: true, search: true }),
    days: computed<number>({ label: 'Days' }),
    recordedBy: computed<string | null>({ label: 'Recorded by', list: 'hide' }),
    title: computed<string>({ label: 'Event', list: false, csv: false }),
  },
  rules: (event, ctx) => {
    if (!event.startOn || !event.endOn) return;
    if (event.endOn < event.startOn)
      ctx.addIssue({ code: 'custom', path: ['endOn'], message: 'The last day is on or after the first' });
    else if (eventDays(event.startOn, event.endOn) > MAX_EVENT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endOn'], message: `An event lasts ${MAX_EVENT_DAYS} days at most` });
  },
  storage: {
    // The user who recorded it (the server's, never sent).
    recorded_by: { type: 'integer', notNull: false },
  },
  defaultSort: '-startOn',
  recordTitle: 'title',
  searchHint: 'Notes, driver',
});
export type DriverEventDto = typeof driverEvents.types.dto;
export type DriverEventInput = typeof driverEvents.types.input;
