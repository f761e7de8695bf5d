import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useNotify, useRefresh, useTranslate } from 'ra-core';
import { useRef, useState } from 'react';
import { apiBlob, saveBlob } from '../../dataProvider/download';
import { apiUpload, unwrap } from '../../dataProvider/http';
import { duplicateText } from '../../schema/duplicates';
import type { ImportPreviewDto, ImportResultDto } from '../../schema/orderImport';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { RESOURCE } from './api';

const IMPORT_API = '/api/BookOrder/import';

/**
 * Loads from a CSV file (docs/product/book-orders.md#csv-import): the template to fill in, the file's preview (each
 * load ready, or with its problems by line and column, or with the orders it likely repeats), then every ready load
 * booked in one go. The preview writes nothing; a sheet's text is shown as text, never as markup.
 */
export function ImportLoads() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const canCreate = useCanAccessFeature(RESOURCE, 'Create');
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!canCreate) return null;
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.book_orders.import.${key}`, args);

  const read = async (chosen: File) => {
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    setBusy(true);
    try {
      setPreview(
        unwrap<ImportPreviewDto>(await apiUpload(`${IMPORT_API}/preview`, chosen, { contentType: 'text/csv' })),
      );
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const book = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const result = unwrap<ImportResultDto>(await apiUpload(IMPORT_API, file, { contentType: 'text/csv' }));
      notify(t('booked', { smart_count: result.created.length, skipped: result.skipped.length }), { type: 'success' });
      setOpen(false);
      setPreview(null);
      setFile(null);
      refresh();
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const template = async () => {
    try {
      saveBlob(await apiBlob(`${IMPORT_API}/template`, { type: 'text/csv' }), 'book-orders-template.csv');
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };

  return (
    <>
      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setOpen(true)}>
        {t('button')}
      </Button>
      <ResponsiveDialog
        open={open}
        onClose={() => !busy && setOpen(false)}
        maxWidth="md"
        aria-labelledby="import-title"
      >
        <DialogTitle id="import-title">{t('title')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography variant="body2">{t('intro')}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" onClick={() => void template()}>
              {t('template')}
            </Button>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('choose')}
              data-testid="order-import-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) void read(chosen);
              }}
            />
            <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
              {t('choose')}
            </Button>
          </Box>
          <Box role="status" aria-live="polite">
            {busy && <LinearProgress aria-label={t('reading')} />}
            {problem && <Alert severity="error">{problem}</Alert>}
            {preview && file && (
              <Typography variant="body2">
                {t('summary', { file: file.name, smart_count: preview.loads.length, ready: preview.ready })}
              </Typography>
            )}
          </Box>
          {preview && (
            <Box sx={{ overflowX: 'auto', contain: 'inline-size' }} tabIndex={0} role="region" aria-label={t('loads')}>
              <Table size="small" aria-label={t('loads')} sx={{ minWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('ref')}</TableCell>
                    <TableCell>{t('state')}</TableCell>
                    <TableCell>{t('load')}</TableCell>
                    <TableCell>{t('lines')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.loads.map((load) => (
                    <TableRow key={load.ref}>
                      <TableCell>{load.ref}</TableCell>
                      <TableCell>
                        {load.problems.length ? (
                          <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                            {load.problems.map((p, i) => (
                              <li key={i}>
                                {t('problem', { line: p.line, column: p.column ?? t('row'), message: p.message })}
                              </li>
                            ))}
                          </Box>
                        ) : load.duplicates.length ? (
                          <Box sx={{ color: 'warning.main' }}>
                            {t('duplicate')}{' '}
                            {load.duplicates.map((d) => (
                              <Link
                                key={`${d.reason}:${d.id}`}
                                href={`/app/books/bookorders/${d.id}/edit`}
                                target="_blank"
                                rel="noopener"
                                sx={{ display: 'block' }}
                              >
                                {duplicateText(d)}
                              </Link>
                            ))}
                          </Box>
                        ) : (
                          <Box sx={{ color: 'success.main' }}>{t('ready')}</Box>
                        )}
                      </TableCell>
                      <TableCell>{load.summary}</TableCell>
                      <TableCell>{load.lines.join(', ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={busy}>
            {t('close')}
          </Button>
          <Button variant="contained" onClick={() => void book()} disabled={busy || !preview?.ready}>
            {t('book', { smart_count: preview?.ready ?? 0 })}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
