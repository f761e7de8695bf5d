import type { RaRecord } from 'ra-core';
import type { LedgerTotals } from '../../schema/resources/transactions';
import { usMoney } from '../../ui/format';
import { CreateDialog } from '../../ui/records/CreateDialog';
import DefinitionList from '../../ui/records/DefinitionList';
import { ListTotals, type TotalItem } from '../../ui/records/ListTotals';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { AmountCell } from './AmountCell';
import { CategoryInput } from './CategoryInput';

const RESOURCE = 'finances/driver-transactions';

/** Credits, debits and net of every entry the filter finds (the server sums them), not only this page's. */
const totals = (sums: LedgerTotals, count: number): TotalItem[] => [
  { label: 'haulboard.transactions.totals.count', args: { smart_count: count } },
  { label: 'haulboard.transactions.totals.credits', args: { amount: usMoney(sums.credits) } },
  { label: 'haulboard.transactions.totals.debits', args: { amount: usMoney(sums.debits) } },
  { label: 'haulboard.transactions.totals.net', args: { amount: usMoney(sums.net) }, strong: true },
];

/** A voided entry and its void stay listed, dimmed: the pair nets to zero. */
const dimVoids = (row: RaRecord): Record<string, unknown> =>
  row.status === 'POSTED' ? {} : { '& td': { color: 'text.secondary' } };

/** The driver ledger (docs/product/finances.md#ledger): the shared list, the filtered set's totals, a post dialog. */
export default function TransactionList() {
  const canPost = useCanAccessFeature(RESOURCE, 'Create');
  return (
    <DefinitionList
      header={<ListTotals items={totals} />}
      render={{ amount: (row) => <AmountCell row={row as never} /> }}
      rowSx={dimVoids}
      actions={
        canPost ? (
          <CreateDialog label="haulboard.transactions.post" inputs={{ category: <CategoryInput followType /> }} />
        ) : undefined
      }
    />
  );
}
