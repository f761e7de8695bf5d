import { Alert, Box, Button } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type HttpError, useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import { accountApi } from '../../../dataProvider/account';
import { minutesSeconds, useCountdown } from '../../../ui/useCountdown';

/** The server's cool-down between two messages, when a refusal does not say when the next one may go. */
const COOL_DOWN_MS = 60_000;

/**
 * "Send the message again", with the server's cool-down counted down on the button from the moment the page opens (the
 * server says when the last message allows the next one), so the first click is not a refusal. A refusal anyway (429,
 * another tab sent one) says when the next one may go; `onVerified` runs when the server answers the address is verified already (409).
 */
export function ResendVerification({ onVerified }: { onVerified: () => void }) {
  const translate = useTranslate();
  const [until, setUntil] = useState<string | null>(null);
  const [said, setSaid] = useState<{ severity: 'success' | 'info' | 'error'; text: string } | null>(null);
  const left = useCountdown(until);
  const state = useQuery({ queryKey: ['account', 'verification'], queryFn: accountApi.verification, staleTime: 0 });
  const knownNext = state.data?.nextAllowedAt;
  useEffect(() => {
    if (knownNext) setUntil((current) => (current && current > knownNext ? current : knownNext));
  }, [knownNext]);
  const send = useMutation({
    mutationFn: accountApi.resendVerification,
    onSuccess: ({ sentTo, nextAllowedAt }) => {
      setUntil(nextAllowedAt);
      setSaid({ severity: 'success', text: translate('haulboard.account.verify_sent_again', { email: sentTo }) });
    },
    onError: (error: HttpError) => {
      if (error.status === 409) return onVerified();
      if (error.status === 429) {
        const next = (error.body as { nextAllowedAt?: string } | null)?.nextAllowedAt;
        setUntil(next ?? new Date(Date.now() + COOL_DOWN_MS).toISOString());
        setSaid({ severity: 'info', text: translate('haulboard.account.verify_wait') });
        return;
      }
      setSaid({ severity: 'error', text: error.message || translate('haulboard.app.something_went_wrong') });
    },
  });
  return (
    <Box sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}>
      <Button variant="outlined" disabled={send.isPending || state.isPending || left > 0} onClick={() => send.mutate()}>
        {left > 0
          ? translate('haulboard.account.verify_resend_in', { time: minutesSeconds(left) })
          : translate('haulboard.account.verify_resend')}
      </Button>
      {said && (
        <Alert severity={said.severity} role={said.severity === 'error' ? 'alert' : 'status'}>
          {said.text}
        </Alert>
      )}
    </Box>
  );
}
