import { vehicles } from '../../schema/resources/vehicles';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Vehicles: the list shows a plate with its state, and links to drivers and fuel cards. */
export default recordScreens(vehicles, { list: lazyScreen(() => import('./VehicleList')) });
