import './messages';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { Title } from 'react-admin';
import {
  ACCOUNTING_EXPORT_ROUTE,
  ACCOUNTING_FORMATS,
  ACCOUNTING_FORMAT_LABELS,
  type AccountingExportCounts,
  type AccountingExportDto,
  type AccountingExportResult,
  type AccountingFormat,
  ENTITY_KINDS,
  ENTITY_KIND_LABELS,
  accountingExportBody,
  accountingExportFileApi,
} from '../../schema/accountingExport';
import { addDays, addMonths } from '../../schema/expiry';
import { todayIso } from '../../schema/businessDay';
import { apiDownload } from '../../dataProvider/download';
import { LoadProblem } from '../../ui/LoadProblem';
import { countText, usDate, usDateTime } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { usePhone } from '../../ui/usePhone';
import { HISTORY_SIZE, fetchHistory, makeExport } from './api';

/** The kinds as a reader looks for them: the transactions first, then the lists. */
const READING_ORDER = [...ENTITY_KINDS.slice(3), ...ENTITY_KINDS.slice(0, 3).reverse()];

/** "2 invoices, 1 payment, 3 customers": what an export carried, the kinds it carried none of left out. */
export function carriedText(counts: AccountingExportCounts, nothing: string): string {
  const parts = READING_ORDER.filter((k) => counts[k] > 0).map((k) => countText(counts[k], ...ENTITY_KIND_LABELS[k]));
  return parts.length ? parts.join(', ') : nothing;
}

/** The first and last day of the month `shift` months from today's. */
function monthOf(today: string, shift: number) {
  const from = addMonths(`${today.slice(0, 8)}01`, shift);
  return { from, to: addDays(addMonths(from, 1), -1) };
}

function FileButtons({ item }: { item: AccountingExportDto }) {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {item.files.map((file) => (
        <Button
          key={file.kind}
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ textTransform: 'none' }}
          aria-label={translate('haulboard.accounting_export.download', { file: file.fileName, id: item.id })}
          onClick={() =>
            apiDownload(accountingExportFileApi(item.id, file.kind), `export-${item.id}-${file.fileName}`).catch(
              (failure: Error) => notify(failure.message, { type: 'error' }),
            )
          }
        >
          {file.fileName}
        </Button>
      ))}
    </Box>
  );
}

/** The form: a format and a period (last month to start with), and Export. */
function NewExport({ onDone }: { onDone: (result: AccountingExportResult) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const formatLabel = useId();
  const [format, setFormat] = useState<AccountingFormat>('IIF');
  const [period, setPeriod] = useState(() => monthOf(todayIso(), -1));
  const checked = accountingExportBody.safeParse({ format, ...period });
  const problem = (field: 'from' | 'to') =>
    checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === field)?.message;
  const mutation = useMutation({
    mutationFn: makeExport,
    onSuccess: onDone,
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });
  return (
    <Card component="section" aria-labelledby={`${formatLabel}-title`}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography id={`${formatLabel}-title`} variant="h6" component="h2">
          {translate('haulboard.accounting_export.new_export')}
        </Typography>
        <Box>
          <FormLabel id={formatLabel}>{translate('haulboard.accounting_export.format')}</FormLabel>
          <RadioGroup
            aria-labelledby={formatLabel}
            row
            value={format}
            onChange={(e) => setFormat(e.target.value as AccountingFormat)}
          >
            {ACCOUNTING_FORMATS.map((f) => (
              <FormControlLabel key={f} value={f} control={<Radio />} label={ACCOUNTING_FORMAT_LABELS[f]} />
            ))}
          </RadioGroup>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {(['from', 'to'] as const).map((field) => (
            <TextField
              key={field}
              type="date"
              size="small"
              label={translate(`haulboard.accounting_export.${field}`)}
              value={period[field]}
              onChange={(e) => setPeriod((old) => ({ ...old, [field]: e.target.value }))}
              error={!!problem(field)}
              helperText={problem(field)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ width: { xs: '100%', sm: 200 } }}
            />
          ))}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" onClick={() => setPeriod(monthOf(todayIso(), -1))}>
              {translate('haulboard.accounting_export.last_month')}
            </Button>
            <Button size="small" onClick={() => setPeriod(monthOf(todayIso(), 0))}>
              {translate('haulboard.accounting_export.this_month')}
            </Button>
          </Box>
        </Stack>
        <Box>
          <Button
            variant="contained"
            disabled={!checked.success || mutation.isPending}
            onClick={() => checked.success && mutation.mutate(checked.data)}
          >
            {translate(
              mutation.isPending ? 'haulboard.accounting_export.exporting' : 'haulboard.accounting_export.export',
            )}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The exports, newest first: when, who, format, period, what each carried, and its files to download again. */
function History({ highlight }: { highlight: number | null }) {
  const translate = useTranslate();
  const titleId = useId();
  const [pageNumber, setPageNumber] = useState(0);
  const { data, error } = useQuery({
    queryKey: ['accounting-exports', pageNumber],
    queryFn: () => fetchHistory(pageNumber),
  });
  const phone = usePhone();
  const nothing = translate('haulboard.accounting_export.nothing');
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('haulboard.accounting_export.history')}
        </Typography>
        {error ? (
          <LoadProblem />
        ) : !data ? (
          <Skeleton variant="rounded" height={160} />
        ) : data.items.length === 0 ? (
          <Typography color="text.secondary">{translate('haulboard.accounting_export.empty')}</Typography>
        ) : phone ? (
          // On a phone each export is a block of its own, the files last: a table would hide them sideways.
          <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
            {data.items.map((item) => (
              <Box
                component="li"
                key={item.id}
                sx={{
                  border: 1,
                  borderColor: item.id === highlight ? 'primary.main' : 'divider',
                  borderRadius: 1,
                  p: 1.5,
                  display: 'grid',
                  gap: 0.5,
                }}
              >
                <Typography variant="subtitle2" component="h3">
                  #{item.id} · {ACCOUNTING_FORMAT_LABELS[item.format]}
                </Typography>
                <Typography variant="body2">
                  {usDate(item.from)} – {usDate(item.to)}: {carriedText(item.counts, nothing)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {usDateTime(item.createdAt)}{' '}
                  {item.createdBy && translate('haulboard.accounting_export.by', { name: item.createdBy })}
                </Typography>
                <FileButtons item={item} />
              </Box>
            ))}
          </Box>
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('haulboard.accounting_export.number')}</TableCell>
                  <TableCell>{translate('haulboard.accounting_export.when')}</TableCell>
                  <TableCell>{translate('haulboard.accounting_export.format')}</TableCell>
                  <TableCell>{translate('haulboard.accounting_export.period')}</TableCell>
                  <TableCell>{translate('haulboard.accounting_export.carried')}</TableCell>
                  <TableCell>{translate('haulboard.accounting_export.files')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.items.map((item) => (
                  <TableRow key={item.id} selected={item.id === highlight}>
                    <TableCell>{item.id}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {usDateTime(item.createdAt)}
                      {item.createdBy && (
                        <Typography variant="body2" color="text.secondary">
                          {translate('haulboard.accounting_export.by', { name: item.createdBy })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell>{ACCOUNTING_FORMAT_LABELS[item.format]}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {usDate(item.from)} – {usDate(item.to)}
                    </TableCell>
                    <TableCell sx={{ minWidth: 180 }}>{carriedText(item.counts, nothing)}</TableCell>
                    <TableCell>
                      <FileButtons item={item} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
          {pageNumber > 0 && (
            <Button onClick={() => setPageNumber((p) => p - 1)}>
              {translate('haulboard.accounting_export.newer')}
            </Button>
          )}
          {data && data.totalCount > (pageNumber + 1) * HISTORY_SIZE && (
            <Button onClick={() => setPageNumber((p) => p + 1)}>{translate('haulboard.accounting_export.more')}</Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * The accounting export (docs/product/accounting-export.md): a new export of a period in a format, what it carried
 * and its files at once; the history below, each export's files to download again. Exporting needs Export.
 */
export default function AccountingExportScreen() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const canExport = useHoldsFeature(ACCOUNTING_EXPORT_ROUTE, 'Export');
  const [last, setLast] = useState<AccountingExportResult | null>(null);
  const done = (result: AccountingExportResult) => {
    setLast(result);
    void queryClient.invalidateQueries({ queryKey: ['accounting-exports'] });
  };
  const nothing = translate('haulboard.accounting_export.nothing');
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2, minWidth: 0, maxWidth: 1200 }}>
      <Title title={translate('haulboard.accounting_export.title')} />
      <Typography color="text.secondary">{translate('haulboard.accounting_export.intro')}</Typography>
      {canExport && <NewExport onDone={done} />}
      {last && (
        <Alert severity={last.reused ? 'info' : 'success'} role="status">
          <Box sx={{ mb: 1 }}>
            {last.reused
              ? translate('haulboard.accounting_export.reused', { id: last.export.id })
              : translate('haulboard.accounting_export.made', {
                  id: last.export.id,
                  what: carriedText(last.export.counts, nothing),
                })}
          </Box>
          <FileButtons item={last.export} />
        </Alert>
      )}
      <History highlight={last?.export.id ?? null} />
    </Box>
  );
}
