import { Alert, Button, Link, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../../../dataProvider/http';
import { registerBody } from '../../../schema/auth';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { useForm, useSubmit } from './useForm';

const passwordRule = registerBody.shape.password;

/**
 * /reset-password?token=…: the one-time link an administrator hands over (Users → Password link). The new password
 * follows the registration rule; the server says when the link is used up or expired.
 */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const { values, field, submit } = useForm({ password: '', confirm: '' }, (v) => ({
    password: passwordRule.safeParse(v.password).error?.issues[0]?.message,
    confirm: v.confirm !== v.password ? t('reset.passwords_differ') : undefined,
  }));
  const { busy, error, onSubmit } = useSubmit(submit, async () => {
    await apiFetch('/api/token/reset-password', { method: 'POST', body: { token, password: values.password } });
    setDone(true);
  }, t('app.something_went_wrong'));
  const toLogin = <Link component={RouterLink} to="/login">{t('reset.back_to_login')}</Link>;

  if (!token) return <FormCard title={t('reset_password.title')} error={t('reset_password.no_token')} onSubmit={(event) => event.preventDefault()} footer={toLogin}>{null}</FormCard>;
  return (
    <FormCard title={t('reset_password.title')} subtitle={t('reset_password.help')} error={error} onSubmit={onSubmit} footer={toLogin}>
      {done ? (
        <Alert severity="success" role="status">{t('reset_password.done')}</Alert>
      ) : (
        <>
          <TextField {...field('password')} label={t('reset.new_password')} type="password" autoComplete="new-password" required autoFocus />
          <TextField {...field('confirm')} label={t('reset.confirm_password')} type="password" autoComplete="new-password" required />
          <Button type="submit" variant="contained" disabled={busy}>{t('reset.set_submit')}</Button>
        </>
      )}
    </FormCard>
  );
}
