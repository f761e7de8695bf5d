import { Button, Chip, Stack, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useAuthProvider, useTranslate } from 'ra-core';
import { useNavigate } from 'react-router-dom';
import { getUser } from '../../../dataProvider/session';
import { MessagePage } from './MessagePage';

function SignOutButton() {
  const translate = useTranslate();
  const authProvider = useAuthProvider();
  const navigate = useNavigate();
  return (
    <Button sx={{ mt: 3 }} variant="outlined" onClick={async () => { await authProvider!.logout({}).catch(() => undefined); navigate('/login', { replace: true }); }}>
      {translate('haulboard.account.sign_out')}
    </Button>
  );
}

export function VerifyAccountPage() {
  const translate = useTranslate();
  return <MessagePage title={translate('haulboard.account.verify_title')} body={translate('haulboard.account.verify_body', { email: getUser()?.email ?? '' })}><SignOutButton /></MessagePage>;
}

export function CompleteRegisterPage() {
  const translate = useTranslate();
  return <MessagePage title={translate('haulboard.account.complete_title')} body={translate('haulboard.account.complete_body')}><SignOutButton /></MessagePage>;
}

export function ActivationPendingPage() {
  const translate = useTranslate();
  return <MessagePage title={translate('haulboard.account.pending_title')} body={translate('haulboard.account.pending_body', { name: getUser()?.firstName ?? '' })}><SignOutButton /></MessagePage>;
}

export function ReceivedEmailsPage() {
  const translate = useTranslate();
  return <MessagePage title={translate('haulboard.account.received_title')} body={translate('haulboard.account.received_body')} />;
}

export function UnderConstructionPage() {
  const translate = useTranslate();
  return <MessagePage title={translate('haulboard.account.under_construction_title')} body={translate('haulboard.account.under_construction_body')} action={{ label: 'haulboard.forbidden.back', to: '/app' }} />;
}

/** /app/account: who you are, your roles and your account's state. */
export function AccountPage() {
  const translate = useTranslate();
  const user = getUser();
  if (!user) return null;
  const rows: [string, React.ReactNode][] = [
    ['haulboard.account.email', user.email],
    ['haulboard.account.roles', <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">{user.roles.map((role) => <Chip key={role} label={role} size="small" />)}</Stack>],
    ['haulboard.account.user_type', user.userType ?? '—'],
    ['haulboard.account.status', translate(user.isActive ? 'haulboard.account.active' : 'haulboard.account.inactive')],
  ];
  return (
    <MessagePage title={translate('haulboard.account.title')} body={user.name}>
      <Table size="small" sx={{ mt: 2 }}>
        <TableBody>
          {rows.map(([label, value]) => (
            <TableRow key={label}>
              <TableCell component="th" scope="row" sx={{ width: 160 }}>{translate(label)}</TableCell>
              <TableCell>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </MessagePage>
  );
}
