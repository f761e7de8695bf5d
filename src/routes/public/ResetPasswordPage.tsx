import { Alert, Button, Link } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../../../dataProvider/http';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordProblems } from './passwords';
import { useForm, useSubmit } from './useForm';

/**
 * /reset-password?token=…: the one-time link an administrator hands over (Users → Password link). The new password
 * follows the registration rule; the server says when the link is used up or expired.
 */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const { values, field, submit } = useForm({ password: '', confirm: '' }, (v) => newPasswordProblems(v, t('reset.passwords_differ')));
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
          <NewPasswordFields password={field('password')} confirm={field('confirm')} autoFocus />
          <Button type="submit" variant="contained" disabled={busy}>{t('reset.set_submit')}</Button>
        </>
      )}
    </FormCard>
  );
}
