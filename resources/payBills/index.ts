import { payBills } from '../../schema/resources/payBills';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/**
 * Weekly pay bills: built for a week from the list (no create screen), each opened as its statement with the step
 * that comes next (rebuild, approve, pay) — nothing on a bill is typed in.
 */
export default recordScreens(payBills, {
  list: lazyScreen(() => import('./PayBillList')),
  show: lazyScreen(() => import('./PayBillShow')),
  create: null,
});
