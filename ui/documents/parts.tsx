import AttachFileIcon from '@mui/icons-material/AttachFile';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useRef } from 'react';
import { ACCEPTED_KINDS_TEXT, DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES } from '../../schema/documents';
import { ResponsiveDialog } from '../ResponsiveDialog';
import type { Refusal, UploadProgress } from './files';

export const DOCUMENT_HINT = `${ACCEPTED_KINDS_TEXT}, up to ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB each`;

/** "Add files": a button opening the file chooser (several at once), with the accepted types said beside it. */
export function AddFilesButton({
  onFiles,
  disabled,
  label = 'Add files',
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  label?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 0.5, minWidth: 0 }}>
      <input
        ref={input}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        hidden
        tabIndex={-1}
        aria-hidden="true"
        data-testid="document-files"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file chosen again must fire a change next time too.
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
      <Button
        variant="outlined"
        size="small"
        startIcon={<AttachFileIcon />}
        disabled={disabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      <Typography id={hintId} variant="caption" color="text.secondary">
        {DOCUMENT_HINT}
      </Typography>
    </Box>
  );
}

/** Files not taken, each with why: read out when they appear. */
export function RefusedFiles({ refusals, onClose }: { refusals: readonly Refusal[]; onClose: () => void }) {
  if (!refusals.length) return null;
  return (
    <Alert
      severity="error"
      role="alert"
      onClose={onClose}
      sx={{ minWidth: 0, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
    >
      {refusals.length === 1 ? (
        refusals[0].message
      ) : (
        <>
          {`${refusals.length} files were not added:`}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refusals.map((r, i) => (
              <li key={`${r.fileName}-${i}`}>{r.message}</li>
            ))}
          </Box>
        </>
      )}
    </Alert>
  );
}

/** The upload under way: which file, which of how many, how far (the text is what a screen reader hears). */
export function UploadProgressView({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const percent = Math.round(progress.fraction * 100);
  const of = progress.count > 1 ? ` (${progress.index + 1} of ${progress.count})` : '';
  const text =
    progress.fraction < 1 ? `Uploading ${progress.fileName}${of}: ${percent}%` : `Saving ${progress.fileName}${of}…`;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
      <LinearProgress
        variant={progress.fraction < 1 ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={`Uploading ${progress.fileName}`}
      />
    </Box>
  );
}

/** A yes/no question before something is removed. */
export function ConfirmRemove({
  open,
  title,
  children,
  confirmLabel = 'Remove',
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <ResponsiveDialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ overflowWrap: 'anywhere' }}>
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
