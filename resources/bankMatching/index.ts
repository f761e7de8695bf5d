import AccountBalance from '@mui/icons-material/AccountBalance';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { bankRowsResource } from './api';

/**
 * Bank matching: the bank's rows (imported from its CSV exports) listed with what is left to match; each row opens
 * its matching bench, where suggestions are accepted, items picked, matches undone and rows explained.
 */
export default resourceProps(
  bankRowsResource,
  { list: lazyScreen(() => import('./BankRowList')), edit: lazyScreen(() => import('./MatchBench')) },
  { icon: AccountBalance, label: 'haulboard.bank.title' },
);
