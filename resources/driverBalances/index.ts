import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { driverBalancesResource } from './api';

/** Driver balances under /app/reports/driver-balance: one list, rows open the driver's ledger. */
export default resourceProps(
  driverBalancesResource,
  { list: lazyScreen(() => import('./DriverBalanceList')) },
  { icon: AccountBalanceWallet, label: 'haulboard.balances.title' },
);
