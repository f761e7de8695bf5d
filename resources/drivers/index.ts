import Badge from '@mui/icons-material/Badge';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { driversResource } from './api';

/** Drivers: list, create and edit under /app/management/drivers, reached from users, vehicles and assignments. */
export const drivers = resourceProps(
  driversResource,
  { list: lazy(() => import('./DriverList')), create: lazy(() => import('./DriverCreate')), edit: lazy(() => import('./DriverEdit')) },
  { icon: Badge, label: 'haulboard.drivers.title', recordRepresentation: 'name' },
);
