import { z } from 'zod';
import { businessDate, idText, textInteger } from './common';
import type { FeatureKey } from './features';
import { REPORT_ADDRESSES, type ReportKey } from './reportAddresses';
import { periodRange } from './period';
import { isWholeMonth } from './format';
import { EVALUATION_REPORT_COLUMNS } from './resources/evaluations';

/**
 * The reports (docs/analytics.md): each computed in SQL on the server from the live data
 * (server/modules/reports), asked with the same filters (period, dispatcher, driver, carrier), shown by the one report
 * frame (ui/reports) as a chart and a table, exported as CSV, printed. A Driver sees only their own rows.
 *
 * This file is the contract between the server and the screens: the query, the answer, and each report's columns.
 */

/** The periods a report covers: always bounded (a report never reads every order there is). */
export const REPORT_PERIODS = [
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'last_12_weeks',
  'this_year',
  'custom',
  'next_30_days',
  'next_60_days',
  'next_90_days',
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  last_12_weeks: 'Last 12 weeks',
  this_year: 'This year',
  custom: 'Custom dates',
  next_30_days: 'Past due and the next 30 days',
  next_60_days: 'Past due and the next 60 days',
  next_90_days: 'Past due and the next 90 days',
};
/** The periods of the reports of what happened (every report's, unless its definition says otherwise). */
export const PAST_PERIODS = REPORT_PERIODS.filter((period) => !period.startsWith('next_'));
/** The periods of a report of what falls due: from today to so many days on (what is already past due is in it too). */
export const DUE_PERIODS = ['next_30_days', 'next_60_days', 'next_90_days'] as const satisfies readonly ReportPeriod[];
/** A report of what falls due (its periods look ahead from today) rather than of what happened. */
export const looksAhead = (report: Pick<ReportDefinition, 'periods'>) =>
  periodsOf(report).every((period) => period.startsWith('next_'));
/** The periods a report offers. */
export const periodsOf = (report: Pick<ReportDefinition, 'periods'>): readonly ReportPeriod[] =>
  report.periods ?? PAST_PERIODS;
/** The longest custom period, in days (three years). */
export const MAX_REPORT_DAYS = 1096;

const DAY = 86_400_000;
const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`).getTime();
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The days a report covers, both included, from `today` (YYYY-MM-DD, the user's day). Weeks run Monday to Sunday;
 * "last 12 weeks" is this week and the 11 before it.
 */
export function reportRange(
  period: ReportPeriod,
  today: string,
  from?: string,
  to?: string,
): { from: string; to: string } {
  switch (period) {
    case 'last_12_weeks': {
      const week = periodRange('this_week', today);
      return { from: isoOf(dayOf(week.from!) - 77 * DAY), to: week.to! };
    }
    case 'this_year':
      return { from: `${today.slice(0, 4)}-01-01`, to: `${today.slice(0, 4)}-12-31` };
    case 'custom':
      return { from: from!, to: to! };
    case 'next_30_days':
    case 'next_60_days':
    case 'next_90_days':
      return { from: today, to: isoOf(dayOf(today) + Number(period.split('_')[1]) * DAY) };
    default: {
      const range = periodRange(period, today);
      return { from: range.from!, to: range.to! };
    }
  }
}

/**
 * What "compare with the previous period" compares with: a whole calendar month with the month before (November with
 * October, whatever their lengths), any other range with the days of the same length just before it.
 */
export function previousRange({ from, to }: { from: string; to: string }): { from: string; to: string } {
  if (isWholeMonth(from, to)) {
    const last = isoOf(dayOf(from) - DAY);
    return { from: `${last.slice(0, 7)}-01`, to: last };
  }
  const days = (dayOf(to) - dayOf(from)) / DAY + 1;
  return { from: isoOf(dayOf(from) - days * DAY), to: isoOf(dayOf(from) - DAY) };
}

/** How many days a range has, both ends included. */
export const daysIn = ({ from, to }: { from: string; to: string }) => (dayOf(to) - dayOf(from)) / DAY + 1;

export const REPORT_GROUPINGS = ['week', 'dispatcher', 'driver'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The query every report takes (GET /api/Reports/{name} and /api/Reports/{name}/export). */
export const reportQuery = z
  .object({
    /** Absent: the report's own defaultPeriod (last 12 weeks for the weekly ones, this month for the others). */
    filtered: z.enum(REPORT_PERIODS).optional(),
    from: businessDate.optional(),
    to: businessDate.optional(),
    /** The user's today (their time zone decides what "this week" is); the server's day when absent. */
    today: businessDate.optional(),
    dispatcherId: idText.optional(),
    driverId: idText.optional(),
    carrierId: idText.optional(),
    groupBy: z.enum(REPORT_GROUPINGS).optional(),
    /** The page of a long list of rows (the driver's loads: REPORT_PAGE_SIZE a page); the totals and chart are the whole period's. */
    page: textInteger(1, 100_000).optional(),
    /** Rows a page (REPORT_PAGE_SIZE when not said). */
    size: textInteger(1, 500).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.filtered !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Choose the first day of the period' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose the last day of the period' });
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'The first day comes on or before the last' });
    if (q.from && q.to && daysIn({ from: q.from, to: q.to }) > MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A report covers three years at most' });
  });
export type ReportQuery = z.output<typeof reportQuery>;

/**
 * How a column's values read: counts and numbers grouped (1,234), money in dollars ($1,234.56), dates US, weeks by their
 * Monday, percents as the number of percent (12.5 is up 12.5%, -3 is down 3%).
 */
export type ColumnKind = 'text' | 'count' | 'number' | 'money' | 'date' | 'week' | 'percent';
export interface ReportColumn {
  key: string;
  label: string;
  kind: ColumnKind;
  /** Shown only with these groupings (the dispatcher's name when grouped by dispatcher …). */
  only?: readonly ReportGrouping[];
  /** Summed into the totals row (counts and money are, unless said otherwise). */
  total?: boolean;
  /**
   * Where a click on the value leads: the book-order list filtered to the row (the screens build the filter), or the
   * record the row is about (rows carry its `resource` and `id`).
   */
  drill?: 'orders' | 'record';
}

export type ReportValue = string | number | null;
/**
 * A row of a report: its columns' values by key (null: not known), and beside them the ids a drill needs — dispatcherId
 * or driverId on a person's row (null on the row of the loads without a driver), id (the order's) on a driver's load.
 */
export type ReportRow = Record<string, ReportValue>;

/** A report's answer: its days, its rows (the table), the chart's points when they are not the rows, the totals, and the previous period's totals when it compares. */
/** Rows a page of a paged report holds (the CSV export has them all). */
export const REPORT_PAGE_SIZE = 100;

export interface ReportAnswer {
  from: string;
  to: string;
  rows: ReportRow[];
  /** A paged report's rows are one page: how many there are in all, and which page this is (1 first). */
  total?: number;
  page?: number;
  size?: number;
  chart?: ReportRow[];
  totals: ReportRow;
  previous?: { from: string; to: string; totals: ReportRow };
}

export interface ReportDefinition {
  /** The path segment of the API (/api/Reports/{name}) and of the CSV file's name. */
  name: string;
  feature: FeatureKey;
  title: string;
  /** The app route of the screen. */
  route: string;
  columns: readonly ReportColumn[];
  groupings?: readonly ReportGrouping[];
  /** Which filters the screen offers (the server accepts all of them). */
  filters: readonly ('dispatcherId' | 'driverId' | 'carrierId')[];
  /** max: the top of a small whole-number scale the figures are on (scores 1–5): the value axis shows each whole number from 0 to it. */
  chart: { kind: 'bar' | 'line'; x: string; series: readonly string[]; title: string; max?: number };
  /** What the chart's own points hold that the table has not (their labels and kinds). */
  chartColumns?: readonly ReportColumn[];
  /** The periods it offers (PAST_PERIODS when not said). */
  periods?: readonly ReportPeriod[];
  /** Its totals compared with the previous period of the same length. */
  compares?: boolean;
  defaultPeriod: ReportPeriod;
}

const define = <const D extends ReportDefinition>(definition: D) => definition;

const loadsAndMoney = [
  { key: 'loads', label: 'Loads', kind: 'count', drill: 'orders' },
  { key: 'vehicles', label: 'Vehicles', kind: 'count' },
  { key: 'gross', label: 'Gross', kind: 'money' },
  { key: 'brokerFees', label: 'Broker fees', kind: 'money' },
  { key: 'cleanGross', label: 'Clean gross', kind: 'money' },
] as const satisfies readonly ReportColumn[];

/** The management views (reports/dashboard by dispatcher, dashboard-alternative by driver): the same figures per person. */
const perPerson = [
  { key: 'name', label: 'Name', kind: 'text' },
  ...loadsAndMoney,
  { key: 'perVehicle', label: 'Average per vehicle', kind: 'money', total: false },
  { key: 'loadedDays', label: 'Loaded days', kind: 'count', total: false },
  { key: 'emptyDays', label: 'Empty days', kind: 'count', total: false },
  { key: 'previousGross', label: 'Gross, previous period', kind: 'money' },
  { key: 'grossChange', label: 'Change', kind: 'percent', total: false },
] as const satisfies readonly ReportColumn[];

export const REPORTS = {
  weeklyReport: define({
    ...REPORT_ADDRESSES.weeklyReport,
    defaultPeriod: 'last_12_weeks',
    groupings: ['week', 'dispatcher', 'driver'],
    filters: ['dispatcherId', 'driverId', 'carrierId'],
    columns: [
      { key: 'week', label: 'Week of', kind: 'week' },
      { key: 'name', label: 'Name', kind: 'text', only: ['dispatcher', 'driver'] },
      ...loadsAndMoney,
      { key: 'codCollected', label: 'COD collected', kind: 'money' },
      { key: 'paid', label: 'Paid', kind: 'money' },
      { key: 'unpaid', label: 'Unpaid', kind: 'money' },
    ],
    chart: { kind: 'bar', x: 'week', series: ['gross', 'cleanGross'], title: 'Gross and clean gross by week' },
  }),
  weeklyFinance: define({
    ...REPORT_ADDRESSES.weeklyFinance,
    defaultPeriod: 'last_12_weeks',
    filters: ['dispatcherId', 'driverId', 'carrierId'],
    columns: [
      { key: 'week', label: 'Week of', kind: 'week' },
      { key: 'loads', label: 'Loads', kind: 'count', drill: 'orders' },
      { key: 'gross', label: 'Gross', kind: 'money' },
      { key: 'brokerFees', label: 'Broker fees', kind: 'money' },
      { key: 'cleanGross', label: 'Clean gross', kind: 'money' },
      { key: 'driverPay', label: 'Driver pay', kind: 'money' },
      { key: 'deductions', label: 'Driver deductions', kind: 'money' },
      { key: 'paidToDrivers', label: 'Paid to drivers', kind: 'money' },
      { key: 'collected', label: 'Collected from brokers', kind: 'money' },
      { key: 'codCollected', label: 'COD collected', kind: 'money' },
      { key: 'margin', label: 'Margin', kind: 'money' },
    ],
    chart: {
      kind: 'bar',
      x: 'week',
      series: ['cleanGross', 'driverPay', 'margin'],
      title: 'Clean gross, driver pay and margin by week',
    },
  }),
  byDispatcher: define({
    ...REPORT_ADDRESSES.byDispatcher,
    defaultPeriod: 'this_month',
    filters: ['carrierId'],
    columns: perPerson,
    compares: true,
    chart: {
      kind: 'bar',
      x: 'name',
      series: ['gross', 'previousGross'],
      title: 'Gross per dispatcher, this period and the previous',
    },
  }),
  byDriver: define({
    ...REPORT_ADDRESSES.byDriver,
    defaultPeriod: 'this_month',
    filters: ['dispatcherId', 'carrierId'],
    columns: perPerson,
    compares: true,
    chart: {
      kind: 'bar',
      x: 'name',
      series: ['gross', 'previousGross'],
      title: 'Gross per driver, this period and the previous',
    },
  }),
  driverLoads: define({
    ...REPORT_ADDRESSES.driverLoads,
    defaultPeriod: 'this_month',
    filters: ['driverId'],
    columns: [
      { key: 'orderNumber', label: 'Order', kind: 'text' },
      { key: 'pickupDate', label: 'Pickup', kind: 'date' },
      { key: 'deliveryDate', label: 'Delivery', kind: 'date' },
      { key: 'route', label: 'Route', kind: 'text' },
      { key: 'vehicles', label: 'Vehicles', kind: 'text' },
      { key: 'status', label: 'Status', kind: 'text' },
      { key: 'price', label: 'Price', kind: 'money' },
      { key: 'pay', label: 'Driver pay', kind: 'money' },
    ],
    // The chart sums the loads by week (ReportAnswer.chart), the table lists them.
    chart: { kind: 'bar', x: 'week', series: ['pay'], title: 'Driver pay by week' },
  }),
  credentials: define({
    ...REPORT_ADDRESSES.credentials,
    defaultPeriod: 'next_90_days',
    periods: DUE_PERIODS,
    filters: [],
    columns: [
      // The record first: a phone's card is titled by it.
      { key: 'holder', label: 'Name', kind: 'text', drill: 'record' },
      { key: 'credential', label: 'Credential', kind: 'text' },
      { key: 'list', label: 'List', kind: 'text' },
      { key: 'expiresOn', label: 'Expires', kind: 'date' },
      { key: 'daysLeft', label: 'Days left', kind: 'number', total: false },
      { key: 'due', label: 'When', kind: 'text' },
    ],
    chartColumns: [{ key: 'credentials', label: 'Credentials', kind: 'count' }],
    chart: { kind: 'bar', x: 'due', series: ['credentials'], title: 'Credentials by when they expire' },
  }),
  dispatcherSalary: define({
    ...REPORT_ADDRESSES.dispatcherSalary,
    defaultPeriod: 'last_12_weeks',
    groupings: ['dispatcher', 'week'],
    filters: ['dispatcherId', 'carrierId'],
    columns: [
      { key: 'name', label: 'Dispatcher', kind: 'text' },
      { key: 'week', label: 'Week of', kind: 'week', only: ['week'] },
      { key: 'loads', label: 'Loads', kind: 'count', drill: 'orders' },
      { key: 'gross', label: 'Gross', kind: 'money' },
      { key: 'cleanGross', label: 'Clean gross', kind: 'money' },
      // The rule(s) in effect, or that there is none (then no pay).
      { key: 'rule', label: 'Pay rule', kind: 'text' },
      { key: 'pay', label: 'Pay', kind: 'money' },
      // The part of the pay that is a base (the rest is the percent).
      { key: 'base', label: 'Base', kind: 'money' },
    ],
    chart: { kind: 'bar', x: 'name', series: ['pay'], title: 'Pay per dispatcher' },
  }),
  evaluations: define({
    ...REPORT_ADDRESSES.evaluations,
    defaultPeriod: 'this_year',
    groupings: ['driver', 'dispatcher'],
    filters: ['dispatcherId', 'driverId'],
    compares: true,
    columns: EVALUATION_REPORT_COLUMNS,
    chart: {
      kind: 'bar',
      x: 'name',
      series: ['overall', 'previousOverall'],
      title: 'Overall score per person, this period and the previous',
      max: 5,
    },
  }),
} as const satisfies Record<ReportKey, ReportDefinition>;

/**
 * The groups of the credentials report, soonest first: a credential is in the first whose last day (days from today)
 * it expires on or before. The last group is as far as the longest period reaches.
 */
export const DUE_GROUPS = [
  { key: 'past', label: 'Past due', lastDay: -1 },
  { key: 'in30', label: 'Within 30 days', lastDay: 30 },
  { key: 'in60', label: 'In 31 to 60 days', lastDay: 60 },
  { key: 'in90', label: 'In 61 to 90 days', lastDay: 90 },
] as const;
export const dueGroupOf = (daysLeft: number) =>
  DUE_GROUPS.find((group) => daysLeft <= group.lastDay) ?? DUE_GROUPS[DUE_GROUPS.length - 1];

export type { ReportKey };
export const REPORT_LIST: readonly ReportDefinition[] = Object.values(REPORTS);
export const reportByName = (name: string) => REPORT_LIST.find((report) => report.name === name);
