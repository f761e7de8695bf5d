import { z } from 'zod';
import { idText, isCalendarDate, pagingQuery } from '../../../schema/common';

/**
 * GET /api/AuditLog's query. Every filter it accepts is applied (docs/product/conventions.md#limits): a value that
 * cannot be applied is refused, never ignored.
 */
export const AUDIT_SORTS = ['at', 'action', 'entity', 'actorId', 'id'] as const;
export type AuditSort = (typeof AUDIT_SORTS)[number];

/** Date.UTC reads years 0–99 as 1900–1999; setUTCFullYear does not. */
function utcMs(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, ms);
  return date.getTime();
}
const FIRST_INSTANT = utcMs(0, 1, 1);
const LAST_INSTANT = utcMs(9999, 12, 31, 23, 59, 59, 999);
const INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/**
 * A date (YYYY-MM-DD: the whole day, UTC) or an ISO instant (a time without a zone is UTC), read as the bound of a
 * range: `from` the first millisecond it names, `to` the last (so to=2026-03-01 includes that whole day). The bound is
 * the text stored instants compare with (toISOString), kept within years 0000–9999 where that comparison holds.
 */
export function instantBound(text: string, end: 'from' | 'to'): string | null {
  const match = INSTANT.exec(text);
  if (!match || !isCalendarDate(match[1])) return null;
  const [, date, hours, minutes, seconds = '0', fraction = '', zone = 'Z'] = match;
  if (hours === undefined) return end === 'from' ? `${date}T00:00:00.000Z` : `${date}T23:59:59.999Z`;
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return null;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const [zoneHours, zoneMinutes] = zone.slice(1).split(':').map(Number);
    if (zoneHours > 23 || zoneMinutes > 59) return null;
    offsetMinutes = (zone.startsWith('-') ? -1 : 1) * (zoneHours * 60 + zoneMinutes);
  }
  const [year, month, day] = date.split('-').map(Number);
  const local = utcMs(
    year,
    month,
    day,
    Number(hours),
    Number(minutes),
    Number(seconds),
    Number(fraction.padEnd(3, '0')),
  );
  // A `to` covers the whole minute or second it names, as a bare date covers its whole day.
  const last = end === 'from' ? 0 : match[4] === undefined ? 59_999 : fraction === '' ? 999 : 0;
  const ms = Math.min(LAST_INSTANT, Math.max(FIRST_INSTANT, local - offsetMinutes * 60_000 + last));
  return new Date(ms).toISOString();
}

const bound = (end: 'from' | 'to') =>
  z
    .string()
    .trim()
    .transform((text, ctx) => {
      const value = instantBound(text, end);
      if (value === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'Use a real date (YYYY-MM-DD) or an ISO instant (YYYY-MM-DDTHH:MM:SSZ)',
        });
        return z.NEVER;
      }
      return value;
    });

/** What the log is filtered by: the list and its CSV take the same. */
const filters = {
  search: z.string().trim().max(200).optional(),
  entity: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(60).optional(),
  actorId: idText.optional(),
  /** The connected app an entry was written under (audit_log.app_id). */
  appId: idText.optional(),
  action: z.string().trim().max(40).optional(),
  from: bound('from').optional(),
  to: bound('to').optional(),
};

/** A query of exactly these parameters: a misspelt filter is refused rather than dropped (dropping it would silently widen the answer). */
function strictQuery<T extends z.ZodRawShape>(shape: T) {
  const names = Object.keys(shape);
  return z.looseObject(shape).superRefine((q, ctx) => {
    for (const key of Object.keys(q)) {
      if (!names.includes(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `The audit log has no such filter; it has ${names.join(', ')}`,
        });
    }
    const { from, to } = q as { from?: string; to?: string };
    if (from && to && to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
  });
}

export const auditQuery = strictQuery({
  ...pagingQuery(50, 500),
  sort: z
    .enum(
      [...AUDIT_SORTS, ...AUDIT_SORTS.map((s) => `-${s}` as const)],
      `Sort by one of ${AUDIT_SORTS.join(', ')} (-field for descending)`,
    )
    .default('-at'),
  ...filters,
});
export type AuditQuery = z.output<typeof auditQuery>;

/** GET /api/AuditLog/export: the same filters; every entry they select, newest first. */
export const auditExportQuery = strictQuery(filters);
export type AuditFilter = z.output<typeof auditExportQuery>;
