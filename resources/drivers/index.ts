import { drivers } from '../../schema/resources/drivers';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Drivers: a status filter in the side panel, the pay rate in its pay type's unit, links to their histories. */
export default recordScreens(drivers, {
  list: lazyScreen(() => import('./DriverList')),
  create: lazyScreen(() => import('./DriverForms').then((m) => ({ default: m.DriverCreate }))),
  edit: lazyScreen(() => import('./DriverForms').then((m) => ({ default: m.DriverEdit }))),
});
