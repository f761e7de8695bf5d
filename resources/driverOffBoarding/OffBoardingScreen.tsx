import './messages';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { OffBoardingDto, OffBoardingStep } from '../../schema/offboarding';
import { claims } from '../../schema/resources/claims';
import { tickets } from '../../schema/resources/tickets';
import { localToday } from '../../ui/assignments/dates';
import { Facts } from '../../ui/Facts';
import { usDate, usDateTime, usMoney } from '../../ui/format';
import { PrintView } from '../../ui/PrintView';
import { HistoryButton } from '../../ui/records/HistoryButton';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useHoldsFeature } from '../../ui/useCanAccessFeature';
import { OFFBOARDING_PATH } from './api';

const UNIT_BOARD = '/app/management/vehicle-and-card-assignment';
const LEDGER = '/app/finances/driver-transactions';
const ledgerLink = (driverId: number) =>
  `${LEDGER}?filter=${encodeURIComponent(JSON.stringify({ driverId, filtered: 'all' }))}`;
const claimLink = (claimNumber: string) =>
  `${claims.route}?filter=${encodeURIComponent(JSON.stringify({ claimNumber }))}`;

/** One group of what is still open: its items as links to where each is resolved, or "nothing". */
function OpenGroup({ title, items }: { title: string; items: { key: string | number; text: string; to: string }[] }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {items.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {items.map((item) => (
            <li key={item.key}>
              <Link component={RouterLink} to={item.to}>
                {item.text}
              </Link>
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('haulboard.offboarding.nothing_open')}
        </Typography>
      )}
    </Box>
  );
}

/** A step of the checklist: ticked with who and when, blocked with what blocks it, or open to tick. */
function Step({
  step,
  canWrite,
  onTick,
  onUntick,
}: {
  step: OffBoardingStep;
  canWrite: boolean;
  onTick: () => void;
  onUntick: () => void;
}) {
  const translate = useTranslate();
  const done = !!step.doneAt;
  const id = `step-${step.key}`;
  let detail: ReactNode = null;
  if (done)
    detail =
      translate('haulboard.offboarding.done_by', { who: step.doneBy, when: usDateTime(step.doneAt) }) +
      (step.note ? ` — ${step.note}` : '');
  else if (step.blockedBy)
    detail = (
      <Box component="span" sx={{ color: 'warning.main' }}>
        {step.blockedBy}
      </Box>
    );
  return (
    <ListItem disableGutters sx={{ alignItems: 'flex-start' }}>
      <ListItemIcon sx={{ minWidth: 40 }}>
        <Checkbox
          edge="start"
          checked={done}
          disabled={!canWrite || (!done && !!step.blockedBy)}
          onChange={() => (done ? onUntick() : onTick())}
          slotProps={{ input: { 'aria-labelledby': id, 'aria-describedby': `${id}-detail` } }}
        />
      </ListItemIcon>
      <ListItemText
        id={id}
        primary={step.label}
        secondary={<span id={`${id}-detail`}>{detail}</span>}
        sx={{ '& .MuiListItemText-primary': { textDecoration: done ? 'line-through' : 'none' } }}
      />
    </ListItem>
  );
}

/**
 * One driver's off-boarding (docs/product/people.md#people): the money, what is still assigned or open (each a link to
 * where it is resolved), and the checklist, each step with who did it and when. A step whose data is still open cannot
 * be ticked; the server says so too.
 */
export default function OffBoardingScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { id } = useParams();
  const canWrite = useHoldsFeature(OFFBOARDING_PATH, 'Update');
  const [ticking, setTicking] = useState<OffBoardingStep | null>(null);
  const [unticking, setUnticking] = useState<OffBoardingStep | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const queryKey = ['offboarding', id];
  const { data, error, refetch } = useQuery({
    queryKey,
    queryFn: async () => unwrap<OffBoardingDto>(await apiFetch(`/api/OffBoarding/${id}`)),
  });

  const change = async (step: OffBoardingStep, method: 'POST' | 'DELETE', body?: unknown) => {
    setBusy(true);
    try {
      const path = method === 'POST' ? `/api/OffBoarding/${id}/steps` : `/api/OffBoarding/${id}/steps/${step.key}`;
      const next = unwrap<OffBoardingDto>(
        await apiFetch(path, { method, body: method === 'POST' ? { step: step.key, ...(body as object) } : undefined }),
      );
      queryClient.setQueryData(queryKey, next);
      notify(method === 'POST' ? 'haulboard.offboarding.ticked' : 'haulboard.offboarding.unticked', {
        type: 'success',
        messageArgs: { step: step.label },
      });
      setTicking(null);
      setUnticking(null);
      setNote('');
    } catch (failure) {
      notify((failure as Error).message, { type: 'error', autoHideDuration: 10_000 });
      await refetch();
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: ['reports/driver-off-boarding'] });
    }
  };

  if (error) {
    return (
      <Box sx={{ p: 2 }}>
        <Title title="haulboard.offboarding.title" />
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => refetch()}>
              {translate('haulboard.reports.retry')}
            </Button>
          }
        >
          {(error as Error).message}
        </Alert>
      </Box>
    );
  }
  if (!data)
    return (
      <Box sx={{ p: 2 }}>
        <Skeleton variant="rounded" height={320} aria-label={translate('haulboard.app.loading')} />
      </Box>
    );

  const leaving = data.terminatedOn > localToday();
  const done = data.steps.filter((s) => s.doneAt).length;
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2, maxWidth: 1100 }}>
      <PrintView />
      <Title title={translate('haulboard.offboarding.title_of', { name: data.name })} />
      <Typography variant="h5" component="p" data-print="only" sx={{ display: 'none' }}>
        {translate('haulboard.offboarding.title_of', { name: data.name })}
      </Typography>
      <Box data-print="hide" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={OFFBOARDING_PATH} startIcon={<ArrowBackIcon />} size="small">
          {translate('haulboard.offboarding.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {id && <HistoryButton entity="driver" id={id} />}
        <Button size="small" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {translate('haulboard.reports.print')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Card variant="outlined">
          <CardContent sx={{ display: 'grid', gap: 2 }}>
            <Typography variant="h6" component="h2">
              {translate('haulboard.offboarding.picture')}
            </Typography>
            <Facts
              facts={[
                {
                  key: 'terminated',
                  label: translate(
                    leaving ? 'haulboard.offboarding.leaving_on' : 'haulboard.offboarding.terminated_on',
                  ),
                  value: usDate(data.terminatedOn),
                },
                {
                  key: 'balance',
                  label: translate(
                    data.balance < 0 ? 'haulboard.offboarding.owed_by_driver' : 'haulboard.offboarding.owed_to_driver',
                  ),
                  value: usMoney(Math.abs(data.balance)),
                  numeric: true,
                },
                {
                  key: 'escrow',
                  label: translate('haulboard.offboarding.escrow_held'),
                  value: usMoney(data.escrow),
                  numeric: true,
                },
              ]}
            />
            {(data.balance !== 0 || data.escrow !== 0) && (
              <Link component={RouterLink} to={ledgerLink(data.id)} data-print="hide">
                {translate('haulboard.offboarding.open_ledger')}
              </Link>
            )}
            <OpenGroup
              title={translate('haulboard.offboarding.assigned')}
              items={[...data.units, ...data.fuelCards].map((text) => ({ key: text, text, to: UNIT_BOARD }))}
            />
            <OpenGroup
              title={translate('haulboard.offboarding.open_tickets')}
              items={data.tickets.map((t) => ({ key: t.id, text: t.title, to: `${tickets.route}/${t.id}/edit` }))}
            />
            <OpenGroup
              title={translate('haulboard.offboarding.open_claims')}
              items={data.claims.map((c) => ({ key: c.id, text: c.claimNumber, to: claimLink(c.claimNumber) }))}
            />
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2">
              {translate('haulboard.offboarding.checklist', { done, steps: data.steps.length })}
            </Typography>
            <List dense aria-label={translate('haulboard.offboarding.checklist_label')}>
              {data.steps.map((step) => (
                <Step
                  key={step.key}
                  step={step}
                  canWrite={canWrite && !busy}
                  onTick={() => setTicking(step)}
                  onUntick={() => setUnticking(step)}
                />
              ))}
            </List>
          </CardContent>
        </Card>
      </Box>

      <ResponsiveDialog open={!!ticking} onClose={() => setTicking(null)} maxWidth="sm">
        <DialogTitle>{ticking?.label}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            margin="dense"
            label={translate('haulboard.offboarding.note')}
            helperText={translate('haulboard.offboarding.note_help')}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTicking(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() => ticking && change(ticking, 'POST', note.trim() ? { note: note.trim() } : {})}
          >
            {translate('haulboard.offboarding.mark_done')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
      <ResponsiveDialog open={!!unticking} onClose={() => setUnticking(null)} maxWidth="xs">
        <DialogTitle>{translate('haulboard.offboarding.untick_title')}</DialogTitle>
        <DialogContent>
          <Typography>
            {translate('haulboard.offboarding.untick_body', {
              step: unticking?.label ?? '',
              who: unticking?.doneBy ?? '',
            })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnticking(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="warning"
            variant="contained"
            disabled={busy}
            onClick={() => unticking && change(unticking, 'DELETE')}
          >
            {translate('haulboard.offboarding.untick')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </Box>
  );
}
