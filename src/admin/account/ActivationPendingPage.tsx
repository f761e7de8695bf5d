import { Box, Button, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { MessagePage } from '../pages/MessagePage';
import { SignOutButton } from './SignOutButton';
import { useAccountUser } from './useAccountUser';
import { useFlowStep } from './useFlowStep';

/** How often the page asks whether an administrator has activated the account (the hub does not serve inactive accounts). */
const CHECK_EVERY_MS = 30_000;
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/**
 * /app/activation-pending (docs/product/accounts.md#accounts): until an administrator activates the account. The page
 * asks every 30 seconds while it is shown, when the user comes back to it, and on "Check again"; then the app opens.
 */
export function ActivationPendingPage() {
  const translate = useTranslate();
  const user = useAccountUser();
  const check = useFlowStep({ everyMs: CHECK_EVERY_MS });
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  const again = useMutation({
    mutationFn: check,
    onSuccess: (movedOn) => {
      if (!movedOn) setCheckedAt(new Date());
    },
  });
  return (
    <MessagePage
      title={translate('haulboard.account.pending_title')}
      body={translate('haulboard.account.pending_body', { name: user?.firstName ?? '' })}
    >
      <Box sx={{ mt: 3, display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Button variant="contained" disabled={again.isPending} onClick={() => again.mutate()}>
          {translate('haulboard.account.check_again')}
        </Button>
        <Typography role="status" variant="body2" color={again.isError ? 'error' : 'text.secondary'}>
          {again.isError
            ? again.error.message || translate('haulboard.app.something_went_wrong')
            : checkedAt
              ? translate('haulboard.account.still_waiting', { time: TIME.format(checkedAt) })
              : ''}
        </Typography>
        <SignOutButton />
      </Box>
    </MessagePage>
  );
}
