import LocalShipping from '@mui/icons-material/LocalShipping';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { myLoadsQuery, myLoadsResource } from './api';

/** /app/my-loads and /app/my-loads/{id} (docs/routing.md#screen-my-loads): a driver's landing and one load. */
export default resourceProps(
  myLoadsResource,
  {
    list: lazyScreen(
      () => import('./MyLoadsList'),
      (client) => void client.prefetchQuery(myLoadsQuery),
    ),
    edit: lazyScreen(() => import('./MyLoadScreen')),
  },
  { icon: LocalShipping, label: 'haulboard.my_loads.title' },
);
