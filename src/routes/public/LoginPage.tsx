import { Button, Link, TextField } from '@mui/material';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../../../authProvider/signIn';
import { pageAfterSignIn, type SignInReturn } from './signInReturn';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { PasswordField } from './PasswordField';
import { emailProblem, useForm, useSubmit } from './useForm';

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  // Coming from a password reset or an e-mail confirmation, the address is filled in.
  const state = location.state as (SignInReturn & { email?: string }) | null;
  const { values, field, submit } = useForm({ email: state?.email ?? '', password: '' }, (v) => ({
    email: emailProblem(v.email, t),
    password: v.password ? undefined : t('login.password_required'),
  }));
  const { busy, error, onSubmit } = useSubmit(submit, async () => {
    await signIn(values.email.trim(), values.password);
    navigate(pageAfterSignIn(state), { replace: true });
  }, t('app.something_went_wrong'));

  return (
    <FormCard
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      error={error}
      onSubmit={onSubmit}
      footer={
        <>
          <Link component={RouterLink} to="/resetbyemail">{t('login.forgot')}</Link>
          <Link component={RouterLink} to="/register">{t('login.no_account')}</Link>
        </>
      }
    >
      <TextField {...field('email')} label={t('login.email')} type="email" autoComplete="username" autoFocus={!state?.email} required fullWidth />
      <PasswordField {...field('password')} label={t('login.password')} autoComplete="current-password" autoFocus={!!state?.email} required fullWidth />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </FormCard>
  );
}
