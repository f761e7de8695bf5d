import { Alert, Button, Link, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { emailProblem, useForm } from './useForm';

/**
 * The password-reset pages of SPEC.md §2. This server has no reset-by-e-mail call yet (administrators set new
 * passwords), so the forms validate and then say so plainly instead of pretending to send anything.
 */
function Unavailable() {
  const t = useT();
  return <Alert severity="info" role="status">{t('reset.unavailable')}</Alert>;
}

export function ResetByEmailPage() {
  const t = useT();
  const [sent, setSent] = useState(false);
  const { field, submit } = useForm({ email: '' }, (v) => ({ email: emailProblem(v.email, t) }));
  return (
    <FormCard
      title={t('reset.request_title')}
      subtitle={t('reset.request_help')}
      onSubmit={(event) => {
        event.preventDefault();
        if (submit()) setSent(true);
      }}
      footer={<Link component={RouterLink} to="/login">{t('reset.back_to_login')}</Link>}
    >
      <TextField {...field('email')} label={t('login.email')} type="email" autoComplete="email" required autoFocus />
      <Button type="submit" variant="contained">{t('reset.request_submit')}</Button>
      {sent && <Unavailable />}
    </FormCard>
  );
}

export function SetPasswordPage() {
  const t = useT();
  const { email = '' } = useParams();
  const [sent, setSent] = useState(false);
  const { field, submit } = useForm({ password: '', confirm: '' }, (v) => ({
    password: v.password.length < 8 ? t('register.password_too_short') : undefined,
    confirm: v.confirm !== v.password ? t('reset.passwords_differ') : undefined,
  }));
  return (
    <FormCard
      title={t('reset.set_title')}
      subtitle={t('reset.set_help', { email })}
      onSubmit={(event) => {
        event.preventDefault();
        if (submit()) setSent(true);
      }}
      footer={<Link component={RouterLink} to="/login">{t('reset.back_to_login')}</Link>}
    >
      <TextField {...field('password')} label={t('reset.new_password')} type="password" autoComplete="new-password" required autoFocus />
      <TextField {...field('confirm')} label={t('reset.confirm_password')} type="password" autoComplete="new-password" required />
      <Button type="submit" variant="contained">{t('reset.set_submit')}</Button>
      {sent && <Unavailable />}
    </FormCard>
  );
}
