import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import ShareLocationIcon from '@mui/icons-material/ShareLocation';
import { CopyField, useCopy } from '../../ui/CopyField';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm } from 'react-admin';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { dateIn } from '../../schema/businessDay';
import type { TrackingDto } from '../../schema/tracking';
import { usDate } from '../../ui/format';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { RESOURCE } from './api';

const PREFIX = 'haulboard.book_orders.tracking';
const copyWords = { copied: { key: `${PREFIX}.copied` }, copyFailed: `${PREFIX}.copy_failed` };
/** Buttons a finger can hit on a phone (WCAG 2.5.5): at least 44 px high. */
const TOUCH = { minHeight: 44 } as const;
const day = (instant: string | null) => (instant ? usDate(dateIn(instant)) : '');

/**
 * The order's tracking link (docs/product/tracking.md#links): make it, copy its address (as often as needed: the
 * server gives it again), mail it to the shipper's and broker's addresses, revoke it (confirmed); and which addresses
 * get the notices and which notices went out.
 */
export function TrackingActions() {
  const order = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canUpdate = useCanAccessFeature(RESOURCE, 'Update');
  const headingId = useId();
  const [revoking, setRevoking] = useState(false);
  const orderId = order?.id;
  const key = ['tracking', orderId];
  const tracking = useQuery({
    queryKey: key,
    enabled: orderId !== undefined,
    queryFn: async () => unwrap<TrackingDto>(await apiFetch(`/api/BookOrder/${orderId}/tracking`)),
  });
  const act = (path: string, done: string) => ({
    mutationFn: async () =>
      unwrap<TrackingDto>(await apiFetch(`/api/BookOrder/${orderId}/${path}`, { method: 'POST' })),
    onSuccess: (value: TrackingDto) => {
      queryClient.setQueryData(key, value);
      notify(done, { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const create = useMutation(act('tracking-links', `${PREFIX}.created`));
  const mail = useMutation(act('tracking-links/mail', `${PREFIX}.mailed`));
  const active = tracking.data?.links.find((link) => link.status === 'active' && link.url);
  const revoke = useMutation({
    ...act(`tracking-links/${active?.id ?? 0}/revoke`, `${PREFIX}.revoked`),
    onSettled: () => setRevoking(false),
  });
  const copy = useCopy(active?.url, copyWords);
  if (!order) return null;
  const latest = tracking.data?.links[0];

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      onSubmit={(event) => event.stopPropagation()}
      sx={{ width: '100%', mb: 2, display: 'grid', gap: 1.5, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {translate(`${PREFIX}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${PREFIX}.intro`)}
      </Typography>
      {tracking.isError && <Alert severity="error">{translate(`${PREFIX}.failed`)}</Alert>}
      {active?.url ? (
        <CopyField
          label={translate(`${PREFIX}.link`)}
          value={active.url}
          copyLabel={translate(`${PREFIX}.copy`)}
          {...copyWords}
          helperText={translate(`${PREFIX}.made`, { date: day(active.createdAt), name: active.createdBy ?? '—' })}
        />
      ) : (
        tracking.isSuccess && (
          <Typography variant="body2">
            {latest?.status === 'expired'
              ? translate(`${PREFIX}.expired`, { date: day(latest.expiresAt) })
              : translate(`${PREFIX}.none`)}
          </Typography>
        )
      )}
      {canUpdate && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {!active && (
            <Button
              variant="outlined"
              startIcon={<ShareLocationIcon />}
              disabled={create.isPending || !tracking.isSuccess}
              onClick={() => create.mutate()}
              sx={TOUCH}
            >
              {translate(`${PREFIX}.create`)}
            </Button>
          )}
          {active && (
            <Button startIcon={<ContentCopyIcon />} variant="outlined" onClick={() => void copy()} sx={TOUCH}>
              {translate(`${PREFIX}.copy`)}
            </Button>
          )}
          <Button
            variant="outlined"
            startIcon={<MailOutlineIcon />}
            disabled={mail.isPending || !tracking.isSuccess}
            onClick={() => mail.mutate()}
            sx={TOUCH}
          >
            {translate(`${PREFIX}.mail`)}
          </Button>
          {active && (
            <Button color="warning" onClick={() => setRevoking(true)} sx={TOUCH}>
              {translate(`${PREFIX}.revoke`)}
            </Button>
          )}
        </Stack>
      )}
      {tracking.data && (
        <Typography variant="body2" color="text.secondary">
          {tracking.data.recipients.length
            ? translate(`${PREFIX}.recipients`, {
                to: tracking.data.recipients
                  .map((one) => (one.optedOut ? translate(`${PREFIX}.opted_out`, { email: one.email }) : one.email))
                  .join(', '),
              })
            : translate(`${PREFIX}.no_recipients`)}
          {tracking.data.notices.map((notice) => (
            <Box component="span" key={notice.kind} sx={{ display: 'block' }}>
              {translate(`${PREFIX}.notice`, {
                kind: translate(`${PREFIX}.kinds.${notice.kind}`),
                date: day(notice.at),
                count: notice.recipients.length,
              })}
            </Box>
          ))}
        </Typography>
      )}
      <Confirm
        isOpen={revoking}
        loading={revoke.isPending}
        title={`${PREFIX}.revoke_title`}
        content={`${PREFIX}.revoke_body`}
        confirm={`${PREFIX}.revoke`}
        confirmColor="warning"
        onConfirm={() => revoke.mutate()}
        onClose={() => setRevoking(false)}
      />
    </Box>
  );
}
