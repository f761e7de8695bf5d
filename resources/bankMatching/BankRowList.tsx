import './messages';
import { DataTable, SelectInput } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { type BankRowDto, BANK_ROW_STATES } from '../../schema/bank';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { usDate, usMoney } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { nowrap } from '../../ui/records/columns';
import { ListTotals, type TotalItem } from '../../ui/records/ListTotals';
import { PeriodFilter } from '../../ui/records/PeriodFilter';
import { RecordList } from '../../ui/records/RecordList';
import { BANK_API, BANK_SCREEN } from './api';
import { ImportButton, ImportsButton } from './ImportButton';
import { UnmatchedReportButton } from './UnmatchedReport';
import { StateTag } from './StateTag';

interface Totals {
  moneyIn: number;
  moneyOut: number;
  toMatch: number;
}
const totals = (sums: Totals, count: number): TotalItem[] => [
  { label: 'haulboard.bank.totals.count', args: { smart_count: count } },
  { label: 'haulboard.bank.totals.money_in', args: { amount: usMoney(sums.moneyIn) } },
  { label: 'haulboard.bank.totals.money_out', args: { amount: usMoney(sums.moneyOut) } },
  { label: 'haulboard.bank.totals.to_match', args: { amount: usMoney(sums.toMatch) }, strong: true },
];

/** The months the imported exports cover (GET get-chase-transactions-date-filters), as a filter. */
function MonthFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data } = useQuery({
    queryKey: ['bank-date-filters'],
    queryFn: async () =>
      unwrap<{ months: { from: string; label: string; rows: number }[] }>(
        await apiFetch(`${BANK_API}/get-chase-transactions-date-filters`),
      ),
    staleTime: 60_000,
  });
  const choices = (data?.months ?? []).map((m) => ({ id: m.from.slice(0, 7), name: `${m.label} (${m.rows})` }));
  return (
    <SelectInput
      {...props}
      label="haulboard.bank.filters.month"
      choices={choices}
      translateChoice={false}
      emptyText="haulboard.bank.filters.all"
      helperText={false}
      sx={{ minWidth: 180 }}
    />
  );
}

const filters = [
  <SelectInput
    key="state"
    source="state"
    label="haulboard.bank.filters.state"
    choices={keyedChoices('haulboard.bank.states', ['TODO', ...BANK_ROW_STATES])}
    emptyText="haulboard.bank.filters.all"
    alwaysOn
    helperText={false}
  />,
  <SelectInput
    key="direction"
    source="direction"
    label="haulboard.bank.filters.direction"
    choices={keyedChoices('haulboard.bank.directions', ['IN', 'OUT'])}
    emptyText="haulboard.bank.filters.all"
    alwaysOn
    helperText={false}
  />,
  <MonthFilter key="month" source="month" />,
  <PeriodFilter key="filtered" source="filtered" />,
];

const Column = DataTable.Col<BankRowDto>;

/**
 * The bank's rows (docs/product/bank.md): still to match first, oldest first, with what is left on each; import a new
 * export from here (with its progress), see the imports and the unmatched report. A row opens its matching bench.
 */
export default function BankRowList() {
  return (
    <RecordList
      title="haulboard.bank.title"
      search="haulboard.bank.search"
      filters={filters}
      filterDefaultValues={{ state: 'TODO' }}
      sort={{ field: 'postedOn', order: 'ASC' }}
      exportName="bank-transactions"
      rowClick={(id) => `${BANK_SCREEN}/${id}`}
      header={
        <>
          <ImportButton />
          <ListTotals items={totals} />
        </>
      }
      softDelete={false}
      actions={
        <>
          <ImportsButton />
          <UnmatchedReportButton />
        </>
      }
    >
      <Column
        source="postedOn"
        label="haulboard.bank.fields.postedOn"
        cellSx={nowrap}
        render={(row) => usDate(row.postedOn)}
      />
      <Column source="description" label="haulboard.bank.fields.description" disableSort />
      <Column
        source="amount"
        label="haulboard.bank.fields.amount"
        align="right"
        cellSx={nowrap}
        render={(row) => usMoney(row.amount)}
      />
      <Column
        source="left"
        label="haulboard.bank.fields.left"
        align="right"
        cellSx={nowrap}
        render={(row) => usMoney(row.left)}
      />
      <Column
        source="state"
        label="haulboard.bank.fields.state"
        disableSort
        render={(row) => <StateTag state={row.state} />}
      />
      <Column source="checkNumber" label="haulboard.bank.fields.checkNumber" disableSort />
    </RecordList>
  );
}
