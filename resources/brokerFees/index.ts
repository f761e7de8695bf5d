import { brokerFees } from '../../schema/resources/brokerFees';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/**
 * Broker fees: made and kept by their book orders (no create or edit screen), marked paid from the list (a due fee's
 * Paid on cell).
 */
export default recordScreens(brokerFees, {
  list: lazyScreen(() => import('./BrokerFeeList')),
  create: null,
  edit: null,
});
