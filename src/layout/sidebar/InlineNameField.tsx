import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';

/**
 * A name typed in place: confirm stays dimmed while the name is empty or unchanged (docs/product/shell.md#sidebar),
 * Enter confirms, Escape cancels. Used to add a group and to rename one.
 */
export function InlineNameField({
  initial = '',
  label,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
}: {
  initial?: string;
  label: string;
  confirmLabel: string;
  onConfirm: (name: string) => void;
  onCancel: () => void;
  busy?: boolean;
}) {
  const translate = useTranslate();
  const [value, setValue] = useState(initial);
  const name = value.trim();
  const unchanged = name === initial.trim();
  const disabled = !name || unchanged || busy;
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) onConfirm(name);
      }}
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5 }}
    >
      <TextField
        size="small"
        autoFocus
        label={label}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
        }}
        slotProps={{ htmlInput: { maxLength: 60 } }}
        sx={{ flex: 1, minWidth: 0 }}
      />
      <IconButton
        type="submit"
        size="small"
        color="primary"
        disabled={disabled}
        aria-label={confirmLabel}
        sx={{ opacity: disabled ? 0.4 : 1 }}
      >
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={onCancel} aria-label={translate('haulboard.sidebar.cancel')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
