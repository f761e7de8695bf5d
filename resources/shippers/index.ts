import Store from '@mui/icons-material/Store';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { shippersResource } from './api';

/** Shippers: list, create and edit under /app/management/shipper-management. */
export const shippers = resourceProps(
  shippersResource,
  { list: lazy(() => import('./ShipperList')), create: lazy(() => import('./ShipperCreate')), edit: lazy(() => import('./ShipperEdit')) },
  { icon: Store, label: 'haulboard.shippers.title', recordRepresentation: 'name' },
);
