import Dashboard from '@mui/icons-material/Dashboard';
import { registerRecordResource } from '../../ui/records/definitions';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';

const resource = registerRecordResource({ name: 'dashboard', api: '/api/Dashboard/summary', endpoints: { export: undefined, restore: undefined } });

/** /app/dashboard (issue 18 item 1): the landing page of dispatch, carrier and fleet users. */
export default resourceProps(resource, { list: lazyScreen(() => import('./DashboardScreen')) }, { icon: Dashboard, label: 'haulboard.dashboard.title' });
