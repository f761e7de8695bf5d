import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment, Link, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../../../authProvider';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { EMAIL_PATTERN, useForm } from './useForm';

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const { values, field, submit } = useForm({ email: '', password: '' }, (v) => ({
    ...(!v.email.trim() ? { email: t('login.email_required') } : !EMAIL_PATTERN.test(v.email.trim()) ? { email: t('login.email_invalid') } : {}),
    ...(!v.password ? { password: t('login.password_required') } : {}),
  }));

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!submit()) return;
    setBusy(true);
    setError(null);
    try {
      await signIn(values.email.trim(), values.password);
      const from = (location.state as { nextPathname?: string } | null)?.nextPathname;
      navigate(from && from.startsWith('/app') ? from : '/app', { replace: true });
    } catch (e) {
      setError((e as Error).message || t('app.something_went_wrong'));
      setBusy(false);
    }
  };

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
      <TextField {...field('email')} label={t('login.email')} type="email" autoComplete="username" autoFocus required fullWidth />
      <TextField
        {...field('password')}
        label={t('login.password')}
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        required
        fullWidth
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton onClick={() => setShowPassword((s) => !s)} edge="end" aria-label={showPassword ? t('login.hide_password') : t('login.show_password')}>
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? t('login.submitting') : t('login.submit')}
      </Button>
    </FormCard>
  );
}
