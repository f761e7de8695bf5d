import { type ApiQuery, toApiQuery } from '../../dataProvider/endpoints';
import { FEATURES } from '../../schema/features';
import { type Period, periodRange } from '../../schema/period';
import { localToday } from '../../ui/assignments/dates';
import { registerRecordResource } from '../../ui/records/definitions';

export const AUDIT_TRAIL_PATH = FEATURES.find((feature) => feature.key === 'AuditTrail')!.uri;

/** A business date's first or last moment in the reader's time zone, as the instant the API compares with. */
function localBound(date: string, end: 'from' | 'to'): string {
  const [year, month, day] = date.split('-').map(Number);
  const moment =
    end === 'from' ? new Date(year, month - 1, day) : new Date(new Date(year, month - 1, day + 1).getTime() - 1);
  return moment.toISOString();
}

/**
 * The screen's filters → the API's: the period (the shared period filter, or a link's own from and to) becomes the
 * reader's own calendar days, as instants; a day is the one the list shows its times in, not UTC's.
 */
export function auditApiFilter(filter: Record<string, unknown>, today = localToday()): Record<string, unknown> {
  const { filtered, from, to, ...rest } = filter as { filtered?: Period; from?: string; to?: string };
  const range = filtered && filtered !== 'all' ? periodRange(filtered, today, from, to) : { from, to };
  return {
    ...rest,
    from: range.from ? localBound(range.from, 'from') : undefined,
    to: range.to ? localBound(range.to, 'to') : undefined,
  };
}

/** The audit trail: GET /api/AuditLog and its CSV; nothing is created, changed or restored from it. */
export const auditTrailResource = registerRecordResource({
  name: AUDIT_TRAIL_PATH.replace(/^\/app\//, ''),
  api: '/api/AuditLog',
  endpoints: {
    listQuery: (params) => toApiQuery(auditApiFilter(params.filter ?? {}), params),
    exportQuery: (filter): ApiQuery => toApiQuery(auditApiFilter(filter)),
    create: undefined,
    restore: undefined,
  },
});
