import { Box, Typography } from '@mui/material';
import { DataTable } from 'react-admin';
import { usDate, usMoney } from '../../ui/format';
import { nowrap } from '../../ui/records/columns';
import { ListTotals, type TotalItem } from '../../ui/records/ListTotals';
import { RecordList } from '../../ui/records/RecordList';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { RESOURCE, bookOrdersResource } from './api';
import { bookOrderFilters, bookOrderQuickFilters } from './BookOrderFilters';
import { PaymentTag, StatusChip } from './StatusChip';
import { ImportLoads } from './ImportLoads';
import type { PaymentStatus } from '../../schema/bookOrders';

type Row = {
  id: number;
  orderNumber: string;
  status: string;
  pickup: { date: string; city: string; state: string | null };
  delivery: { date: string; city: string; state: string | null };
  vehicleCount: number;
  brokerName: string | null;
  shipperName: string | null;
  driverName: string | null;
  dispatcherName: string | null;
  loadBoard: string;
  price: number;
  brokerFee: number;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  approved: boolean;
  hasManagerReview: boolean;
  deleted: boolean;
};

const stop = (s: Row['pickup']) => (
  <Box>
    <Typography variant="body2" noWrap>
      {usDate(s.date)}
    </Typography>
    <Typography variant="caption" color="text.secondary">
      {s.city}
      {s.state ? `, ${s.state}` : ''}
    </Typography>
  </Box>
);

/** The orders found, their price and broker fees, over the whole filtered set. */
const totals = (sums: { price: number; brokerFee: number }, count: number): TotalItem[] => [
  { label: 'haulboard.book_orders.totals.count', args: { count } },
  { label: 'haulboard.book_orders.totals.price', args: { amount: usMoney(sums.price) } },
  { label: 'haulboard.book_orders.totals.broker_fee', args: { amount: usMoney(sums.brokerFee) } },
];

const Column = DataTable.Col<Row>;

export default function BookOrderList() {
  // Rows open the edit screen (/app/books/bookorders/{id}/edit) for users who may change or approve orders.
  const canUpdate = useCanAccessFeature(RESOURCE, 'Update');
  const canApprove = useCanAccessFeature(RESOURCE, 'Approve');
  return (
    <RecordList
      title="haulboard.book_orders.title"
      search="haulboard.book_orders.filters.search"
      filters={bookOrderFilters}
      filterDefaultValues={{ filtered: 'current' }}
      quickFilters={bookOrderQuickFilters}
      sort={{ field: 'pickupDate', order: 'DESC' }}
      hiddenColumns={['loadBoard', 'dispatcherName', 'paymentMethod', 'brokerFee']}
      exportName="book-orders"
      rowClick={canUpdate || canApprove ? bookOrdersResource.editPath : false}
      header={<ListTotals items={totals} />}
      actions={<ImportLoads />}
    >
      <Column source="orderNumber" label="haulboard.book_orders.fields.order_number" />
      <Column
        source="status"
        label="haulboard.book_orders.fields.status"
        render={(row) => <StatusChip status={row.status as never} />}
      />
      <Column source="pickupDate" label="haulboard.book_orders.fields.pickup" render={(row) => stop(row.pickup)} />
      <Column
        source="deliveryDate"
        label="haulboard.book_orders.fields.delivery"
        render={(row) => stop(row.delivery)}
      />
      <Column source="vehicleCount" label="haulboard.book_orders.fields.vehicles" disableSort />
      <Column source="brokerName" label="haulboard.book_orders.fields.broker" disableSort />
      <Column source="shipperName" label="haulboard.book_orders.fields.shipper" disableSort />
      <Column source="driverName" label="haulboard.book_orders.fields.driver" disableSort />
      <Column source="dispatcherName" label="haulboard.book_orders.fields.dispatcher" disableSort />
      <Column source="loadBoard" label="haulboard.book_orders.fields.load_board" disableSort />
      <Column
        source="price"
        label="haulboard.book_orders.fields.price"
        align="right"
        cellSx={nowrap}
        render={(row) => usMoney(row.price)}
      />
      <Column
        source="brokerFee"
        label="haulboard.book_orders.fields.broker_fee"
        align="right"
        cellSx={nowrap}
        render={(row) => usMoney(row.brokerFee)}
        disableSort
      />
      <Column source="paymentMethod" label="haulboard.book_orders.fields.payment_method" disableSort />
      <Column
        source="paymentStatus"
        label="haulboard.book_orders.fields.payment_status"
        disableSort
        render={(row) => <PaymentTag status={row.paymentStatus} />}
      />
      <Column
        source="approved"
        label="haulboard.book_orders.fields.approved"
        disableSort
        render={(row) => (row.approved ? '✓' : '—')}
      />
    </RecordList>
  );
}
