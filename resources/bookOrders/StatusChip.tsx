import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import type { OrderStatus } from '../../schema/bookOrders';

const COLORS: Record<OrderStatus, 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info'> = {
  NEW: 'info', ASSIGNED: 'primary', PICKED_UP: 'secondary', DELIVERED: 'success', INVOICED: 'warning', PAID: 'success', ON_HOLD: 'warning', CANCELLED: 'error',
};

export function StatusChip({ status }: { status?: OrderStatus }) {
  const translate = useTranslate();
  const record = useRecordContext<{ status: OrderStatus }>();
  const value = status ?? record?.status;
  if (!value) return null;
  return <Chip size="small" color={COLORS[value]} variant={value === 'PAID' ? 'outlined' : 'filled'} label={translate(`haulboard.book_orders.statuses.${value}`)} />;
}
