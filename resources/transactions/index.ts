import { transactions } from '../../schema/resources/transactions';
import { lazyScreen, recordScreens } from '../../ui/records/recordResource';

/** The driver ledger: posted in a dialog of the list (no create screen), corrected by a void, never deleted. */
export default recordScreens(transactions, {
  list: lazyScreen(() => import('./TransactionList')),
  edit: lazyScreen(() => import('./TransactionEdit')),
  create: null,
});
