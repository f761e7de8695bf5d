import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import type { FuelPreviewDto } from '../../schema/ifta';
import { usDateTime } from '../../ui/format';
import { fetchFuelImports, importFuel, previewFuel } from './api';

/**
 * The fuel-card import (docs/product/ifta.md#fuel-csv): choose the card company's transaction export, see what it
 * would add (the lines refused, by line, with why), import it; the files imported so far below.
 */
export function FuelImport() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.ifta.${key}`, args);
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<FuelPreviewDto | null>(null);
  const { data: history } = useQuery({ queryKey: ['ifta-fuel-imports'], queryFn: fetchFuelImports });
  const read = useMutation({
    mutationFn: (chosen: File) => previewFuel(chosen),
    onMutate: (chosen) => {
      setFile(chosen);
      setPreview(null);
    },
    onSuccess: setPreview,
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const save = useMutation({
    mutationFn: () => importFuel(file!),
    onSuccess: (done) => {
      notify(t('imported', { smart_count: done.added }), { type: 'success' });
      setPreview(null);
      setFile(null);
      void queryClient.invalidateQueries({ queryKey: ['ifta'] });
      void queryClient.invalidateQueries({ queryKey: ['ifta-fuel-imports'] });
      void queryClient.invalidateQueries({ queryKey: ['ifta-quarters'] });
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  const busy = read.isPending || save.isPending;
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('fuel')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fuel_intro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <input
            ref={input}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('choose_fuel')}
            data-testid="ifta-fuel-file"
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) read.mutate(chosen);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadFileIcon />}
            disabled={busy}
            onClick={() => input.current?.click()}
          >
            {t('choose_fuel')}
          </Button>
          {preview && (
            <Button variant="contained" disabled={busy || !preview.ready} onClick={() => save.mutate()}>
              {t('import', { smart_count: preview.ready })}
            </Button>
          )}
        </Box>
        <Box role="status" aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
          {busy && <LinearProgress aria-label={t('reading')} />}
          {read.error && <Alert severity="error">{read.error.message}</Alert>}
          {preview && file && (
            <Typography variant="body2">
              {t('fuel_preview', {
                file: file.name,
                lines: preview.lines,
                ready: preview.ready,
                duplicates: preview.duplicates,
                notFuel: preview.notFuel,
                refused: preview.refused.length,
              })}
            </Typography>
          )}
          {preview && preview.refused.length > 0 && (
            <Alert severity="warning">
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {preview.refused.slice(0, 50).map((p) => (
                  <li key={p.line}>{t('line_problem', { ...p })}</li>
                ))}
              </Box>
            </Alert>
          )}
        </Box>
        <Typography variant="subtitle2" component="h3">
          {t('imports')}
        </Typography>
        {history && !history.length && (
          <Typography variant="body2" color="text.secondary">
            {t('no_imports')}
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, pl: 2, display: 'grid', gap: 0.5 }}>
          {(history ?? []).slice(0, 10).map((row) => (
            <Typography component="li" variant="body2" key={row.id}>
              {t('import_row', {
                when: usDateTime(row.createdAt),
                file: row.fileName,
                added: row.added,
                duplicates: row.duplicates,
                refused: row.refused,
              })}
            </Typography>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
