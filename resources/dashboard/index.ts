import Dashboard from '@mui/icons-material/Dashboard';
import { registerRecordResource } from '../../ui/records/definitions';
import { localToday } from '../../ui/assignments/dates';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { dashboardQuery } from './query';

const resource = registerRecordResource({
  name: 'dashboard',
  api: '/api/Dashboard/summary',
  endpoints: { export: undefined, restore: undefined },
});

/** /app/dashboard (docs/analytics.md#dashboard): the landing page of dispatch, carrier and fleet users. */
export default resourceProps(
  resource,
  {
    list: lazyScreen(
      () => import('./DashboardScreen'),
      (client) => void client.prefetchQuery(dashboardQuery(localToday())),
    ),
  },
  { icon: Dashboard, label: 'haulboard.dashboard.title' },
);
