import './messages';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailShell } from '../../ui/DetailShell';
import { apiBlob, saveBlob } from '../../dataProvider/download';
import { apiFetch, unwrap } from '../../dataProvider/http';
import {
  FACTORING_COMPANIES_ROUTE,
  SCHEDULES_ROUTE,
  type ScheduleDto,
  type ScheduleEntryDto,
  fundingBody,
  releaseBody,
  reverseBody,
  scheduleFileName,
  scheduleVersionBody,
} from '../../schema/factoring';
import { todayIso } from '../../schema/expiry';
import { ActionDialog } from '../../ui/ActionDialog';
import { Facts } from '../../ui/Facts';
import { ScrollBox } from '../../ui/ScrollBox';
import { usCents, usDate } from '../../ui/format';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { scheduleApi } from './api';
import { ScheduleStatusTag } from './ScheduleList';

type Dialog = { kind: 'fund' | 'release' | 'cancel' } | { kind: 'reverse'; entry: ScheduleEntryDto } | null;
const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The schedule's invoices with their total. */
function Invoices({ schedule }: { schedule: ScheduleDto }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`haulboard.schedules.${key}`);
  return (
    <ScrollBox label={t('invoices')}>
      <Table size="small" aria-label={t('invoices')} sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('invoice')}</TableCell>
            <TableCell>{t('debtor')}</TableCell>
            <TableCell>{t('invoice_date')}</TableCell>
            <TableCell align="right">{t('amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.invoices.map((invoice) => (
            <TableRow key={invoice.invoiceId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={`/app/management/invoices/${invoice.invoiceId}`}>
                  {invoice.numberText}
                </Link>
              </TableCell>
              <TableCell>{invoice.debtor}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(invoice.issuedOn)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {usCents(invoice.amountCents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
              {t('total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {usCents(schedule.totalCents)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </ScrollBox>
  );
}

/** The schedule's entries, each with its reversal (or Reverse while it stands). */
function Entries({
  schedule,
  canReverse,
  onReverse,
}: {
  schedule: ScheduleDto;
  canReverse: boolean;
  onReverse: (entry: ScheduleEntryDto) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`haulboard.schedules.${key}`, options);
  if (!schedule.entries.length) return <Typography color="text.secondary">{t('no_entries')}</Typography>;
  const amount = (entry: ScheduleEntryDto) =>
    entry.kind === 'FUNDING'
      ? `${t('advance')} ${usCents(entry.advanceCents)} · ${t('fee')} ${usCents(entry.feeCents)} · ${t('reserve')} ${usCents(entry.reserveCents)}`
      : usCents(entry.releasedCents);
  return (
    <ScrollBox label={t('entries')}>
      <Table size="small" aria-label={t('entries')} sx={{ minWidth: 600 }}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('entry_date')}</TableCell>
            <TableCell>{t('entry_kind')}</TableCell>
            <TableCell>{t('amount')}</TableCell>
            <TableCell>{t('note')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {schedule.entries.map((entry) => (
            <TableRow
              key={entry.id}
              sx={entry.reversedById || entry.reversesId ? { color: 'text.secondary' } : undefined}
            >
              <TableCell>{entry.id}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{usDate(entry.enteredOn)}</TableCell>
              <TableCell>
                {t(`kinds.${entry.kind}`)}
                {entry.reversesId ? ` (${t('reversal_of', { id: entry.reversesId })})` : ''}
                {entry.reversedById ? ` (${t('reversed')})` : ''}
              </TableCell>
              <TableCell>{amount(entry)}</TableCell>
              <TableCell>{entry.note}</TableCell>
              <TableCell>
                {canReverse && !entry.reversesId && !entry.reversedById && (
                  <Button size="small" color="error" onClick={() => onReverse(entry)}>
                    {t('reverse')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollBox>
  );
}

/**
 * One schedule of accounts (docs/product/factoring.md#schedules): its factor, date, state and invoices with the total;
 * the PDF and CSV; the factor's funding (advance, fee, reserve: the factor's terms to start with), reserve releases,
 * reversals and the reserve the factor still holds; Cancel while unfunded.
 */
export default function ScheduleScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id } = useParams();
  const canUpdate = useHoldsFeature(FACTORING_COMPANIES_ROUTE, 'Update');
  const canDelete = useHoldsFeature(FACTORING_COMPANIES_ROUTE, 'Delete');
  const [dialog, setDialog] = useState<Dialog>(null);
  const {
    data: schedule,
    error,
    refetch,
  } = useQuery({
    queryKey: ['factoring-schedule', id],
    queryFn: async () => unwrap<ScheduleDto>(await apiFetch(scheduleApi(Number(id)))),
  });
  const t = (key: string, options?: Record<string, unknown>) => translate(`haulboard.schedules.${key}`, options);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!schedule) return <Skeleton variant="rounded" height={320} />;
  const download = async (kind: 'pdf' | 'csv') => {
    try {
      const blob = await apiBlob(scheduleApi(schedule.id, kind), {
        type: kind === 'pdf' ? 'application/pdf' : 'text/csv',
      });
      saveBlob(blob, scheduleFileName(schedule.number, kind));
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  const common = {
    extra: { version: schedule.version },
    onClose: () => setDialog(null),
    onDone: () => void refetch(),
  };
  const { suggested } = schedule;
  return (
    <DetailShell title={schedule.numberText} back={{ to: SCHEDULES_ROUTE, label: t('back') }}>
      <Card sx={{ minWidth: 0, overflow: 'hidden' }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              {schedule.numberText} · {schedule.factoringCompanyName}
            </Typography>
            <Box sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
              <ScheduleStatusTag status={schedule.status} />
            </Box>
          </Stack>
          <Facts
            facts={[
              {
                key: 'factor',
                label: t('factor'),
                value: (
                  <Link component={RouterLink} to={`${FACTORING_COMPANIES_ROUTE}/${schedule.factoringCompanyId}/edit`}>
                    {schedule.factoringCompanyName}
                  </Link>
                ),
              },
              { key: 'date', label: t('schedule_on'), value: usDate(schedule.scheduleOn) },
              { key: 'count', label: t('invoices'), value: String(schedule.invoiceCount) },
              { key: 'total', label: t('total'), value: usCents(schedule.totalCents) },
            ]}
          />
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
            {t('invoices')}
          </Typography>
          <Invoices schedule={schedule} />
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="outlined" onClick={() => void download('pdf')}>
              {t('pdf')}
            </Button>
            <Button variant="outlined" onClick={() => void download('csv')}>
              {t('csv')}
            </Button>
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
            {t('books')}
          </Typography>
          <Facts
            sx={{ width: 'max-content', maxWidth: '100%' }}
            facts={[
              { key: 'advance', label: t('advance'), value: usCents(schedule.advanceCents), numeric: true },
              { key: 'fee', label: t('fee'), value: usCents(schedule.feeCents), numeric: true },
              { key: 'reserve', label: t('reserve'), value: usCents(schedule.reserveCents), numeric: true },
              { key: 'released', label: t('released'), value: usCents(schedule.releasedCents), numeric: true },
              {
                key: 'owed',
                label: t('owed'),
                value: <strong>{usCents(schedule.owedCents)}</strong>,
                numeric: true,
              },
            ]}
          />
          {schedule.status === 'OPEN' && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('suggested', {
                advance: usCents(suggested.advanceCents),
                fee: usCents(suggested.feeCents),
                reserve: usCents(suggested.reserveCents),
              })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            {canUpdate && schedule.status === 'OPEN' && (
              <Button variant="contained" onClick={() => setDialog({ kind: 'fund' })}>
                {t('fund')}
              </Button>
            )}
            {canUpdate && schedule.status === 'FUNDED' && schedule.owedCents > 0 && (
              <Button variant="contained" onClick={() => setDialog({ kind: 'release' })}>
                {t('release')}
              </Button>
            )}
            {canDelete && schedule.status === 'OPEN' && (
              <Button color="error" onClick={() => setDialog({ kind: 'cancel' })}>
                {t('cancel')}
              </Button>
            )}
          </Stack>
          <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
            {t('entries')}
          </Typography>
          <Entries
            schedule={schedule}
            canReverse={canDelete}
            onReverse={(entry) => setDialog({ kind: 'reverse', entry })}
          />
        </CardContent>
      </Card>
      {dialog?.kind === 'fund' && (
        <ActionDialog
          {...common}
          title={t('fund_title', { number: schedule.numberText })}
          intro={t('fund_intro', { factor: schedule.factoringCompanyName, total: usCents(schedule.totalCents) })}
          fields={[
            { name: 'advance', label: 'haulboard.schedules.advance', kind: 'money', required: true },
            { name: 'fee', label: 'haulboard.schedules.fee', kind: 'money', required: true },
            { name: 'reserve', label: 'haulboard.schedules.reserve', kind: 'money', required: true },
            { name: 'fundedOn', label: 'haulboard.schedules.funded_on', kind: 'date' },
            { name: 'note', label: 'haulboard.schedules.note', kind: 'text' },
          ]}
          initial={{
            advance: dollars(suggested.advanceCents),
            fee: dollars(suggested.feeCents),
            reserve: dollars(suggested.reserveCents),
            fundedOn: todayIso(),
            note: '',
          }}
          schema={fundingBody}
          path={scheduleApi(schedule.id, 'funding')}
          done="haulboard.schedules.funded"
          submitLabel={t('fund')}
        />
      )}
      {dialog?.kind === 'release' && (
        <ActionDialog
          {...common}
          title={t('release_title', { number: schedule.numberText })}
          intro={t('release_intro', { factor: schedule.factoringCompanyName, owed: usCents(schedule.owedCents) })}
          fields={[
            { name: 'amount', label: 'haulboard.schedules.release_amount', kind: 'money', required: true },
            { name: 'releasedOn', label: 'haulboard.schedules.released_on', kind: 'date' },
            { name: 'note', label: 'haulboard.schedules.note', kind: 'text' },
          ]}
          initial={{ amount: dollars(schedule.owedCents), releasedOn: todayIso(), note: '' }}
          schema={releaseBody}
          path={scheduleApi(schedule.id, 'releases')}
          done="haulboard.schedules.released_done"
          submitLabel={t('release')}
        />
      )}
      {dialog?.kind === 'reverse' && (
        <ActionDialog
          {...common}
          title={t('reverse_title', { id: dialog.entry.id })}
          intro={t('reverse_intro')}
          fields={[{ name: 'reason', label: 'haulboard.schedules.reason', kind: 'multiline', required: true }]}
          initial={{ reason: '' }}
          schema={reverseBody}
          path={scheduleApi(schedule.id, `entries/${dialog.entry.id}/reverse`)}
          done="haulboard.schedules.reversed_done"
          submitLabel={t('reverse')}
        />
      )}
      {dialog?.kind === 'cancel' && (
        <ActionDialog
          {...common}
          title={t('cancel_title', { number: schedule.numberText })}
          intro={t('cancel_intro')}
          fields={[]}
          initial={{}}
          schema={scheduleVersionBody}
          path={scheduleApi(schedule.id, 'cancel')}
          done="haulboard.schedules.cancelled"
          submitLabel={t('cancel')}
        />
      )}
    </DetailShell>
  );
}
