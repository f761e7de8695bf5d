import LocalShipping from '@mui/icons-material/LocalShipping';
import { createElement } from 'react';
import { Route } from 'react-router-dom';
import { lazyPart } from '../../ui/lazyPart';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { myLoadsQuery, myLoadsResource } from './api';

/** A vehicle's inspection on the phone: its own download, with the first inspection opened. */
const InspectionScreen = lazyPart(() => import('./inspect/InspectionScreen').then((m) => m.default));

/**
 * /app/my-loads, /app/my-loads/{id} and /app/my-loads/{id}/inspect/{stage}/{vin} (docs/routing.md#screen-my-loads): a
 * driver's landing, one load, and a vehicle's inspection at pickup or delivery.
 */
export default resourceProps(
  myLoadsResource,
  {
    list: lazyScreen(
      () => import('./MyLoadsList'),
      (client) => void client.prefetchQuery(myLoadsQuery),
    ),
    edit: lazyScreen(() => import('./MyLoadScreen')),
  },
  {
    icon: LocalShipping,
    label: 'haulboard.my_loads.title',
    // A folder's index is plain TypeScript (resources/index.ts finds them by name), hence createElement.
    children: createElement(Route, { path: ':id/inspect/:stage/:vin', element: createElement(InspectionScreen) }),
  },
);
