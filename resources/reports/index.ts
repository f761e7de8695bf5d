import { REPORT_ADDRESSES, type ReportAddress } from '../../schema/reportAddresses';
import { registerRecordResource } from '../../ui/records/definitions';
import { lazyScreen, resourceProps, type ResourceScreens, type Screen } from '../../ui/records/recordResource';

const ReportPage = lazyScreen(() => import('./ReportPage'));

/**
 * A report's screen at its route: the report frame (ui/reports) over its definition (schema/reports.ts, loaded with the
 * screen), or a page of its own over the frame.
 */
export function reportScreens(report: ReportAddress, list: Screen = ReportPage): ResourceScreens {
  const resource = registerRecordResource({
    name: report.route.replace(/^\/app\//, ''),
    api: `/api/Reports/${report.name}`,
    endpoints: { export: undefined, restore: undefined },
  });
  return resourceProps(resource, { list }, { label: `haulboard.reports.titles.${report.name}` });
}

/** The reports that are a report and nothing else (docs/analytics.md); the driver report adds the driver's own cards (resources/driverReport). */
export default [
  REPORT_ADDRESSES.weeklyReport,
  REPORT_ADDRESSES.weeklyFinance,
  REPORT_ADDRESSES.byDispatcher,
  REPORT_ADDRESSES.byDriver,
  REPORT_ADDRESSES.credentials,
].map((report) => reportScreens(report));
