import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { STATUS_TRANSITIONS, type OrderStatus } from '../../schema/bookOrders';
import { INVOICES_ROUTE, newInvoiceAddress } from '../../schema/invoices';
import { RecordEditActions } from '../../ui/records/RecordForms';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature, useHoldsFeature } from '../../ui/useCanAccessFeature';
import { RESOURCE } from './api';
import { StatusChip } from './StatusChip';

interface OrderRecord {
  id: number;
  brokerId: number;
  status: OrderStatus;
  version: number;
  approved: boolean;
  hasManagerReview: boolean;
  deleted: boolean;
}

/** Status, approval and manager review, each shown only with its permission and versioned; then delete/restore. */
export function BookOrderActions() {
  const translate = useTranslate();
  const record = useRecordContext<OrderRecord>();
  const canUpdate = useCanAccessFeature(RESOURCE, 'Update');
  const canApprove = useCanAccessFeature(RESOURCE, 'Approve');
  const canInvoice = useHoldsFeature(INVOICES_ROUTE, 'Create');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const action = useApiAction();
  if (!record) return null;
  const next = STATUS_TRANSITIONS[record.status] ?? [];
  const version = record.version;
  const call = (path: string, done: string, body: unknown, method = 'POST') =>
    action.mutate({ path: `/api/BookOrder/${record.id}${path}`, method, body, done });

  return (
    <RecordEditActions>
      <StatusChip status={record.status} />
      {canUpdate && !record.deleted && next.length > 0 && (
        <>
          <Button
            size="small"
            aria-haspopup="menu"
            onClick={(event) => setAnchor(event.currentTarget)}
            disabled={action.isPending}
          >
            {translate('haulboard.book_orders.actions.change_status')}
          </Button>
          <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {next.map((status) => (
              <MenuItem
                key={status}
                onClick={() => {
                  setAnchor(null);
                  call('/status', 'haulboard.book_orders.actions.status_changed', { status, version });
                }}
              >
                <ListItemText>{translate(`haulboard.book_orders.statuses.${status}`)}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {canInvoice && record.status === 'DELIVERED' && !record.deleted && (
        <Button
          size="small"
          variant="contained"
          component={RouterLink}
          to={newInvoiceAddress(record.id, record.brokerId)}
        >
          {translate('haulboard.book_orders.actions.invoice')}
        </Button>
      )}
      {canApprove && !record.approved && !record.deleted && (
        <Button
          size="small"
          variant="contained"
          disabled={action.isPending}
          onClick={() => call('/approve', 'haulboard.book_orders.actions.approved', { version })}
        >
          {translate('haulboard.book_orders.actions.approve')}
        </Button>
      )}
      {canUpdate && !record.deleted && (
        <Button
          size="small"
          disabled={action.isPending}
          onClick={() =>
            call(
              '/manager-review',
              'haulboard.book_orders.actions.review_saved',
              { hasManagerReview: !record.hasManagerReview, version },
              'PUT',
            )
          }
        >
          {translate(
            record.hasManagerReview
              ? 'haulboard.book_orders.actions.clear_review'
              : 'haulboard.book_orders.actions.flag_review',
          )}
        </Button>
      )}
    </RecordEditActions>
  );
}
