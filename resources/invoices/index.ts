import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { invoicesResource } from './api';

/** Invoices (docs/product/invoices.md): the list, a new invoice from a payer's delivered orders, one invoice's page. */
export default resourceProps(
  invoicesResource,
  {
    list: lazyScreen(() => import('./InvoiceList')),
    create: lazyScreen(() => import('./InvoiceCreate')),
    edit: lazyScreen(() => import('./InvoiceScreen')),
  },
  { icon: ReceiptLong, label: 'haulboard.invoices.title' },
);
