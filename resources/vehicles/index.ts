import { lazy } from 'react';
import { vehicles } from '../../schema/resources/vehicles';
import { recordScreens } from '../../ui/records/recordResource';

/** Vehicles: the list shows a plate with its state, and links to drivers and fuel cards. */
export default recordScreens(vehicles, { list: lazy(() => import('./VehicleList')) });
