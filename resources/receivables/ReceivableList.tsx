import './messages';
import { Box } from '@mui/material';
import { useTranslate } from 'ra-core';
import { BooleanInput, DataTable, SelectInput } from 'react-admin';
import { PAYER_KINDS } from '../../schema/invoices';
import { type ReceivableRowDto, type ReceivableTotals, customerPath, parseCustomerKey } from '../../schema/receivables';
import { usCents } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { nowrap } from '../../ui/records/columns';
import { ListEmpty } from '../../ui/records/ListStates';
import { ListTotals, type TotalItem } from '../../ui/records/ListTotals';
import { RecordList } from '../../ui/records/RecordList';
import { Tag } from '../../ui/Tag';

const filters = [
  <SelectInput
    key="payerKind"
    source="payerKind"
    label="haulboard.receivables.payer_kind"
    choices={keyedChoices('haulboard.receivables.kinds', PAYER_KINDS)}
    alwaysOn
    helperText={false}
  />,
  <BooleanInput
    key="pastDue"
    source="pastDue"
    label="haulboard.receivables.past_due_only"
    alwaysOn
    helperText={false}
  />,
  <BooleanInput
    key="withBalance"
    source="withBalance"
    label="haulboard.receivables.with_balance_only"
    alwaysOn
    helperText={false}
  />,
];

/** Over every customer the filters find: how many, open, past due, the aging. */
const totals = (sums: ReceivableTotals, count: number): TotalItem[] => [
  { label: 'haulboard.receivables.totals.count', args: { smart_count: count } },
  { label: 'haulboard.receivables.totals.open', args: { amount: usCents(sums.openCents) }, strong: true },
  { label: 'haulboard.receivables.totals.past_due', args: { amount: usCents(sums.pastDueCents) } },
  {
    label: 'haulboard.receivables.totals.aging',
    args: {
      a: usCents(sums.age0to30),
      b: usCents(sums.age31to60),
      c: usCents(sums.age61to90),
      d: usCents(sums.age90plus),
    },
  },
];

const Column = DataTable.Col<ReceivableRowDto>;
/** A customer's name on two lines at most beside nine figures. */
const nameCell = () => ({ minWidth: 160 });
const money = (key: 'openCents' | 'pastDueCents' | 'age0to30' | 'age31to60' | 'age61to90' | 'age90plus') => (
  <Column
    key={key}
    source={key}
    label={`haulboard.receivables.${key.startsWith('age') ? 'columns' : 'fields'}.${key}`}
    align="right"
    cellSx={nowrap}
    render={(row) =>
      key === 'pastDueCents' && row.pastDueCents > 0 ? (
        <Box component="span" sx={{ color: 'error.main', fontWeight: 600 }}>
          {usCents(row.pastDueCents)}
        </Box>
      ) : (
        usCents(row[key])
      )
    }
  />
);

function KindTag({ row }: { row: ReceivableRowDto }) {
  const translate = useTranslate();
  return (
    <Tag tone={row.payerKind === 'BROKER' ? 'info' : 'default'}>
      {translate(`haulboard.receivables.kinds.${row.payerKind}`)}
    </Tag>
  );
}

/**
 * Receivables (docs/product/receivables.md#the-list): every paying customer, the largest open balance first; search by
 * name, kind / past due / with a balance that combine, every figure sortable, totals over what the filters find, CSV.
 * A row opens the customer's page.
 */
export default function ReceivableList() {
  const translate = useTranslate();
  return (
    <RecordList
      title="haulboard.receivables.title"
      search="haulboard.receivables.search"
      filters={filters}
      sort={{ field: 'openCents', order: 'DESC' }}
      exportName="receivables"
      rowClick={(id) => {
        const key = parseCustomerKey(String(id));
        return key ? customerPath(key.kind, key.id) : '#';
      }}
      header={<ListTotals items={totals} />}
      softDelete={false}
      hiddenColumns={['payerKind', 'shortPaidShare']}
      empty={<ListEmpty hint="haulboard.receivables.empty" />}
    >
      <Column source="name" label="haulboard.receivables.fields.name" cellSx={nameCell} />
      <Column
        source="payerKind"
        label="haulboard.receivables.fields.payerKind"
        disableSort
        render={(row) => <KindTag row={row} />}
      />
      {money('openCents')}
      {money('pastDueCents')}
      {money('age0to30')}
      {money('age31to60')}
      {money('age61to90')}
      {money('age90plus')}
      <Column
        source="avgDaysToPay"
        label="haulboard.receivables.columns.avgDaysToPay"
        align="right"
        cellSx={nowrap}
        render={(row) =>
          row.avgDaysToPay === null ? '—' : translate('haulboard.receivables.days', { days: row.avgDaysToPay })
        }
      />
      <Column
        source="shortPaidShare"
        label="haulboard.receivables.columns.shortPaidShare"
        align="right"
        cellSx={nowrap}
        render={(row) =>
          row.shortPaidShare === null ? '—' : translate('haulboard.receivables.percent', { value: row.shortPaidShare })
        }
      />
    </RecordList>
  );
}
