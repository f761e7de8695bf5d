import DeleteIcon from '@mui/icons-material/DeleteOutline';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, IconButton } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import type { MouseEvent } from 'react';
import { endpointsOf } from '../../dataProvider/endpoints';
import { HoverHint } from '../HoverHint';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { maybeDefinitionOf } from './definitions';
import { useApiAction } from './useApiAction';

/**
 * Soft delete, or restore when the record is deleted: shown only with Delete on the feature. Works in a list row
 * (as an icon, `compact`; the click does not open the row) and on the edit screen.
 */
export function DeleteRestoreButton({ compact = false }: { compact?: boolean }) {
  const allowed = useCanAccessFeature(useResourceContext() ?? '', 'Delete');
  return allowed ? <DeleteRestoreAction compact={compact} /> : null;
}

/** The button itself, for a caller that has checked Delete once for many records (a list's rows). */
export function DeleteRestoreAction({ compact = false }: { compact?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<{ id: number; deleted?: boolean }>();
  const action = useApiAction();
  // An append-only resource (the ledger) has no delete: a correction is a new record.
  if (!record || maybeDefinitionOf(resource)?.appendOnly) return null;
  const endpoints = endpointsOf(resource);
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (record.deleted) {
      if (endpoints.restore) action.mutate({ path: endpoints.restore(record.id), done: 'haulboard.records.restored' });
    } else {
      action.mutate({ path: endpoints.remove ? endpoints.remove(record.id) : endpoints.one(record.id), method: 'DELETE', done: 'haulboard.records.deleted' });
    }
  };
  const label = translate(record.deleted ? 'haulboard.records.restore' : 'ra.action.delete');
  const icon = record.deleted ? <RestoreIcon /> : <DeleteIcon />;
  const color = record.deleted ? 'primary' : 'error';
  if (compact) {
    return (
      <HoverHint title={label}>
        <IconButton size="small" color={color} aria-label={label} disabled={action.isPending} onClick={onClick}>{icon}</IconButton>
      </HoverHint>
    );
  }
  return (
    <Button
      size="small"
      color={color}
      startIcon={icon}
      disabled={action.isPending}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
