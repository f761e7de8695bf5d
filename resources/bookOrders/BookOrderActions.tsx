import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { ListButton, TopToolbar } from 'react-admin';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'ra-core';
import { useState } from 'react';
import { apiFetch } from '../../dataProvider/http';
import { STATUS_TRANSITIONS, type OrderStatus } from '../../schema/bookOrders';
import { useCanAccessFeature } from '../../src/common/useCanAccessFeature';
import { RESOURCE } from './api';
import { StatusChip } from './StatusChip';

interface OrderRecord {
  id: number;
  status: OrderStatus;
  version: number;
  approved: boolean;
  hasManagerReview: boolean;
  deleted: boolean;
}

/** Status, approval, manager review and delete/restore: each shown only with its permission, each versioned. */
export function BookOrderActions() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<OrderRecord>();
  const canUpdate = useCanAccessFeature(RESOURCE, 'Update');
  const canApprove = useCanAccessFeature(RESOURCE, 'Approve');
  const canDelete = useCanAccessFeature(RESOURCE, 'Delete');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const action = useMutation({
    mutationFn: ({ path, method = 'POST', body }: { path: string; method?: string; body?: unknown; done: string }) => apiFetch(`/api/BookOrder/${record!.id}${path}`, { method, body }),
    onSuccess: (_data, { done }) => {
      notify(done, { type: 'success' });
      refresh();
    },
    onError: (error: Error) => {
      notify(error.message, { type: 'error' });
      refresh();
    },
  });
  if (!record) return null;
  const next = STATUS_TRANSITIONS[record.status] ?? [];
  const version = record.version;

  return (
    <TopToolbar sx={{ alignItems: 'center' }}>
      <StatusChip status={record.status} />
      {canUpdate && !record.deleted && next.length > 0 && (
        <>
          <Button size="small" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)} disabled={action.isPending}>
            {translate('haulboard.book_orders.actions.change_status')}
          </Button>
          <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
            {next.map((status) => (
              <MenuItem key={status} onClick={() => { setAnchor(null); action.mutate({ path: '/status', body: { status, version }, done: 'haulboard.book_orders.actions.status_changed' }); }}>
                <ListItemText>{translate(`haulboard.book_orders.statuses.${status}`)}</ListItemText>
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
      {canApprove && !record.approved && !record.deleted && (
        <Button size="small" variant="contained" disabled={action.isPending} onClick={() => action.mutate({ path: '/approve', body: { version }, done: 'haulboard.book_orders.actions.approved' })}>
          {translate('haulboard.book_orders.actions.approve')}
        </Button>
      )}
      {canUpdate && !record.deleted && (
        <Button size="small" disabled={action.isPending} onClick={() => action.mutate({ path: '/manager-review', method: 'PUT', body: { hasManagerReview: !record.hasManagerReview, version }, done: 'haulboard.book_orders.actions.review_saved' })}>
          {translate(record.hasManagerReview ? 'haulboard.book_orders.actions.clear_review' : 'haulboard.book_orders.actions.flag_review')}
        </Button>
      )}
      {canDelete && (
        <Button size="small" color={record.deleted ? 'primary' : 'error'} disabled={action.isPending} onClick={() => action.mutate(record.deleted ? { path: '/restore', done: 'haulboard.book_orders.actions.restored' } : { path: '', method: 'DELETE', done: 'haulboard.book_orders.actions.deleted' })}>
          {translate(record.deleted ? 'haulboard.book_orders.actions.restore' : 'ra.action.delete')}
        </Button>
      )}
      <ListButton />
    </TopToolbar>
  );
}
