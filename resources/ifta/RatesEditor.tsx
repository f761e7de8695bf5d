import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, Box, Button, Card, CardContent, InputAdornment, MenuItem, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useId, useRef, useState } from 'react';
import {
  IFTA_STATES,
  type IftaRateDto,
  type IftaReturnDto,
  RATE_MESSAGE,
  quarterLabel,
  rateE4Of,
  stateName,
} from '../../schema/ifta';
import { previewRates, saveRates } from './api';

/** The table to edit: the quarter's rates, and an empty line for each state of the return that has none. */
const startingRows = (value: IftaReturnDto): IftaRateDto[] =>
  [...value.rates, ...value.missingRates.map((state) => ({ state, rate: '' }))].sort((a, b) =>
    a.state.localeCompare(b.state),
  );

/**
 * The quarter's rate table (docs/product/ifta.md#rates): typed line by line, or read from a CSV (State, Rate) into
 * the table to check before saving. Saved whole at the version the return was read at; a rate left empty (or
 * cleared) is no rate.
 * Once the quarter is closed, the rates it was filed with, read only.
 */
export function RatesEditor({ value, canEdit }: { value: IftaReturnDto; canEdit: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.ifta.${key}`, args);
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [rows, setRows] = useState(() => startingRows(value));
  const [problems, setProblems] = useState<string[]>([]);
  const invalid = (rate: string) => rate.trim() !== '' && rateE4Of(rate) === null;
  const save = useMutation({
    mutationFn: () =>
      saveRates(
        value.quarter,
        value.version,
        rows.filter((r) => r.rate.trim()).map((r) => ({ state: r.state, rate: r.rate.trim() })),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(['ifta', value.quarter], saved);
      void queryClient.invalidateQueries({ queryKey: ['ifta-quarters'] });
      notify(t('rates_saved'), { type: 'success' });
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  const upload = useMutation({
    mutationFn: (file: File) => previewRates(value.quarter, file),
    onSuccess: (read) => {
      const inFile = new Set(read.rates.map((r) => r.state));
      setRows(
        [...read.rates, ...value.missingRates.filter((s) => !inFile.has(s)).map((state) => ({ state, rate: '' }))].sort(
          (a, b) => a.state.localeCompare(b.state),
        ),
      );
      setProblems(read.problems.map((p) => t('line_problem', { ...p })));
      notify(t('rates_read', { smart_count: read.rates.length }), { type: 'info' });
    },
    onError: (failure: Error) => setProblems([failure.message]),
    onSettled: () => {
      if (input.current) input.current.value = '';
    },
  });
  const unused = IFTA_STATES.filter((s) => !rows.some((r) => r.state === s));
  const setRate = (state: string, rate: string) =>
    setRows((old) => old.map((r) => (r.state === state ? { ...r, rate } : r)));
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('rates', { quarter: quarterLabel(value.quarter) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {canEdit ? t('rates_intro') : t('rates_closed')}
        </Typography>
        {canEdit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <input
              ref={input}
              type="file"
              accept=".csv,text/csv"
              hidden
              aria-label={t('upload_rates')}
              data-testid="ifta-rates-file"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                if (chosen) upload.mutate(chosen);
              }}
            />
            <Button
              variant="outlined"
              startIcon={<UploadFileIcon />}
              disabled={upload.isPending}
              onClick={() => input.current?.click()}
            >
              {t('upload_rates')}
            </Button>
            <TextField
              select
              size="small"
              label={t('add_state')}
              value=""
              onChange={(e) =>
                setRows((old) =>
                  [...old, { state: e.target.value, rate: '' }].sort((a, b) => a.state.localeCompare(b.state)),
                )
              }
              sx={{ minWidth: 180 }}
            >
              {unused.map((s) => (
                <MenuItem key={s} value={s}>
                  {s} · {stateName(s)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        )}
        {problems.length > 0 && (
          <Alert severity="warning" role="status">
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Box>
          </Alert>
        )}
        <Box
          sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))', gap: 1.5, pt: 0.5 }}
          role="group"
          aria-labelledby={titleId}
        >
          {rows.map((row) => (
            <TextField
              key={row.state}
              size="small"
              label={`${row.state} · ${stateName(row.state)}`}
              value={row.rate}
              onChange={(e) => setRate(row.state, e.target.value)}
              error={invalid(row.rate) || (!row.rate.trim() && value.missingRates.includes(row.state))}
              helperText={invalid(row.rate) ? RATE_MESSAGE : undefined}
              disabled={!canEdit}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'aria-label': t('rate_of', { state: stateName(row.state) }) },
              }}
            />
          ))}
        </Box>
        {canEdit && (
          <Box>
            <Button
              variant="contained"
              disabled={save.isPending || rows.some((r) => invalid(r.rate))}
              onClick={() => save.mutate()}
            >
              {save.isPending ? t('saving') : t('save_rates')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
