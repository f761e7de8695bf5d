import DirectionsCar from '@mui/icons-material/DirectionsCar';
import { lazy } from 'react';
import { resourceProps } from '../../src/common/records/recordResource';
import { vehiclesResource } from './api';

/** Vehicles: list, create and edit under /app/management/vehicles. */
export const vehicles = resourceProps(
  vehiclesResource,
  { list: lazy(() => import('./VehicleList')), create: lazy(() => import('./VehicleCreate')), edit: lazy(() => import('./VehicleEdit')) },
  { icon: DirectionsCar, label: 'haulboard.vehicles.title', recordRepresentation: 'unitNumber' },
);
