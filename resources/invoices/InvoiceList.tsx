import './messages';
import { useTranslate } from 'ra-core';
import { DataTable, SelectInput } from 'react-admin';
import { INVOICE_STATUSES, INVOICE_STATUS_COLOURS, type InvoiceStatus } from '../../schema/invoices';
import { usCents, usDate } from '../../ui/format';
import { keyedChoices } from '../../ui/records/choices';
import { ListEmpty } from '../../ui/records/ListStates';
import { nowrap } from '../../ui/records/columns';
import { PeriodFilter } from '../../ui/records/PeriodFilter';
import { BrokerInput, ShipperInput } from '../../ui/records/pickers';
import { RecordList } from '../../ui/records/RecordList';
import { Tag } from '../../ui/Tag';
import type { InvoiceSummary } from './types';
import { invoicePath } from './api';

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="haulboard.invoices.status"
    choices={keyedChoices('haulboard.invoices.statuses', INVOICE_STATUSES)}
    alwaysOn
    helperText={false}
  />,
  <BrokerInput key="brokerId" source="brokerId" label="haulboard.invoices.broker" alwaysOn helperText={false} />,
  <ShipperInput key="shipperId" source="shipperId" label="haulboard.invoices.shipper" helperText={false} />,
  <PeriodFilter key="filtered" source="filtered" alwaysOn />,
];

export function StatusTag({ status }: { status: InvoiceStatus }) {
  const translate = useTranslate();
  return <Tag tone={INVOICE_STATUS_COLOURS[status]}>{translate(`haulboard.invoices.statuses.${status}`)}</Tag>;
}

const Column = DataTable.Col<InvoiceSummary>;

/**
 * The invoices (docs/product/invoices.md#the-list), newest number first: search by number or payer, status, payer and
 * period filters that combine, money and dates as US staff write them, CSV. A row opens the invoice.
 */
export default function InvoiceList() {
  return (
    <RecordList
      title="haulboard.invoices.title"
      search="haulboard.invoices.search"
      filters={filters}
      sort={{ field: 'number', order: 'DESC' }}
      exportName="invoices"
      rowClick={(id) => invoicePath(Number(id))}
      softDelete={false}
      empty={<ListEmpty hint="haulboard.invoices.empty" />}
    >
      <Column
        source="number"
        label="haulboard.invoices.fields.numberText"
        cellSx={nowrap}
        render={(row) => row.numberText}
      />
      <Column source="payerName" label="haulboard.invoices.fields.payerName" />
      <Column
        source="status"
        label="haulboard.invoices.fields.status"
        render={(row) => <StatusTag status={row.status} />}
      />
      <Column
        source="issuedOn"
        label="haulboard.invoices.fields.issuedOn"
        cellSx={nowrap}
        render={(row) => usDate(row.issuedOn)}
      />
      <Column source="terms" label="haulboard.invoices.fields.terms" disableSort />
      <Column
        source="dueOn"
        label="haulboard.invoices.fields.dueOn"
        cellSx={nowrap}
        render={(row) => usDate(row.dueOn)}
      />
      <Column
        source="totalCents"
        label="haulboard.invoices.fields.totalCents"
        align="right"
        cellSx={nowrap}
        render={(row) => usCents(row.totalCents)}
      />
      <Column
        source="balanceCents"
        label="haulboard.invoices.fields.balanceCents"
        align="right"
        cellSx={nowrap}
        disableSort
        render={(row) => usCents(row.balanceCents)}
      />
    </RecordList>
  );
}
