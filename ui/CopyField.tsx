import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { useNotify } from 'ra-core';
import type { ReactNode } from 'react';

interface CopyWords {
  /** The toast when copied (a translation key and its arguments). */
  copied: { key: string; args?: Record<string, unknown> };
  /** The toast when the browser refused. */
  copyFailed: string;
}

/** Copies `value` to the clipboard and says how it went. */
export function useCopy(value: string | null | undefined, { copied, copyFailed }: CopyWords) {
  const notify = useNotify();
  return async () => {
    if (!value) return;
    try {
      await navigator.clipboard.writeText(value);
      notify(copied.key, { type: 'success', messageArgs: copied.args });
    } catch {
      notify(copyFailed, { type: 'warning' });
    }
  };
}

/**
 * A value to copy (an online link, an app's secret): read-only, selected on focus, with a copy button that says whether
 * the browser let it copy. The words are the caller's translation keys (`copyLabel` is the button's accessible name).
 */
export function CopyField({
  label,
  value,
  copyLabel,
  copied,
  copyFailed,
  helperText,
}: CopyWords & {
  label: string;
  value: string;
  copyLabel: string;
  helperText?: ReactNode;
}) {
  const copy = useCopy(value, { copied, copyFailed });
  return (
    <TextField
      fullWidth
      label={label}
      value={value}
      onFocus={(event) => event.target.select()}
      helperText={helperText}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={() => void copy()} aria-label={copyLabel} sx={{ width: 44, height: 44 }}>
                <ContentCopyIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
