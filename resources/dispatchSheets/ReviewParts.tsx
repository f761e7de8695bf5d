import { Alert, Box, Button, Link, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { DraftFieldHint, DraftParty, OrderDraftDto } from '../../schema/orderDrafts';
import { DISPATCH_SHEETS_ROUTE, draftApi } from './api';
import { fieldElement, fieldLabel } from './fieldHints';

type T = (key: string, args?: Record<string, unknown>) => string;

/**
 * The fields the reader was not sure of, each a button that takes the reviewer to the field and outlines on the sheet
 * where it was read: the same list a screen reader hears, and the highlight the eye sees on the form.
 */
export function FieldsToCheck({
  fields,
  onShow,
}: {
  fields: [string, DraftFieldHint][];
  onShow: (path: string) => void;
}) {
  const translate = useTranslate();
  const t: T = (key, args) => translate(`haulboard.sheets.${key}`, args);
  if (!fields.length) return null;
  return (
    <Alert
      severity="warning"
      role="region"
      aria-label={t('to_check_title')}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <Typography variant="subtitle2" component="h2">
        {t('to_check_title')}
      </Typography>
      <Typography variant="body2">{t('to_check_intro')}</Typography>
      <List dense disablePadding>
        {fields.map(([path, hint]) => (
          <ListItemButton
            key={path}
            data-testid={`check-${path}`}
            onClick={() => {
              onShow(path);
              const element = fieldElement(document, path);
              element?.scrollIntoView({ block: 'center' });
              element?.focus();
            }}
          >
            <ListItemText
              primary={fieldLabel(path, translate)}
              secondary={[
                t('sure', { percent: Math.round(hint.confidence * 100) }),
                hint.read ? t('read_value', { value: hint.read }) : t('nothing_read'),
              ].join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </Alert>
  );
}

/** A broker or shipper the sheet names that is not ours yet: added from the sheet with one press, then chosen. */
export function NewParty({ draft, party }: { draft: OrderDraftDto; party: DraftParty }) {
  const translate = useTranslate();
  const t: T = (key, args) => translate(`haulboard.sheets.${key}`, args);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { setValue } = useFormContext();
  const [added, setAdded] = useState(false);
  const [busy, setBusy] = useState(false);
  const offer = party === 'broker' ? draft.newBroker : draft.newShipper;
  if (!offer || added) return null;
  const add = async () => {
    setBusy(true);
    try {
      const created = unwrap<{ id: number; name: string }>(
        await apiFetch(`${draftApi(draft.id)}/${party}`, { method: 'POST', body: {} }),
      );
      await queryClient.invalidateQueries({ queryKey: ['api-list'] });
      setValue(party === 'broker' ? 'brokerId' : 'shipperId', created.id, { shouldDirty: true, shouldValidate: true });
      setAdded(true);
      notify(t('party_added', { name: created.name }), { type: 'success' });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={() => void add()}>
          {t(`add_${party}`)}
        </Button>
      }
    >
      {t(`new_${party}`, { name: offer.name })}
      {offer.details && (
        <Typography variant="body2" color="text.secondary">
          {offer.details}
        </Typography>
      )}
    </Alert>
  );
}

/** Other drafts of the very same file: uploaded twice, or mailed and uploaded. */
export function SameFile({ draft }: { draft: OrderDraftDto }) {
  const translate = useTranslate();
  const t: T = (key, args) => translate(`haulboard.sheets.${key}`, args);
  if (!draft.sameFile.length) return null;
  return (
    <Alert severity="warning">
      {t('same_file')}{' '}
      {draft.sameFile.map((other, index) => (
        <Box component="span" key={other.id}>
          {index > 0 && ', '}
          <Link component={RouterLink} to={`${DISPATCH_SHEETS_ROUTE}/${other.id}`}>
            {t('same_file_item', { id: other.id, status: t(`statuses.${other.status}`) })}
          </Link>
          {other.orderNumber && ` → ${other.orderNumber}`}
        </Box>
      ))}
    </Alert>
  );
}
