import DeleteIcon from '@mui/icons-material/DeleteOutline';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, IconButton } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import { type MouseEvent, type ReactNode, createContext, useContext, useMemo } from 'react';
import { endpointsOf } from '../../dataProvider/endpoints';
import { HoverHint } from '../HoverHint';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { maybeDefinitionOf } from './definitions';
import { type ApiAction, useApiAction } from './useApiAction';

type DeletableRecord = { id: number; deleted?: boolean };

/** The toast after a delete or restore: it names the record's kind when a definition declares it ("Shipper deleted"). */
const doneKey = (resource: string, what: 'deleted' | 'restored') =>
  maybeDefinitionOf(resource) ? `resources.${resource}.notifications.${what}` : `haulboard.records.${what}`;

/** The call that deletes a record, or restores it when it is deleted. */
function deleteOrRestore(resource: string, record: DeletableRecord): ApiAction | null {
  const endpoints = endpointsOf(resource);
  if (record.deleted)
    return endpoints.restore ? { path: endpoints.restore(record.id), done: doneKey(resource, 'restored') } : null;
  return {
    path: endpoints.remove ? endpoints.remove(record.id) : endpoints.one(record.id),
    method: 'DELETE',
    done: doneKey(resource, 'deleted'),
  };
}

/**
 * One delete/restore call for every row of a list: a row's button asks it, and while it runs for a record that row's
 * button waits. A mutation per row was fifty observers made and subscribed each time a page of rows showed.
 */
interface RowCalls {
  run(call: ApiAction, id: number): void;
  pendingId: number | null;
}
const RowCallsContext = createContext<RowCalls | null>(null);

export function RowDeleteRestoreProvider({ children }: { children: ReactNode }) {
  const action = useApiAction();
  const pendingId = action.isPending ? (action.variables?.id ?? null) : null;
  const { mutate } = action;
  const calls = useMemo<RowCalls>(
    () => ({ run: (call, id) => mutate({ ...call, id }), pendingId }),
    [mutate, pendingId],
  );
  return <RowCallsContext.Provider value={calls}>{children}</RowCallsContext.Provider>;
}

/** Soft delete, or restore when the record is deleted, on the edit screen: shown only with Delete on the feature. */
export function DeleteRestoreButton() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<DeletableRecord>();
  const allowed = useCanAccessFeature(resource, 'Delete');
  const action = useApiAction();
  // An append-only resource (the ledger) has no delete: a correction is a new record.
  if (!allowed || !record || maybeDefinitionOf(resource)?.appendOnly) return null;
  const call = deleteOrRestore(resource, record);
  return (
    <Button
      size="small"
      color={record.deleted ? 'primary' : 'error'}
      startIcon={record.deleted ? <RestoreIcon /> : <DeleteIcon />}
      disabled={!call || action.isPending}
      onClick={() => call && action.mutate(call)}
    >
      {translate(record.deleted ? 'haulboard.records.restore' : 'ra.action.delete')}
    </Button>
  );
}

/**
 * The same as an icon in a list row, for a list that has checked Delete once for all its rows (RecordList); the click
 * does not open the row. Needs RowDeleteRestoreProvider above it.
 */
export function RowDeleteRestore() {
  const translate = useTranslate();
  const resource = useResourceContext() ?? '';
  const record = useRecordContext<DeletableRecord>();
  const calls = useContext(RowCallsContext);
  if (!record || !calls || maybeDefinitionOf(resource)?.appendOnly) return null;
  const call = deleteOrRestore(resource, record);
  const label = translate(record.deleted ? 'haulboard.records.restore' : 'ra.action.delete');
  const onClick = (event: MouseEvent) => {
    event.stopPropagation();
    if (call) calls.run(call, record.id);
  };
  return (
    <HoverHint title={label}>
      <IconButton
        size="small"
        color={record.deleted ? 'primary' : 'error'}
        aria-label={label}
        disabled={!call || calls.pendingId === record.id}
        onClick={onClick}
      >
        {record.deleted ? <RestoreIcon /> : <DeleteIcon />}
      </IconButton>
    </HoverHint>
  );
}
