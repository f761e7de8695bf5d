import { Box, InputAdornment, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'ra-core';
import { PHONE_COUNTRIES } from '../../../schema/reference';

type FieldProps = Omit<TextFieldProps, 'variant'>;

/**
 * A phone with its country (docs/product/accounts.md#phones: USA +1 and 10 digits, Georgia +995 and 9 …): the dial code
 * in front of the number, the digits the country expects as the help line until the number has a problem to show.
 */
export function PhoneFields({ country, phone }: { country: FieldProps & { value: string }; phone: FieldProps }) {
  const translate = useTranslate();
  const selected = PHONE_COUNTRIES.find((c) => c.code === country.value) ?? PHONE_COUNTRIES[0];
  const hint = translate('haulboard.records.phone_help', {
    country: selected.name,
    digits: selected.digits,
    dial: selected.dialCode,
  });
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, gap: 2 }}>
      <TextField {...country} select label={translate('haulboard.account.phone_country')} required>
        {PHONE_COUNTRIES.map((c) => (
          <MenuItem key={c.code} value={c.code}>{`${c.name} (${c.dialCode})`}</MenuItem>
        ))}
      </TextField>
      <TextField
        {...phone}
        label={translate('haulboard.account.phone')}
        type="tel"
        autoComplete="tel-national"
        required
        helperText={phone.error ? phone.helperText : hint}
        slotProps={{
          input: { startAdornment: <InputAdornment position="start">{selected.dialCode}</InputAdornment> },
          htmlInput: { inputMode: 'tel' },
        }}
      />
    </Box>
  );
}
