import { Box, Typography } from '@mui/material';
import { DataTable } from 'react-admin';
import { useListContext, useTranslate } from 'ra-core';
import { usDate } from '../../ui/format';
import { RecordList } from '../../ui/records/RecordList';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { RESOURCE, bookOrdersResource } from './api';
import { bookOrderFilters, bookOrderQuickFilters } from './BookOrderFilters';
import { StatusChip } from './StatusChip';

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
  approved: boolean;
  hasManagerReview: boolean;
  deleted: boolean;
};

const money = { style: 'currency', currency: 'USD' } as const;
const stop = (s: Row['pickup']) => (
  <Box>
    <Typography variant="body2" noWrap>{usDate(s.date)}</Typography>
    <Typography variant="caption" color="text.secondary">{s.city}{s.state ? `, ${s.state}` : ''}</Typography>
  </Box>
);

/** Totals of the whole filtered set (not just this page), from the list call. */
function Totals() {
  const translate = useTranslate();
  const { meta, total } = useListContext() as { meta?: { totals?: { price: number; brokerFee: number } }; total?: number };
  if (!meta?.totals) return null;
  const format = (value: number) => value.toLocaleString('en-US', money);
  return (
    <Box role="status" sx={{ display: 'flex', gap: 3, px: 2, py: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2">{translate('haulboard.book_orders.totals.count', { count: total ?? 0 })}</Typography>
      <Typography variant="body2">{translate('haulboard.book_orders.totals.price', { amount: format(meta.totals.price) })}</Typography>
      <Typography variant="body2">{translate('haulboard.book_orders.totals.broker_fee', { amount: format(meta.totals.brokerFee) })}</Typography>
    </Box>
  );
}

const Column = DataTable.Col<Row>;

export default function BookOrderList() {
  // Rows open the edit screen (SPEC.md: /app/books/bookorders/{id}/edit) for users who may change or approve orders.
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
      header={<Totals />}
    >
      <Column source="orderNumber" label="haulboard.book_orders.fields.order_number" />
      <Column source="status" label="haulboard.book_orders.fields.status" render={(row) => <StatusChip status={row.status as never} />} />
      <Column source="pickupDate" label="haulboard.book_orders.fields.pickup" render={(row) => stop(row.pickup)} />
      <Column source="deliveryDate" label="haulboard.book_orders.fields.delivery" render={(row) => stop(row.delivery)} />
      <Column source="vehicleCount" label="haulboard.book_orders.fields.vehicles" disableSort />
      <Column source="brokerName" label="haulboard.book_orders.fields.broker" disableSort />
      <Column source="shipperName" label="haulboard.book_orders.fields.shipper" disableSort />
      <Column source="driverName" label="haulboard.book_orders.fields.driver" disableSort />
      <Column source="dispatcherName" label="haulboard.book_orders.fields.dispatcher" disableSort />
      <Column source="loadBoard" label="haulboard.book_orders.fields.load_board" disableSort />
      <DataTable.NumberCol source="price" label="haulboard.book_orders.fields.price" options={money} />
      <DataTable.NumberCol source="brokerFee" label="haulboard.book_orders.fields.broker_fee" options={money} disableSort />
      <Column source="paymentMethod" label="haulboard.book_orders.fields.payment_method" disableSort />
      <Column source="approved" label="haulboard.book_orders.fields.approved" disableSort render={(row) => (row.approved ? '✓' : '—')} />
    </RecordList>
  );
}
