import './messages';
import DownloadIcon from '@mui/icons-material/Download';
import LockIcon from '@mui/icons-material/Lock';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title } from 'react-admin';
import { todayIso } from '../../schema/businessDay';
import {
  IFTA_ROUTE,
  type IftaReturnDto,
  iftaReportFile,
  iftaReportFileName,
  previousQuarter,
  quarterLabel,
  quarterOf,
} from '../../schema/ifta';
import { apiDownload } from '../../dataProvider/download';
import { Facts } from '../../ui/Facts';
import { LoadProblem } from '../../ui/LoadProblem';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { Tag } from '../../ui/Tag';
import { usCents, usDate, usDateTime, usNumber } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { FuelImport } from './FuelImport';
import { RatesEditor } from './RatesEditor';
import { ReturnTable } from './ReturnTable';
import { closeQuarter, fetchQuarters, fetchReturn } from './api';

/** The quarters to choose from: this one and the seven before it, and any other the company has worked on. */
function useQuarterChoices(): string[] {
  const { data } = useQuery({ queryKey: ['ifta-quarters'], queryFn: fetchQuarters });
  const recent = [quarterOf(todayIso())];
  while (recent.length < 8) recent.push(previousQuarter(recent[recent.length - 1]));
  return [...new Set([...recent, ...(data ?? []).map((q) => q.quarter)])].sort().reverse();
}

/** What the reader must see before the figures: states without a rate, no fuel, miles in no state, loads without a route. */
function Flags({ value }: { value: IftaReturnDto }) {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.ifta.${key}`, args);
  const flags: { key: string; severity: 'error' | 'warning' | 'info'; text: string }[] = [];
  if (value.missingRates.length)
    flags.push({ key: 'rates', severity: 'error', text: t('flag_rates', { states: value.missingRates.join(', ') }) });
  if (value.totalMiles > 0 && value.mpg === null) flags.push({ key: 'fuel', severity: 'error', text: t('flag_fuel') });
  if (value.outsideMiles)
    flags.push({ key: 'outside', severity: 'info', text: t('flag_outside', { miles: usNumber(value.outsideMiles) }) });
  if (value.orders.withoutRoute.length)
    flags.push({
      key: 'routes',
      severity: 'warning',
      text: t('flag_routes', {
        count: value.orders.withoutRoute.length,
        orders: value.orders.withoutRoute
          .slice(0, 10)
          .map((o) => o.orderNumber)
          .join(', '),
      }),
    });
  return (
    <>
      {flags.map((flag) => (
        <Alert key={flag.key} severity={flag.severity}>
          {flag.text}
        </Alert>
      ))}
    </>
  );
}

function Summary({ value }: { value: IftaReturnDto }) {
  const translate = useTranslate();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.ifta.${key}`, args);
  const tax = value.totalTaxCents;
  return (
    <Card component="section" aria-label={t('quarter')}>
      <CardContent>
        <Facts
          facts={[
            { key: 'miles', label: t('total_miles'), value: usNumber(value.totalMiles), numeric: true },
            { key: 'gallons', label: t('total_gallons'), value: usNumber(value.totalGallons), numeric: true },
            { key: 'mpg', label: t('mpg'), value: value.mpg ?? t('unknown'), numeric: true },
            {
              key: 'tax',
              label: t('net_tax'),
              value: tax < 0 ? t('credit', { amount: usCents(-tax) }) : usCents(tax),
              numeric: true,
            },
            {
              key: 'loads',
              label: t('loads'),
              value: t('loads_text', { counted: usNumber(value.orders.counted), trail: value.orders.byTrail }),
              numeric: true,
            },
          ]}
          sx={{ maxWidth: 420 }}
        />
      </CardContent>
    </Card>
  );
}

/** Close as filed, after saying what that means; refused by the server while a state lacks its rate. */
function CloseButton({ value, disabled }: { value: IftaReturnDto; disabled: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.ifta.${key}`, args);
  const label = quarterLabel(value.quarter);
  const mutation = useMutation({
    mutationFn: () => closeQuarter(value.quarter, value.version),
    onSuccess: (filed) => {
      queryClient.setQueryData(['ifta', value.quarter], filed);
      void queryClient.invalidateQueries({ queryKey: ['ifta-quarters'] });
      setOpen(false);
      notify(t('closed_done', { quarter: label }), { type: 'success' });
    },
    onError: (failure: Error) => {
      setOpen(false);
      notify(failure.message, { type: 'error' });
      void queryClient.invalidateQueries({ queryKey: ['ifta', value.quarter] });
    },
  });
  return (
    <>
      <Button variant="contained" startIcon={<LockIcon />} disabled={disabled} onClick={() => setOpen(true)}>
        {t('close')}
      </Button>
      <ResponsiveDialog open={open} onClose={() => !mutation.isPending && setOpen(false)} maxWidth="sm">
        <DialogTitle>{t('close_title', { quarter: label })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('close_text')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} disabled={mutation.isPending}>
            {t('cancel')}
          </Button>
          <Button variant="contained" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
            {t('close_confirm')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}

/**
 * IFTA (docs/product/ifta.md): a quarter's return — its state, due date and flags, the totals, a line per state — the
 * rates (Update), the fuel-card import (Create), the close as filed (Approve), the PDF and CSV (Export).
 */
export default function IftaScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const t = (key: string, args?: Record<string, unknown>) => translate(`haulboard.ifta.${key}`, args);
  const choices = useQuarterChoices();
  const [quarter, setQuarter] = useState(() => previousQuarter(quarterOf(todayIso())));
  const { data: value, error } = useQuery({ queryKey: ['ifta', quarter], queryFn: () => fetchReturn(quarter) });
  const can = {
    create: useHoldsFeature(IFTA_ROUTE, 'Create'),
    update: useHoldsFeature(IFTA_ROUTE, 'Update'),
    export: useHoldsFeature(IFTA_ROUTE, 'Export'),
    approve: useHoldsFeature(IFTA_ROUTE, 'Approve'),
  };
  const open = value?.status === 'OPEN';
  const download = (kind: 'pdf' | 'csv') =>
    apiDownload(iftaReportFile(quarter, kind), iftaReportFileName(quarter, kind)).catch((failure: Error) =>
      notify(failure.message, { type: 'error' }),
    );
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2, minWidth: 0, maxWidth: 1200 }}>
      <Title title={t('title')} />
      <Typography color="text.secondary">{t('intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('quarter')}
          value={quarter}
          onChange={(e) => setQuarter(e.target.value)}
          sx={{ minWidth: 150 }}
        >
          {choices.map((q) => (
            <MenuItem key={q} value={q}>
              {quarterLabel(q)}
            </MenuItem>
          ))}
        </TextField>
        {value && (
          <>
            <Tag tone={open ? 'info' : 'success'} filled={!open}>
              {open ? t('open') : t('closed')}
            </Tag>
            <Typography variant="body2" color="text.secondary">
              {!open && `${t('closed_by', { when: usDateTime(value.closedAt), who: value.closedBy ?? '—' })} · `}
              {usDate(value.from)} – {usDate(value.to)} · {t('due', { date: usDate(value.dueOn) })}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            {can.export && (
              <>
                <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('pdf')}>
                  {t('pdf')}
                </Button>
                <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void download('csv')}>
                  {t('csv')}
                </Button>
              </>
            )}
            {can.approve && open && (
              <CloseButton
                value={value}
                disabled={value.missingRates.length > 0 || (value.totalMiles > 0 && !value.mpg)}
              />
            )}
          </>
        )}
      </Box>
      {error ? (
        <LoadProblem />
      ) : !value ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <>
          <Flags value={value} />
          <Summary value={value} />
          {/* While the quarter is open, what is left to do comes before the figures it changes; once filed, the return. */}
          {!open && <ReturnTable value={value} />}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            {can.create && open && <FuelImport />}
            <RatesEditor key={`${value.quarter}:${value.version}`} value={value} canEdit={can.update && open} />
          </Box>
          {open && <ReturnTable value={value} />}
        </>
      )}
    </Box>
  );
}
