import { shippers } from '../../schema/resources/shippers';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Shippers: each shipper's FMCSA vetting beside its form, as a broker's. */
export default recordScreens(shippers, { edit: lazyScreen(() => import('./ShipperEdit')) });
