import Payments from '@mui/icons-material/Payments';
import { REPORT_ADDRESSES } from '../../schema/reportAddresses';
import { registerRecordResource } from '../../ui/records/definitions';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';

const report = REPORT_ADDRESSES.dispatcherSalary;

/** The dispatcher salary report (/app/reports/dispatcher-salary-report): the report frame, with the pay rules a click away. */
export default resourceProps(
  registerRecordResource({
    name: report.route.replace(/^\/app\//, ''),
    api: `/api/Reports/${report.name}`,
    endpoints: { export: undefined, restore: undefined },
  }),
  { list: lazyScreen(() => import('./DispatcherSalary')) },
  { icon: Payments, label: `haulboard.reports.titles.${report.name}` },
);
