import { DataTable, SelectInput } from 'react-admin';
import { useStore } from 'ra-core';
import { BALANCE_STATUSES, type BalanceTotals, type DriverBalanceDto } from '../../schema/balances';
import { usMoney } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { nowrap } from '../../ui/records/columns';
import { ListTotals, type TotalItem } from '../../ui/records/ListTotals';
import { PeriodFilter } from '../../ui/records/PeriodFilter';
import { DriverInput } from '../../ui/records/pickers';
import { RecordList } from '../../ui/records/RecordList';

const RESOURCE = 'reports/driver-balance';
const LEDGER = '/app/finances/driver-transactions';

/** Over every driver the filter finds, today: owed to drivers, owed by drivers, escrow held. */
const totals = (sums: BalanceTotals, count: number): TotalItem[] => [
  { label: 'haulboard.balances.totals.count', args: { smart_count: count } },
  { label: 'haulboard.balances.totals.owed_to', args: { amount: usMoney(sums.owedToDrivers) }, strong: true },
  { label: 'haulboard.balances.totals.owed_by', args: { amount: usMoney(sums.owedByDrivers) } },
  { label: 'haulboard.balances.totals.escrow', args: { amount: usMoney(sums.escrow) } },
];

const filters = [
  <PeriodFilter key="filtered" source="filtered" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    label="haulboard.balances.status"
    choices={keyedChoices(
      'haulboard.balances.statuses',
      BALANCE_STATUSES.filter((s) => s !== 'all'),
    )}
    alwaysOn
    emptyText="haulboard.balances.statuses.all"
    emptyValue="all"
  />,
  <DriverInput key="driverId" source="driverId" label="haulboard.balances.driver" />,
];

const Column = DataTable.Col<DriverBalanceDto>;
const money = (key: 'opening' | 'credits' | 'debits' | 'ending' | 'escrow') => (
  <Column
    key={key}
    source={key}
    label={`haulboard.balances.fields.${key}`}
    align="right"
    cellSx={nowrap}
    render={(row) => usMoney(row[key])}
  />
);

/**
 * Balances (docs/product/finances.md#balances): per driver the period's opening, credits, debits and ending (from the
 * totals the server keeps with every posting), searched by full name, active / inactive / all. A row opens the driver's
 * ledger for the same period.
 */
export default function DriverBalanceList() {
  const [params] = useStore<{ filter?: Record<string, unknown> }>(`${RESOURCE}.listParams`, {});
  const { filtered = 'this_month', from, to } = params.filter ?? {};
  const ledgerOf = (id: string | number) =>
    `${LEDGER}?filter=${encodeURIComponent(JSON.stringify({ driverId: id, filtered, ...(filtered === 'custom' ? { from, to } : {}) }))}`;
  return (
    <RecordList
      title="haulboard.balances.title"
      search="haulboard.balances.search"
      filters={filters}
      filterDefaultValues={{ filtered: 'this_month', status: 'active' }}
      sort={{ field: 'name', order: 'ASC' }}
      exportName="driver-balances"
      rowClick={ledgerOf}
      header={<ListTotals items={totals} />}
      softDelete={false}
    >
      <Column source="name" label="haulboard.balances.fields.driver" render={(row) => row.driverName} />
      {money('opening')}
      {money('credits')}
      {money('debits')}
      {money('ending')}
      {money('escrow')}
    </RecordList>
  );
}
