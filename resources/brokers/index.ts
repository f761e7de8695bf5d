import { brokers } from '../../schema/resources/brokers';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** Brokers: the FMCSA files imported from the list, and each broker's vetting beside its form. */
export default recordScreens(brokers, {
  list: lazyScreen(() => import('./BrokerList')),
  edit: lazyScreen(() => import('./BrokerEdit')),
});
