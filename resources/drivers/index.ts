import { lazy } from 'react';
import { drivers } from '../../schema/resources/drivers';
import { recordScreens } from '../../ui/records/recordResource';

/** Drivers: a status filter in the side panel, the pay rate in its pay type's unit, links to their histories. */
export default recordScreens(drivers, {
  list: lazy(() => import('./DriverList')),
  create: lazy(() => import('./DriverForms').then((m) => ({ default: m.DriverCreate }))),
  edit: lazy(() => import('./DriverForms').then((m) => ({ default: m.DriverEdit }))),
});
