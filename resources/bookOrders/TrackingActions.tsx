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

interface OrderVehicle {
  vin: string;
  year: number | null;
  make: string | null;
  model: string | null;
}
const vehicleName = (vehicle: OrderVehicle) =>
  [vehicle.year, vehicle.make, vehicle.model].filter(Boolean).join(' ') || vehicle.vin;

/**
 * The order's tracking link (docs/product/tracking.md#links): make it, copy its address (as often as needed: the
 * server gives it again), mail it to the shipper's and broker's addresses, revoke it (confirmed); on a load of several
 * vehicles, a link for one of them (its page shows that vehicle alone); and which addresses get the notices and which
 * notices went out.
 */
export function TrackingActions() {
  const order = useRecordContext<{ id: number; vehicles?: OrderVehicle[] }>();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canUpdate = useCanAccessFeature(RESOURCE, 'Update');
  const headingId = useId();
  /** The link whose revoking waits for confirmation. */
  const [revoking, setRevoking] = useState<number | null>(null);
  const orderId = order?.id;
  const key = ['tracking', orderId];
  const tracking = useQuery({
    queryKey: key,
    enabled: orderId !== undefined,
    queryFn: async () => unwrap<TrackingDto>(await apiFetch(`/api/BookOrder/${orderId}/tracking`)),
  });
  const act = <T,>(path: (input: T) => string, done: string) => ({
    mutationFn: async (input: T) =>
      unwrap<TrackingDto>(await apiFetch(`/api/BookOrder/${orderId}/${path(input)}`, { method: 'POST' })),
    onSuccess: (value: TrackingDto) => {
      queryClient.setQueryData(key, value);
      notify(done, { type: 'success' });
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
  });
  const create = useMutation(
    act((vin: string | null) => `tracking-links${vin ? `?vin=${encodeURIComponent(vin)}` : ''}`, `${PREFIX}.created`),
  );
  const mail = useMutation(act(() => 'tracking-links/mail', `${PREFIX}.mailed`));
  const revoke = useMutation({
    ...act((linkId: number) => `tracking-links/${linkId}/revoke`, `${PREFIX}.revoked`),
    onSettled: () => setRevoking(null),
  });
  /** The working link of the order (vin null) or of one of its vehicles. */
  const activeOf = (vin: string | null) =>
    tracking.data?.links.find((link) => link.vin === vin && link.status === 'active' && link.url);
  const active = activeOf(null);
  const copy = useCopy(active?.url, copyWords);
  if (!order) return null;
  const latest = tracking.data?.links.find((link) => link.vin === null);
  const vehicles = order.vehicles ?? [];

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
              onClick={() => create.mutate(null)}
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
            onClick={() => mail.mutate(undefined)}
            sx={TOUCH}
          >
            {translate(`${PREFIX}.mail`)}
          </Button>
          {active && (
            <Button color="warning" onClick={() => setRevoking(active.id)} sx={TOUCH}>
              {translate(`${PREFIX}.revoke`)}
            </Button>
          )}
        </Stack>
      )}
      {tracking.isSuccess && vehicles.length > 1 && (
        <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }}>
          <Typography variant="subtitle2" component="h3">
            {translate(`${PREFIX}.vehicles_title`)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`${PREFIX}.vehicles_intro`)}
          </Typography>
          {vehicles.map((vehicle) => {
            const name = vehicleName(vehicle);
            const link = activeOf(vehicle.vin);
            if (!link?.url) return null;
            return (
              <Stack key={vehicle.vin} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1, alignItems: 'start' }}>
                <CopyField
                  label={translate(`${PREFIX}.vehicle_link`, { name })}
                  value={link.url}
                  copyLabel={translate(`${PREFIX}.vehicle_copy`, { name })}
                  {...copyWords}
                  helperText={translate(`${PREFIX}.made`, { date: day(link.createdAt), name: link.createdBy ?? '—' })}
                />
                {canUpdate && (
                  <Button
                    color="warning"
                    onClick={() => setRevoking(link.id)}
                    aria-label={translate(`${PREFIX}.vehicle_revoke`, { name })}
                    sx={TOUCH}
                  >
                    {translate(`${PREFIX}.revoke`)}
                  </Button>
                )}
              </Stack>
            );
          })}
          {canUpdate && (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {vehicles
                .filter((vehicle) => !activeOf(vehicle.vin))
                .map((vehicle) => (
                  <Button
                    key={vehicle.vin}
                    variant="outlined"
                    startIcon={<ShareLocationIcon />}
                    disabled={create.isPending}
                    onClick={() => create.mutate(vehicle.vin)}
                    sx={TOUCH}
                  >
                    {translate(`${PREFIX}.vehicle_create`, { name: vehicleName(vehicle) })}
                  </Button>
                ))}
            </Stack>
          )}
        </Box>
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
        isOpen={revoking !== null}
        loading={revoke.isPending}
        title={`${PREFIX}.revoke_title`}
        content={revoking === active?.id ? `${PREFIX}.revoke_body` : `${PREFIX}.vehicle_revoke_body`}
        confirm={`${PREFIX}.revoke`}
        confirmColor="warning"
        onConfirm={() => revoking !== null && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
