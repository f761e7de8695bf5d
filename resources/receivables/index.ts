import AccountBalance from '@mui/icons-material/AccountBalance';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { receivablesResource } from './api';

/**
 * Receivables (docs/product/receivables.md): every paying customer's balance and aging. A customer's own page is a
 * screen of src/admin/appRoutes.tsx, not the resource's edit screen: reading it needs Read, and nothing there is edited.
 */
export default resourceProps(
  receivablesResource,
  { list: lazyScreen(() => import('./ReceivableList')) },
  { icon: AccountBalance, label: 'haulboard.receivables.title' },
);
