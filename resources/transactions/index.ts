import { lazy } from 'react';
import { transactions } from '../../schema/resources/transactions';
import { recordScreens } from '../../ui/records/recordResource';

/** The driver ledger: posted in a dialog of the list (no create screen), corrected by a void, never deleted. */
export default recordScreens(transactions, {
  list: lazy(() => import('./TransactionList')),
  edit: lazy(() => import('./TransactionEdit')),
  create: null,
});
