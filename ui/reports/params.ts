import { useSearchParams } from 'react-router-dom';
import {
  REPORT_GROUPINGS,
  type ReportDefinition,
  type ReportGrouping,
  type ReportPeriod,
  periodsOf,
} from '../../schema/reports';

/** What a report is asked for: its period, its filters and grouping. Kept in the address, so a refresh or a shared link shows the same. */
export interface ReportParams {
  filtered: ReportPeriod;
  from?: string;
  to?: string;
  dispatcherId?: number;
  driverId?: number;
  carrierId?: number;
  groupBy?: ReportGrouping;
  /** The page of a paged report (1 first). */
  page?: number;
}

const FILTER_KEYS = ['dispatcherId', 'driverId', 'carrierId'] as const;
const asId = (text: string | null) => (text && /^\d+$/.test(text) ? Number(text) : undefined);
const asDay = (text: string | null) => (text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined);

/** The report's parameters from the address (anything unreadable there falls back to the report's defaults). */
export function useReportParams(report: ReportDefinition): [ReportParams, (next: ReportParams) => void] {
  const [search, setSearch] = useSearchParams();
  const period = search.get('period') as ReportPeriod | null;
  const grouping = search.get('groupBy') as ReportGrouping | null;
  const params: ReportParams = {
    filtered: period && periodsOf(report).includes(period) ? period : report.defaultPeriod,
    from: asDay(search.get('from')),
    to: asDay(search.get('to')),
    groupBy:
      grouping && REPORT_GROUPINGS.includes(grouping) && report.groupings?.includes(grouping)
        ? grouping
        : report.groupings?.[0],
    ...Object.fromEntries(FILTER_KEYS.map((key) => [key, asId(search.get(key))])),
    page: asId(search.get('page')),
  };
  const write = (next: ReportParams) => {
    const entries: [string, string][] = [['period', next.filtered]];
    if (next.filtered === 'custom') {
      if (next.from) entries.push(['from', next.from]);
      if (next.to) entries.push(['to', next.to]);
    }
    if (next.groupBy && next.groupBy !== report.groupings?.[0]) entries.push(['groupBy', next.groupBy]);
    for (const key of FILTER_KEYS) if (next[key]) entries.push([key, String(next[key])]);
    if (next.page && next.page > 1) entries.push(['page', String(next.page)]);
    setSearch(new URLSearchParams(entries), { replace: true });
  };
  return [params, write];
}

/** The API query of the parameters: the user's today decides what "this week" is. */
export function apiQuery(params: ReportParams, today: string): Record<string, string | number | undefined> {
  const custom = params.filtered === 'custom';
  return {
    filtered: params.filtered,
    from: custom ? params.from : undefined,
    to: custom ? params.to : undefined,
    today,
    dispatcherId: params.dispatcherId,
    driverId: params.driverId,
    carrierId: params.carrierId,
    groupBy: params.groupBy,
    page: params.page,
  };
}
