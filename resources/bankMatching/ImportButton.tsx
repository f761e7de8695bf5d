import './messages';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import HistoryIcon from '@mui/icons-material/History';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import { apiFetch, apiUpload, unwrap } from '../../dataProvider/http';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { usDate, usDateTime, usNumber } from '../../ui/format';
import { BANK_API } from './api';

interface ImportResult {
  id: number;
  layout: string;
  fileName: string;
  importedAt: string;
  importedBy?: string | null;
  rowsRead: number;
  added: number;
  alreadyThere: number;
  firstDay: string | null;
  lastDay: string | null;
}
type Progress = { file: string; fraction: number } | null;

/**
 * Import a bank export: the file goes up as it is (text/csv) with the upload's progress shown, then "reading" while
 * the server parses and de-duplicates it; the answer says what was added and what was already there, and stays on the
 * screen (role=status) until the next import.
 */
export function ImportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const canImport = useCanAccessFeature('finances/match-transactions', 'Create');
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  if (!canImport) return null;
  const upload = async (file: File) => {
    setResult(null);
    setProgress({ file: file.name, fraction: 0 });
    try {
      const answer = unwrap<ImportResult>(
        await apiUpload(`${BANK_API}/import`, file, {
          query: { fileName: file.name },
          contentType: 'text/csv',
          onProgress: (fraction) => setProgress({ file: file.name, fraction }),
        }),
      );
      setResult(answer);
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['bank-date-filters'] });
      void queryClient.invalidateQueries({ queryKey: ['bank-imports'] });
    } catch (error) {
      notify((error as Error).message, { type: 'error', autoHideDuration: 15_000 });
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };
  const uploading = progress && progress.fraction < 1;
  return (
    <Box sx={{ px: 2, pt: 1, display: 'grid', gap: 1 }}>
      <Box>
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          hidden
          aria-label={translate('haulboard.bank.import.choose')}
          data-testid="bank-import-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button
          variant="contained"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={!!progress}
          onClick={() => input.current?.click()}
        >
          {translate('haulboard.bank.import.button')}
        </Button>
      </Box>
      <Box role="status" aria-live="polite">
        {progress && (
          <Box>
            <Typography variant="body2">
              {uploading
                ? translate('haulboard.bank.import.uploading', {
                    file: progress.file,
                    percent: Math.round(progress.fraction * 100),
                  })
                : translate('haulboard.bank.import.reading', { file: progress.file })}
            </Typography>
            <LinearProgress
              variant={uploading ? 'determinate' : 'indeterminate'}
              value={progress.fraction * 100}
              aria-label={translate('haulboard.bank.import.button')}
            />
          </Box>
        )}
        {result && (
          <Alert severity={result.added ? 'success' : 'info'} onClose={() => setResult(null)}>
            {translate(result.added ? 'haulboard.bank.import.done' : 'haulboard.bank.import.nothing_new', {
              file: result.fileName,
              read: result.rowsRead,
              added: result.added,
              there: result.alreadyThere,
            })}
          </Alert>
        )}
      </Box>
    </Box>
  );
}

/** Every import: who, when, which file, rows read, added and already there. */
export function ImportsButton() {
  const translate = useTranslate();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const { data } = useQuery({
    queryKey: ['bank-imports'],
    enabled: open,
    queryFn: async () =>
      unwrap<{ items: ImportResult[] }>(await apiFetch(`${BANK_API}/imports`, { query: { size: 50 } })).items,
  });
  const when = usDateTime;
  return (
    <>
      <Button size="small" startIcon={<HistoryIcon />} onClick={() => setOpen(true)}>
        {translate('haulboard.bank.import.history')}
      </Button>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="md">
        <DialogTitle id={titleId}>{translate('haulboard.bank.import.history_title')}</DialogTitle>
        <DialogContent sx={{ overflowX: 'auto' }}>
          {data && !data.length && <Typography>{translate('haulboard.bank.import.none')}</Typography>}
          {!!data?.length && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  {['when', 'who', 'file', 'layout', 'period', 'read', 'added', 'there'].map((key) => (
                    <TableCell key={key} align={['read', 'added', 'there'].includes(key) ? 'right' : 'left'}>
                      {translate(`haulboard.bank.import.${key}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(i.importedAt)}</TableCell>
                    <TableCell>{i.importedBy}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{i.fileName}</TableCell>
                    <TableCell>{translate(`haulboard.bank.import.layouts.${i.layout}`)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {i.firstDay ? `${usDate(i.firstDay)} – ${usDate(i.lastDay)}` : ''}
                    </TableCell>
                    <TableCell align="right">{usNumber(i.rowsRead)}</TableCell>
                    <TableCell align="right">{usNumber(i.added)}</TableCell>
                    <TableCell align="right">{usNumber(i.alreadyThere)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
