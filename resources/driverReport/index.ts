import Summarize from '@mui/icons-material/Summarize';
import { lazy } from 'react';
import { resourceProps } from '../../ui/records/recordResource';
import { driverReportResource } from './api';

export default resourceProps(driverReportResource, { list: lazy(() => import('./DriverReport')) }, { icon: Summarize, label: 'haulboard.driver_report.title' });
