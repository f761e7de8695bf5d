import AccountBalance from '@mui/icons-material/AccountBalance';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { receivablesResource } from './api';

/** Receivables (docs/product/receivables.md): every paying customer's balance and aging; a customer's own page. */
export default resourceProps(
  receivablesResource,
  {
    list: lazyScreen(() => import('./ReceivableList')),
    edit: lazyScreen(() => import('./CustomerScreen')),
  },
  { icon: AccountBalance, label: 'haulboard.receivables.title' },
);
