import './messages';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import type { DeliveryAttemptDto, WebhookDeliveryDto } from '../../schema/webhooks';
import { usDateTime } from '../../ui/format';
import { useEventName } from './EventNames';

const PREFIX = 'haulboard.webhooks.deliveries';
/** Replay, in the details on a phone instead of a column of its own (resources/webhooks/DeliveryLog.tsx). */
export const PHONE_ONLY = { display: { xs: 'inline-flex', sm: 'none' }, justifySelf: 'start' };

/** An attempt's answer as one line: the status code, or why there was none. */
export function answerText(attempt: DeliveryAttemptDto | null, none: string) {
  if (!attempt) return '—';
  return attempt.statusCode
    ? `${attempt.statusCode}${attempt.error ? ` · ${attempt.error}` : ''}`
    : (attempt.error ?? none);
}

/** When a delivery last happened: delivered, else its last attempt, else its making. */
export const deliveryTime = (delivery: WebhookDeliveryDto) =>
  usDateTime(delivery.deliveredAt ?? delivery.lastAttempt?.at ?? delivery.createdAt);

/** Replay of a delivered event, for who may update the subscription. */
export function ReplayButton({
  name,
  onReplay,
  busy,
  sx,
}: {
  name: string;
  onReplay: () => void;
  busy: boolean;
  sx?: object;
}) {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      aria-label={translate(`${PREFIX}.replay_label`, { event: name })}
      disabled={busy}
      onClick={onReplay}
      sx={sx}
    >
      {translate(`${PREFIX}.replay`)}
    </Button>
  );
}

/** The columns a phone leaves out of a delivery's row: its attempts, when, and Replay. */
function PhoneFacts({ delivery, replay }: { delivery: WebhookDeliveryDto; replay: ReactNode }) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="body2" sx={{ display: { sm: 'none' } }}>
        {translate(`${PREFIX}.attempts`)}: {delivery.attempts} · {deliveryTime(delivery)}
      </Typography>
      {replay}
    </>
  );
}

/** A delivery's body and every attempt, newest first; on a phone first the columns its row leaves out. */
export function DeliveryDetails({ delivery, replay }: { delivery: WebhookDeliveryDto; replay: ReactNode }) {
  const translate = useTranslate();
  const eventName = useEventName();
  return (
    <Box sx={{ display: 'grid', gap: 1, py: 1 }}>
      <PhoneFacts delivery={delivery} replay={replay} />
      <Typography variant="subtitle2" component="h4">
        {translate(`${PREFIX}.body`)}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: '0.8rem',
          overflowX: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
      >
        {delivery.body}
      </Box>
      <Typography variant="subtitle2" component="h4">
        {translate(`${PREFIX}.history`, { event: eventName(delivery.eventType) })}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {delivery.history.map((attempt) => (
          <li key={attempt.at}>
            <Typography variant="body2">
              {usDateTime(attempt.at)} — {answerText(attempt, translate(`${PREFIX}.no_answer`))} ·{' '}
              {translate(`${PREFIX}.took`, { ms: attempt.durationMs.toLocaleString('en-US') })}
            </Typography>
            {attempt.response && (
              <Typography variant="caption" component="div" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                {translate(`${PREFIX}.answer`)}: {attempt.response}
              </Typography>
            )}
          </li>
        ))}
      </Box>
    </Box>
  );
}
