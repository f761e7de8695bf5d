import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { Button, IconButton, InputAdornment, Link, TextField } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { signIn } from '../../../authProvider/signIn';
import { useT } from '../../i18n/useT';
import { FormCard } from './FormCard';
import { emailProblem, useForm, useSubmit } from './useForm';

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const [showPassword, setShowPassword] = useState(false);
  const { values, field, submit } = useForm({ email: '', password: '' }, (v) => ({
    email: emailProblem(v.email, t),
    password: v.password ? undefined : t('login.password_required'),
  }));
  const { busy, error, onSubmit } = useSubmit(submit, async () => {
    await signIn(values.email.trim(), values.password);
    const from = (location.state as { nextPathname?: string } | null)?.nextPathname;
    navigate(from && from.startsWith('/app') ? from : '/app', { replace: true });
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
