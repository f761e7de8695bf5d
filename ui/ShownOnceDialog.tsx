import { Alert, Button, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId } from 'react';
import { CopyField } from './CopyField';
import { ResponsiveDialog } from './ResponsiveDialog';

/**
 * Secrets the server shows once (a connected app's credentials, a webhook's signing secret), each read-only with its
 * copy button, under a warning that they will not be shown again. Closed only by saying so: a click beside the dialog
 * would lose them. `prefix` holds the words: warning, done, copy (with %{what}), copied (with %{what}), copy_failed.
 */
export function ShownOnceDialog({
  open,
  title,
  prefix,
  values,
  note,
  onClose,
}: {
  open: boolean;
  title: string;
  prefix: string;
  values: { label: string; value: string }[];
  /** What to do with them, under the values. */
  note?: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <ResponsiveDialog
      open={open}
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {open && (
        <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
          <Alert severity="warning" role="alert">
            {translate(`${prefix}.warning`)}
          </Alert>
          {values.map(({ label, value }) => (
            <CopyField
              key={label}
              label={label}
              value={value}
              copyLabel={translate(`${prefix}.copy`, { what: label })}
              copied={{ key: `${prefix}.copied`, args: { what: label } }}
              copyFailed={`${prefix}.copy_failed`}
            />
          ))}
          {note && <DialogContentText variant="body2">{note}</DialogContentText>}
        </DialogContent>
      )}
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate(`${prefix}.done`)}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
