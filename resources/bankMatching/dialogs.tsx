import './messages';
import { Button, DialogActions, DialogContent, DialogTitle, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { EXPLAIN_REASONS, type ExplainReason, explainBody, undoBody } from '../../schema/bank';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';

interface DialogProps<T> {
  open: boolean;
  busy: boolean;
  error?: string | null;
  onClose: () => void;
  onSave: (body: T) => void;
}

/** Explain a row without an item: a reason, and a note (needed for "Other"); checked as typed with the server's rule. */
export function ExplainDialog({
  open,
  busy,
  error,
  onClose,
  onSave,
  version,
}: DialogProps<{ version: number; reason: ExplainReason; note?: string }> & { version: number }) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState<ExplainReason>('BANK_FEE');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const checked = explainBody.safeParse({ version, reason, note: note.trim() || undefined });
  const noteIssue = checked.success ? undefined : translate('haulboard.bank.explain.note_needed');
  const save = () => {
    setTried(true);
    if (checked.success) onSave(checked.data);
  };
  return (
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{translate('haulboard.bank.explain.title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          autoFocus
          label={translate('haulboard.bank.explain.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value as ExplainReason)}
        >
          {EXPLAIN_REASONS.map((r) => (
            <MenuItem key={r} value={r}>
              {translate(`haulboard.bank.explain.reasons.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('haulboard.bank.explain.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          required={reason === 'OTHER'}
          multiline
          minRows={2}
          error={(tried && !!noteIssue) || !!error}
          helperText={(tried && noteIssue) || error || ' '}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={save}>
          {translate('haulboard.bank.explain.save')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/** Undo a match: why, kept with it. */
export function UndoDialog({ open, busy, error, onClose, onSave }: DialogProps<{ reason: string }>) {
  const translate = useTranslate();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const checked = undoBody.safeParse({ reason });
  const issue = checked.success ? undefined : checked.error.issues[0]?.message;
  const save = () => {
    setTried(true);
    if (checked.success) onSave(checked.data);
  };
  return (
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{translate('haulboard.bank.undo.title')}</DialogTitle>
      <DialogContent sx={{ pt: '8px !important' }}>
        <TextField
          autoFocus
          fullWidth
          required
          label={translate('haulboard.bank.undo.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
          }}
          error={(tried && !!issue) || !!error}
          helperText={(tried && issue) || error || translate('haulboard.bank.undo.reason_help')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={busy} onClick={save}>
          {translate('haulboard.bank.undo.save')}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
