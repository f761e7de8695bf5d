import Business from '@mui/icons-material/Business';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { carriersResource } from './api';

/** Carrier management: list, create and edit under /app/management/carrier-management. */
export const carriers = resourceProps(
  carriersResource,
  { list: lazy(() => import('./CarrierList')), create: lazy(() => import('./CarrierCreate')), edit: lazy(() => import('./CarrierEdit')) },
  { icon: Business, label: 'haulboard.carriers.title', recordRepresentation: 'name' },
);
