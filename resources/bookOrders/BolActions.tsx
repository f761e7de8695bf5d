import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LinkIcon from '@mui/icons-material/Link';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import {
  Alert,
  Box,
  Button,
  Chip,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm } from 'react-admin';
import { useNotify, useRecordContext, useTranslate } from 'ra-core';
import { type FormEvent, useId, useState } from 'react';
import { apiDownload } from '../../dataProvider/download';
import { apiFetch, unwrap } from '../../dataProvider/http';
import { BOL_LINK_DAYS, type BolLinkCreatedDto, type BolLinkDto, bolFileName, bolLinkBody } from '../../schema/bol';
import { dateIn } from '../../schema/businessDay';
import { usDate } from '../../ui/format';
import { CopyField, useCopy } from '../../ui/CopyField';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';
import { RESOURCE } from './api';

const PREFIX = 'haulboard.book_orders.bol';
/** Buttons a finger can hit on a phone (WCAG 2.5.5): at least 44 px high. */
const TOUCH = { minHeight: 44 } as const;
/** A day as US staff write it, in the company's time zone: 12/09/2026. */
const day = (instant: string | null) => (instant ? usDate(dateIn(instant)) : '');

export interface BolActionsProps {
  orderId: number;
  stage: 'PICKUP' | 'DELIVERY';
  /** Every vehicle of the order is inspected and signed at this stop: online links may be made. */
  completed: boolean;
}

const linksKey = (orderId: number) => ['bol-links', orderId];

/**
 * The bill of lading of one stop of an order (docs/product/vehicle-inspections.md#bill-of-lading): download its PDF,
 * make an online link (its address shown once, with a copy button and the day it stops working), and the links made
 * so far with their state, each revocable (confirmed) by who may update orders.
 */
export function BolActions({ orderId, stage, completed }: BolActionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const record = useRecordContext<{ orderNumber?: string }>();
  const canUpdate = useCanAccessFeature(RESOURCE, 'Update');
  const headingId = useId();
  const [downloading, setDownloading] = useState(false);
  const [asking, setAsking] = useState(false);
  const [created, setCreated] = useState<BolLinkCreatedDto | null>(null);
  const [revoking, setRevoking] = useState<BolLinkDto | null>(null);
  const stageWords = translate(`${PREFIX}.stages.${stage}`);

  const links = useQuery({
    queryKey: linksKey(orderId),
    queryFn: async () => unwrap<BolLinkDto[]>(await apiFetch(`/api/BookOrder/${orderId}/bol-links`)),
  });
  const ofStage = (links.data ?? []).filter((link) => link.stage === stage);

  const download = async () => {
    setDownloading(true);
    try {
      await apiDownload(
        `/api/BookOrder/${orderId}/bol/${stage}`,
        bolFileName(record?.orderNumber ?? String(orderId), stage),
      );
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  const revoke = useMutation({
    mutationFn: (link: BolLinkDto) =>
      apiFetch(`/api/BookOrder/${orderId}/bol-links/${link.id}/revoke`, { method: 'POST' }),
    onSuccess: () => notify(`${PREFIX}.revoked_done`, { type: 'success' }),
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: linksKey(orderId) });
    },
  });

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'grid', gap: 1.5 }}>
      <Typography id={headingId} variant="subtitle1" component="h3">
        {translate(`${PREFIX}.title`, { stage: stageWords })}
      </Typography>
      {!completed && (
        <Alert severity="info" variant="outlined">
          {translate(`${PREFIX}.not_completed`)}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfIcon />}
          disabled={downloading}
          onClick={() => void download()}
          sx={TOUCH}
        >
          {translate(`${PREFIX}.download`)}
        </Button>
        {canUpdate && (
          <Button
            variant="outlined"
            startIcon={<LinkIcon />}
            disabled={!completed}
            onClick={() => setAsking(true)}
            sx={TOUCH}
          >
            {translate(`${PREFIX}.create_link`)}
          </Button>
        )}
      </Stack>

      <Typography variant="subtitle2" component="h4">
        {translate(`${PREFIX}.links`)}
      </Typography>
      {links.isError ? (
        <Alert severity="error">{translate(`${PREFIX}.links_failed`)}</Alert>
      ) : links.isPending ? null : ofStage.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate(`${PREFIX}.no_links`)}
        </Typography>
      ) : (
        <List dense disablePadding>
          {ofStage.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              canRevoke={canUpdate}
              busy={revoke.isPending}
              onRevoke={() => setRevoking(link)}
            />
          ))}
        </List>
      )}

      {asking && (
        <CreateLinkDialog
          orderId={orderId}
          stage={stage}
          onClose={() => setAsking(false)}
          onCreated={(link) => {
            setAsking(false);
            setCreated(link);
            void queryClient.invalidateQueries({ queryKey: linksKey(orderId) });
          }}
        />
      )}
      <CreatedLinkDialog link={created} onClose={() => setCreated(null)} />
      <Confirm
        isOpen={!!revoking}
        loading={revoke.isPending}
        title={`${PREFIX}.revoke_title`}
        content={`${PREFIX}.revoke_body`}
        confirm={`${PREFIX}.revoke`}
        confirmColor="warning"
        onConfirm={() => revoking && revoke.mutate(revoking)}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}

function LinkRow({
  link,
  canRevoke,
  busy,
  onRevoke,
}: {
  link: BolLinkDto;
  canRevoke: boolean;
  busy: boolean;
  onRevoke: () => void;
}) {
  const translate = useTranslate();
  const made = link.mailedTo
    ? translate(`${PREFIX}.mailed_to`, { date: day(link.createdAt), to: link.mailedTo.join(', ') })
    : translate(`${PREFIX}.made_by`, { date: day(link.createdAt), name: link.createdBy ?? '' });
  const state =
    link.status === 'revoked'
      ? translate(`${PREFIX}.revoked`, { date: day(link.revokedAt), name: link.revokedBy ?? '' })
      : link.status === 'expired'
        ? translate(`${PREFIX}.expired`, { date: day(link.expiresAt) })
        : translate(`${PREFIX}.expires`, { date: day(link.expiresAt) });
  return (
    <ListItem
      disableGutters
      divider
      secondaryAction={
        canRevoke && link.status === 'active' ? (
          <Button
            color="warning"
            size="small"
            disabled={busy}
            onClick={onRevoke}
            aria-label={translate(`${PREFIX}.revoke_label`, { date: day(link.createdAt) })}
            sx={TOUCH}
          >
            {translate(`${PREFIX}.revoke`)}
          </Button>
        ) : undefined
      }
      sx={{ pr: canRevoke && link.status === 'active' ? 12 : 0 }}
    >
      <ListItemText
        primary={
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={translate(`${PREFIX}.statuses.${link.status}`)}
              color={link.status === 'active' ? 'success' : 'default'}
              variant={link.status === 'active' ? 'filled' : 'outlined'}
            />
            <span>{made}</span>
          </Stack>
        }
        secondary={state}
      />
    </ListItem>
  );
}

/** Asks how long the link works (1 to 90 days, 30 unless changed) and makes it. */
function CreateLinkDialog({
  orderId,
  stage,
  onClose,
  onCreated,
}: {
  orderId: number;
  stage: 'PICKUP' | 'DELIVERY';
  onClose: () => void;
  onCreated: (link: BolLinkCreatedDto) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const titleId = useId();
  const [days, setDays] = useState(String(BOL_LINK_DAYS.default));
  const [problem, setProblem] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async (body: { stage: 'PICKUP' | 'DELIVERY'; days: number }) =>
      unwrap<BolLinkCreatedDto>(await apiFetch(`/api/BookOrder/${orderId}/bol-links`, { method: 'POST', body })),
    onSuccess: (link) => {
      notify(`${PREFIX}.link_created`, { type: 'success' });
      onCreated(link);
    },
    onError: (error: Error) => setProblem(error.message),
  });
  const limits = { min: BOL_LINK_DAYS.min, max: BOL_LINK_DAYS.max };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = bolLinkBody.safeParse({ stage, days: /^\d{1,3}$/.test(days.trim()) ? Number(days) : Number.NaN });
    if (!parsed.success) {
      setProblem(translate(`${PREFIX}.days_invalid`, limits));
      return;
    }
    setProblem(null);
    create.mutate(parsed.data);
  };
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{translate(`${PREFIX}.link_title`)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <DialogContentText>{translate(`${PREFIX}.link_intro`)}</DialogContentText>
          <TextField
            label={translate(`${PREFIX}.days`)}
            value={days}
            onChange={(event) => setDays(event.target.value)}
            required
            autoFocus
            error={!!problem}
            helperText={problem ?? translate(`${PREFIX}.days_help`, limits)}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 3 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} sx={TOUCH}>
            {translate(`${PREFIX}.cancel`)}
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending} sx={TOUCH}>
            {translate(`${PREFIX}.create`)}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}

/**
 * The link just made, shown this once (the server keeps only its fingerprint), read-only and selected on focus, with
 * its copy button and the day it stops working. Closed only by saying so: a click beside it would lose the link.
 */
function CreatedLinkDialog({ link, onClose }: { link: BolLinkCreatedDto | null; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const words = { copied: { key: `${PREFIX}.copied` }, copyFailed: `${PREFIX}.copy_failed` };
  const copy = useCopy(link?.url, words);
  return (
    <ResponsiveDialog
      open={!!link}
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{translate(`${PREFIX}.link_title`)}</DialogTitle>
      {link && (
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <Alert severity="warning" role="alert">
            {translate(`${PREFIX}.link_once`, { date: day(link.expiresAt) })}
          </Alert>
          <CopyField
            label={translate(`${PREFIX}.link`)}
            value={link.url}
            copyLabel={translate(`${PREFIX}.copy_link`)}
            {...words}
          />
        </DialogContent>
      )}
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()} sx={TOUCH}>
          {translate(`${PREFIX}.copy`)}
        </Button>
        <Button variant="contained" onClick={onClose} sx={TOUCH}>
          {translate(`${PREFIX}.close`)}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
