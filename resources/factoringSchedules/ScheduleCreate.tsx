import './messages';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Title } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { ScheduleDto, ScheduleInvoiceDto } from '../../schema/factoring';
import { todayIso } from '../../schema/expiry';
import { usCents, usDate } from '../../ui/format';
import { useApiList } from '../../ui/useApiList';
import { schedulePath } from './api';

interface FactorChoice {
  id: number;
  name: string;
  active: boolean;
}

/**
 * A new schedule of accounts (docs/product/factoring.md#schedules): the factor, then its sent invoices on no schedule
 * to tick, and the schedule's date; the schedule opens once made. ?factoringCompanyId= chooses the factor.
 */
export default function ScheduleCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [factorId, setFactorId] = useState(params.get('factoringCompanyId') ?? '');
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [scheduleOn, setScheduleOn] = useState(todayIso());
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: factors } = useApiList<FactorChoice>('/api/FactoringCompanies/dropdown-list');
  const { data: eligible } = useQuery({
    queryKey: ['schedule-eligible', factorId],
    enabled: !!factorId,
    queryFn: async () =>
      unwrap<ScheduleInvoiceDto[]>(
        await apiFetch('/api/FactoringSchedules/eligible', { query: { factoringCompanyId: factorId } }),
      ),
  });
  const t = (key: string, options?: Record<string, unknown>) => translate(`haulboard.schedules.${key}`, options);
  const chosen = (eligible ?? []).filter((invoice) => picked.has(invoice.invoiceId));
  const toggle = (id: number) => {
    const next = new Set(picked);
    if (!next.delete(id)) next.add(id);
    setPicked(next);
  };
  const make = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const schedule = unwrap<ScheduleDto>(
        await apiFetch('/api/FactoringSchedules', {
          method: 'POST',
          body: { factoringCompanyId: Number(factorId), invoiceIds: chosen.map((i) => i.invoiceId), scheduleOn },
        }),
      );
      notify(t('created', { number: schedule.numberText }), { type: 'success' });
      navigate(schedulePath(schedule.id));
    } catch (failure) {
      setProblem((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 900, boxSizing: 'border-box', width: '100%' }}>
      <Title title={t('new_title')} />
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2 }}>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              select
              label={t('factor')}
              value={factorId}
              onChange={(event) => {
                setFactorId(event.target.value);
                setPicked(new Set());
              }}
              sx={{ minWidth: 280, flex: '1 1 280px' }}
            >
              {(factors ?? [])
                .filter((f) => f.active)
                .map((f) => (
                  <MenuItem key={f.id} value={String(f.id)}>
                    {f.name}
                  </MenuItem>
                ))}
            </TextField>
            <TextField
              type="date"
              label={t('schedule_on')}
              value={scheduleOn}
              onChange={(event) => setScheduleOn(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ minWidth: 180 }}
            />
          </Box>
          {!factorId ? (
            <Typography color="text.secondary">{t('choose_factor')}</Typography>
          ) : (
            <Box>
              <Typography variant="subtitle1" component="h2">
                {t('eligible')}
              </Typography>
              {eligible && !eligible.length && <Typography color="text.secondary">{t('none_eligible')}</Typography>}
              <FormGroup>
                {(eligible ?? []).map((invoice) => (
                  <FormControlLabel
                    key={invoice.invoiceId}
                    control={
                      <Checkbox checked={picked.has(invoice.invoiceId)} onChange={() => toggle(invoice.invoiceId)} />
                    }
                    label={t('invoice_line', {
                      number: invoice.numberText,
                      debtor: invoice.debtor,
                      date: usDate(invoice.issuedOn),
                      amount: usCents(invoice.amountCents),
                    })}
                  />
                ))}
              </FormGroup>
              <Typography sx={{ mt: 1 }} aria-live="polite">
                {t('selected', {
                  count: chosen.length,
                  amount: usCents(chosen.reduce((sum, i) => sum + i.amountCents, 0)),
                })}
              </Typography>
            </Box>
          )}
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box>
            <Button variant="contained" disabled={busy || !chosen.length} onClick={() => void make()}>
              {t('create')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
