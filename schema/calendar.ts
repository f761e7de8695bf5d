import { z } from 'zod';
import { businessDate, idText, idValue } from './common';
import { addDays } from './expiry';
import type { DriverEventType } from './resources/driverEvents';

/**
 * The Performance Calendar (/app/calendar, docs/product/people.md#people): drivers × the days of a month, each day
 * loaded, empty, home, shop or off, from the book orders' pickup and delivery days and the driver events
 * (server/modules/calendar); court dates and expirations marked; the events themselves, to be dragged to another day.
 *
 * This file is the contract between the server and the screen: the month's question and answer, and the move.
 */

/**
 * What a driver's day is, by the first that holds:
 * - off: before the driver was hired or after they left;
 * - loaded: the day of a load (not cancelled) from its pickup day to its delivery day, both included;
 * - shop: a shop-time event covers it (the truck is in the shop); home: a home-time event covers it;
 * - empty: a day up to today with none of these (a day lost); upcoming: a day still ahead with none of these.
 */
export const DAY_STATES = ['off', 'loaded', 'shop', 'home', 'empty', 'upcoming'] as const;
export type DayState = (typeof DAY_STATES)[number];
/** One letter per state: a driver's month travels as one string of letters (31 letters, not 31 words). */
export const DAY_STATE_CODES: Record<DayState, string> = {
  off: 'O',
  loaded: 'L',
  shop: 'S',
  home: 'H',
  empty: 'E',
  upcoming: '-',
};
export const dayStateOf = (code: string): DayState =>
  DAY_STATES.find((state) => DAY_STATE_CODES[state] === code) ?? 'upcoming';
export const DAY_STATE_LABELS: Record<DayState, string> = {
  off: 'Off',
  loaded: 'Loaded',
  shop: 'Shop',
  home: 'Home',
  empty: 'Empty',
  upcoming: 'Ahead',
};

/**
 * How far back a load still on the road in the month is looked for (its pickup day): three weeks — a car-hauling
 * load is delivered within days (coast to coast in about a week); one planned longer is a mistake to correct, and
 * reading further back would cost every month a longer range of orders.
 */
export const MAX_LOAD_DAYS = 21;

/** The events that are days of their own on the calendar (the others are marks on their days). */
export const STATE_EVENTS: Partial<Record<DriverEventType, DayState>> = { HOME_TIME: 'home', SHOP_TIME: 'shop' };

export const calendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month as YYYY-MM')
  .refine((month) => month >= '1990-01' && month <= '2100-12', 'Use a month from 1990 to 2100');

/** GET /api/calendar/month. */
export const calendarQuery = z
  .object({
    /** The month shown (the user's this month when absent). */
    month: calendarMonth.optional(),
    /** The user's today (what is past, what is ahead); the server's when absent. */
    today: businessDate.optional(),
    driverId: idText.optional(),
    carrierId: idText.optional(),
  })
  .strict();
export type CalendarQuery = z.output<typeof calendarQuery>;

/** A mark on a driver's day: a court date of a citation, a credential that expires that day. */
export interface CalendarMark {
  driverId: number;
  day: string;
  kind: 'court' | 'expires';
  label: string;
}

export interface CalendarEvent {
  id: number;
  driverId: number;
  type: DriverEventType;
  startOn: string;
  endOn: string;
  notes: string | null;
  version: number;
}

export interface CalendarDriver {
  id: number;
  name: string;
  /** One DAY_STATE_CODES letter per day of the month. */
  days: string;
  loadedDays: number;
  /** Loads picked up in the month and their price, in dollars (the reports' gross: by pickup day). */
  loads: number;
  gross: number;
}

export interface CalendarAnswer {
  month: string;
  /** The month's days, YYYY-MM-DD. */
  days: string[];
  today: string;
  drivers: CalendarDriver[];
  events: CalendarEvent[];
  marks: CalendarMark[];
}

/** PUT /api/calendar/events/update: an event moved to start on another day (its length kept unless endOn says). */
export const moveEventBody = z
  .object({
    eventId: idValue,
    startOn: businessDate,
    endOn: businessDate.optional(),
    version: z.number().int().min(1),
  })
  .strict();
export type MoveEventBody = z.output<typeof moveEventBody>;

/** The days of a month (YYYY-MM), first to last. */
export function monthDays(month: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month); day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month before or after (YYYY-MM). */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year * 12 + number - 1 + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
