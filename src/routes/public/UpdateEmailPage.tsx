import { Alert, CircularProgress, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { hasValidToken } from '../../../authProvider/signIn';
import { accountApi } from '../../../dataProvider/account';
import { getUser } from '../../../dataProvider/session';
import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';
import { freshUser, useLinkAnswer } from './useLinkAnswer';

/**
 * /app/update-email/{token}: the link of the e-mail-change message, sent to the new address. It works signed in or not
 * (public call); the signed-in user's stored account is read again so the new address shows at once. Without a token
 * verified users go on to the app (docs/product/accounts.md#accounts).
 */
export default function UpdateEmailPage() {
  const t = useT();
  const { '*': token = '' } = useParams();
  if (!token) {
    if (getUser()?.isEmailVerified) return <Navigate to="/app" replace />;
    return <TextPage title={t('account.update_email_title')} paragraphs={[t('account.update_email_no_token')]} action={{ label: t('reset.back_to_login'), to: '/login' }} />;
  }
  return <ConfirmEmailChange token={token} />;
}

function ConfirmEmailChange({ token }: { token: string }) {
  const t = useT();
  const answer = useLinkAnswer(`email-change:${token}`, () => accountApi.confirmEmailChange(token), t('app.something_went_wrong'));
  // Signed in here: whether the session still stands once the account is read again.
  const [signedIn, setSignedIn] = useState<boolean | null>(hasValidToken() ? null : false);
  useEffect(() => {
    if (answer.state === 'done' && signedIn === null) void freshUser().then((user) => setSignedIn(!!user));
  }, [answer, signedIn]);

  const title = t('account.update_email_title');
  if (answer.state === 'working' || (answer.state === 'done' && signedIn === null)) {
    return <TextPage title={title} paragraphs={[]} aside={<Stack role="status" direction="row" spacing={2} alignItems="center"><CircularProgress size={24} aria-hidden /><span>{t('account.confirming')}</span></Stack>} />;
  }
  const back = hasValidToken() ? { label: t('account.back_to_account'), to: '/app/account' } : { label: t('login.submit'), to: '/login' };
  if (answer.state === 'failed') return <TextPage title={title} paragraphs={[]} aside={<Alert severity="error" role="alert" sx={{ mb: 2 }}>{answer.message}</Alert>} action={back} />;
  return <TextPage title={title} paragraphs={[]} aside={<Alert severity="success" role="status" sx={{ mb: 2 }}>{t('account.email_changed', { email: answer.value.email })}</Alert>} action={back} />;
}
