import { Alert, Button, Link, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { accountApi } from '../../../dataProvider/account';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordProblems } from './passwords';
import { emailProblem, useForm, useSubmit } from './useForm';

/**
 * The password reset by e-mail (docs/product/accounts.md#accounts): /resetbyemail asks for a link, which the message
 * brings as /forgotpassword/{email}/{resettoken}. The answer to the request is the same whether or not the address has
 * an account, so the page never says which.
 */
export function ResetByEmailPage() {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { values, field, submit } = useForm({ email: '' }, (v) => ({ email: emailProblem(v.email, t) }));
  const { busy, error, onSubmit } = useSubmit(submit, async () => {
    await accountApi.forgotPassword(values.email.trim());
    setSentTo(values.email.trim());
  }, t('app.something_went_wrong'));
  const toLogin = <Link component={RouterLink} to="/login">{t('reset.back_to_login')}</Link>;
  if (sentTo) {
    return (
      <FormCard title={t('reset.request_title')} onSubmit={(event) => event.preventDefault()} footer={toLogin}>
        <Alert severity="success" role="status">{t('reset.sent', { email: sentTo })}</Alert>
        <Typography variant="body2" color="text.secondary">{t('reset.sent_mailbox')}</Typography>
        <Button variant="outlined" onClick={() => setSentTo(null)}>{t('reset.send_another')}</Button>
      </FormCard>
    );
  }
  return (
    <FormCard title={t('reset.request_title')} subtitle={t('reset.request_help')} error={error} onSubmit={onSubmit} footer={toLogin}>
      <TextField {...field('email')} label={t('login.email')} type="email" autoComplete="email" required autoFocus />
      <Button type="submit" variant="contained" disabled={busy}>{busy ? t('reset.request_sending') : t('reset.request_submit')}</Button>
    </FormCard>
  );
}

/** The link of the reset message: a new password for the address it names, typed twice; then the sign-in form. */
export function SetPasswordPage() {
  const t = useT();
  const navigate = useNavigate();
  const { email = '', resettoken = '' } = useParams();
  const [done, setDone] = useState(false);
  const { values, field, submit } = useForm({ password: '', confirm: '' }, (v) => newPasswordProblems(v, t('reset.passwords_differ')));
  const { busy, error, onSubmit } = useSubmit(submit, async () => {
    await accountApi.resetPassword({ email, token: resettoken, password: values.password });
    setDone(true);
  }, t('app.something_went_wrong'));
  const footer = (
    <>
      {error && <Link component={RouterLink} to="/resetbyemail">{t('reset.ask_again')}</Link>}
      <Link component={RouterLink} to="/login">{t('reset.back_to_login')}</Link>
    </>
  );
  if (done) {
    return (
      <FormCard title={t('reset.set_title')} onSubmit={(event) => event.preventDefault()} footer={null}>
        <Alert severity="success" role="status">{t('reset.done')}</Alert>
        <Button variant="contained" autoFocus onClick={() => navigate('/login', { state: { email } })}>{t('reset.sign_in')}</Button>
      </FormCard>
    );
  }
  return (
    <FormCard title={t('reset.set_title')} subtitle={t('reset.set_help', { email })} error={error} onSubmit={onSubmit} footer={footer}>
      <NewPasswordFields password={field('password')} confirm={field('confirm')} autoFocus />
      <Button type="submit" variant="contained" disabled={busy}>{busy ? t('reset.saving') : t('reset.set_submit')}</Button>
    </FormCard>
  );
}
