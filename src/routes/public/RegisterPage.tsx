import { Button, Link, MenuItem, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { saveSession } from '../../../dataProvider/session';
import { accessApi } from '../../../dataProvider/access';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { PasswordField } from './PasswordField';
import { PASSWORD_HINT_LENGTH, passwordProblem } from './passwords';
import { RECAPTCHA_SITE_KEY, Recaptcha } from './Recaptcha';
import { emailProblem, useForm, useSubmit } from './useForm';

/**
 * Registration (its payload: docs/product/accounts.md#accounts). The account starts unverified: the app goes on to
 * /app/verify-account, where the verification message waits, and is usable once verified, completed and activated by
 * an administrator.
 */
export default function RegisterPage() {
  const t = useT();
  const navigate = useNavigate();
  const [userTypes, setUserTypes] = useState<{ id: string; name: string }[]>([]);
  const [recaptchaToken, setRecaptchaToken] = useState<string | null>(null);
  const { values, field, submit } = useForm({ firstname: '', lastname: '', email: '', userType: '', password: '' }, (v) => ({
    firstname: v.firstname.trim() ? undefined : t('register.firstname_required'),
    lastname: v.lastname.trim() ? undefined : t('register.lastname_required'),
    email: emailProblem(v.email, t),
    userType: v.userType ? undefined : t('register.user_type_required'),
    password: passwordProblem(v.password),
  }));
  const checked = () => {
    const valid = submit();
    if (valid && RECAPTCHA_SITE_KEY && !recaptchaToken) {
      setError(t('register.recaptcha_required'));
      return false;
    }
    return valid;
  };
  const { busy, error, setError, onSubmit } = useSubmit(checked, async () => {
    const { accessToken, user } = await accessApi.register({
      email: values.email.trim(), firstname: values.firstname.trim(), lastname: values.lastname.trim(), userType: values.userType,
      password: values.password, googleRecaptchaToken: recaptchaToken, AccountId: 1,
    });
    saveSession(accessToken, user);
    navigate('/app', { replace: true });
  }, t('app.something_went_wrong'));

  useEffect(() => {
    accessApi.userTypes().then(setUserTypes, () => setError(t('register.user_types_failed')));
  }, [t, setError]);

  return (
    <FormCard title={t('register.title')} error={error} onSubmit={onSubmit} footer={<Link component={RouterLink} to="/login">{t('register.have_account')}</Link>}>
      <TextField {...field('firstname')} label={t('register.firstname')} autoComplete="given-name" required autoFocus />
      <TextField {...field('lastname')} label={t('register.lastname')} autoComplete="family-name" required />
      <TextField {...field('email')} label={t('login.email')} type="email" autoComplete="email" required />
      <TextField {...field('userType')} select label={t('register.user_type')} required>
        {userTypes.map((type) => <MenuItem key={type.id} value={type.id}>{type.name}</MenuItem>)}
      </TextField>
      <PasswordField {...field('password', t('reset.password_hint', { count: PASSWORD_HINT_LENGTH }))} label={t('login.password')} autoComplete="new-password" required />
      {RECAPTCHA_SITE_KEY && <Recaptcha siteKey={RECAPTCHA_SITE_KEY} onToken={setRecaptchaToken} onUnavailable={() => setError(t('register.recaptcha_unavailable'))} />}
      <Button type="submit" variant="contained" size="large" disabled={busy}>{busy ? t('register.submitting') : t('register.submit')}</Button>
    </FormCard>
  );
}
