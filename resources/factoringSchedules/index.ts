import RequestQuote from '@mui/icons-material/RequestQuote';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { schedulesResource } from './api';

/** Schedules of accounts (docs/product/factoring.md#schedules): the list, a new schedule, one schedule's page. */
export default resourceProps(
  schedulesResource,
  {
    list: lazyScreen(() => import('./ScheduleList')),
    create: lazyScreen(() => import('./ScheduleCreate')),
    edit: lazyScreen(() => import('./ScheduleScreen')),
  },
  { icon: RequestQuote, label: 'haulboard.schedules.title' },
);
