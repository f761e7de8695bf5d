import { lazyScreen, resourceProps } from '../../ui/records/recordResource';
import { accountingExportResource } from './api';

/** Accounting export (docs/product/accounting-export.md): export a period for QuickBooks, the history, downloads. */
export default resourceProps(
  accountingExportResource,
  { list: lazyScreen(() => import('./AccountingExportScreen')) },
  { label: 'haulboard.accounting_export.title' },
);
