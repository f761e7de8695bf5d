import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useSignOut } from '../../layout/useSignOut';

/** Every account-flow page offers to sign out (someone else's computer, the wrong account). */
export function SignOutButton() {
  const translate = useTranslate();
  const signOut = useSignOut();
  return (
    <Button variant="outlined" startIcon={<LogoutIcon />} onClick={() => void signOut()}>
      {translate('haulboard.account.sign_out')}
    </Button>
  );
}
