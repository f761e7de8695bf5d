import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountFlowPath } from '../../../authProvider/access';
import { hasValidToken } from '../../../authProvider/signIn';
import { accountApi } from '../../../dataProvider/account';
import { useT } from '../../i18n/useT';
import { TextPage } from './TextPage';
import { freshUser, useLinkAnswer } from './useLinkAnswer';

/**
 * The verification message's link, /app/verify-account?token=…, opened where the account may not be signed in (another
 * browser, the phone that got the e-mail): the address is verified without a session. Signed in, the app goes on to the
 * next step of the account flow (docs/product/accounts.md#accounts) at once; signed out, the page says so and offers
 * the sign-in.
 */
export default function VerifyLinkPage({ token }: { token: string }) {
  const t = useT();
  const navigate = useNavigate();
  const answer = useLinkAnswer(`verify:${token}`, () => accountApi.verifyEmail(token), t('app.something_went_wrong'));
  const signedIn = hasValidToken();

  useEffect(() => {
    if (answer.state !== 'done' || !signedIn) return;
    const { email } = answer.value;
    void freshUser().then((user) => {
      if (user) navigate(accountFlowPath(user) ?? '/app', { replace: true, state: { verifiedEmail: email } });
      else navigate('/login', { replace: true, state: { email, nextPathname: '/app' } });
    });
  }, [answer, signedIn, navigate]);

  const title = t('account.verify_link_title');
  if (answer.state === 'working' || (answer.state === 'done' && signedIn)) {
    return <TextPage title={title} paragraphs={[]} aside={<Stack role="status" direction="row" spacing={2} alignItems="center"><CircularProgress size={24} aria-hidden /><span>{t('account.verifying')}</span></Stack>} />;
  }
  if (answer.state === 'failed') {
    return (
      <TextPage
        title={title}
        paragraphs={[]}
        aside={<Alert severity="error" role="alert" sx={{ mb: 2 }}>{answer.message}</Alert>}
        action={signedIn ? { label: t('account.back_to_app'), to: '/app' } : { label: t('login.submit'), to: '/login' }}
      />
    );
  }
  return (
    <TextPage
      title={title}
      paragraphs={[]}
      aside={
        <>
          <Alert severity="success" role="status" sx={{ mb: 2 }}>{t('account.verified', { email: answer.value.email })}</Alert>
          <Button variant="contained" onClick={() => navigate('/login', { state: { email: answer.value.email, nextPathname: '/app' } })}>{t('account.sign_in_to_go_on')}</Button>
        </>
      }
    />
  );
}
