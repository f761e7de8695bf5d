import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link as RouterLink } from 'react-router-dom';
import { MessagePage } from '../pages/MessagePage';
import { ResendVerification } from './ResendVerification';
import { SignOutButton } from './SignOutButton';
import { useAccountUser } from './useAccountUser';
import { useFlowStep } from './useFlowStep';

/**
 * /app/verify-account (docs/product/accounts.md#accounts): where the verification message went, the way to the mailbox
 * (the only inbox when the server sends no e-mail), "send again" with its cool-down. Verified elsewhere, the page
 * notices when the user comes back to it. The message's link is handled before the app (src/routes/AppEntry.tsx).
 */
export function VerifyAccountPage() {
  const translate = useTranslate();
  const user = useAccountUser();
  const check = useFlowStep();
  return (
    <MessagePage
      title={translate('haulboard.account.verify_title')}
      body={translate('haulboard.account.verify_body', { email: user?.email ?? '' })}
    >
      <Box sx={{ mt: 3, display: 'grid', gap: 3 }}>
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
          <Button component={RouterLink} to="/app/received-emails" variant="contained" startIcon={<MailOutlineIcon />}>
            {translate('haulboard.account.open_mailbox')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {translate('haulboard.account.verify_mailbox_help')}
          </Typography>
        </Box>
        <ResendVerification onVerified={() => void check()} />
        <Box>
          <SignOutButton />
        </Box>
      </Box>
    </MessagePage>
  );
}
