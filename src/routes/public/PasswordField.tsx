import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { useT } from '../../i18n/useT';

/** A password input with a show/hide button (sign-in, registration, the reset and change forms). */
export function PasswordField(props: TextFieldProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton onClick={() => setShown((s) => !s)} edge="end" aria-label={shown ? t('login.hide_password') : t('login.show_password')}>
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
