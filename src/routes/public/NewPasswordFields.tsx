import type { TextFieldProps } from '@mui/material';
import { useT } from '../../i18n/useT';
import { PasswordField } from './PasswordField';
import { PASSWORD_HINT_LENGTH } from './passwords';

type FieldProps = Omit<TextFieldProps, 'variant'>;

/**
 * A new password and its repetition, the server's length rule as the first one's hint until it has a problem to say.
 * The props come from useForm's field().
 */
export function NewPasswordFields({ password, confirm, autoFocus, labels }: { password: FieldProps; confirm: FieldProps; autoFocus?: boolean; labels?: { password: string; confirm: string } }) {
  const t = useT();
  return (
    <>
      <PasswordField
        {...password}
        label={labels?.password ?? t('reset.new_password')}
        helperText={password.error ? password.helperText : t('reset.password_hint', { count: PASSWORD_HINT_LENGTH })}
        autoComplete="new-password"
        required
        autoFocus={autoFocus}
      />
      <PasswordField {...confirm} label={labels?.confirm ?? t('reset.confirm_password')} autoComplete="new-password" required />
    </>
  );
}
