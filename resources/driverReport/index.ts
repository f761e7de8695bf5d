import Summarize from '@mui/icons-material/Summarize';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { driverReportResource } from './api';

export default resourceProps(
  driverReportResource,
  { list: lazyScreen(() => import('./DriverReport')) },
  { icon: Summarize, label: 'haulboard.driver_report.title' },
);
