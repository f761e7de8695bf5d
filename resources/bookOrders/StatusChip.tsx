import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import type { OrderStatus, PaymentStatus } from '../../schema/bookOrders';
import { Tag, type TagTone } from '../../ui/Tag';

const COLORS: Record<OrderStatus, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info'> = {
  NEW: 'info',
  ASSIGNED: 'primary',
  PICKED_UP: 'secondary',
  DELIVERED: 'success',
  INVOICED: 'warning',
  PAID: 'success',
  ON_HOLD: 'warning',
  CANCELLED: 'error',
};

export function StatusChip({ status }: { status?: OrderStatus }) {
  const translate = useTranslate();
  const record = useRecordContext<{ status: OrderStatus }>();
  const value = status ?? record?.status;
  if (!value) return null;
  return (
    <Chip
      size="small"
      color={COLORS[value]}
      variant={value === 'PAID' ? 'outlined' : 'filled'}
      label={translate(`haulboard.book_orders.statuses.${value}`)}
    />
  );
}

const PAYMENT_TONES: Record<PaymentStatus, TagTone> = { UNPAID: 'default', PARTIALLY_PAID: 'info', PAID: 'success' };

/** Whether the broker's payment is found in the bank (set by bank matching): unpaid, partly paid, paid. */
export function PaymentTag({ status }: { status: PaymentStatus }) {
  const translate = useTranslate();
  return <Tag tone={PAYMENT_TONES[status]}>{translate(`haulboard.book_orders.payment_statuses.${status}`)}</Tag>;
}
