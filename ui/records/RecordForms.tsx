import { useQueryClient } from '@tanstack/react-query';
import { Box } from '@mui/material';
import { Create, Edit, ListButton, SimpleForm, TopToolbar } from 'react-admin';
import { type RedirectionSideEffect, useRecordContext, useResourceContext } from 'ra-core';
import type { ReactElement, ReactNode } from 'react';
import type { ZodType } from 'zod';
import { LoadProblem } from '../LoadProblem';
import { zodResolver } from '../zodResolver';
import { ConflictToolbar } from './ConflictToolbar';
import { DeleteRestoreButton } from './DeleteRestoreButton';
import { ExpiryChips } from './ExpiryChips';
import { HistoryButton } from './HistoryButton';
import { useShownErrors } from './shownErrors';

/** Validation as the user types: a field is checked once left, then re-checked on every change. */
export const VALIDATE_AS_YOU_TYPE = { mode: 'onTouched', reValidateMode: 'onChange' } as const;

type Prepare = (values: Record<string, unknown>) => Record<string, unknown>;

/**
 * Shared by edit and create: the schema checks what `prepare` makes of the form, and that is what is sent. Render
 * `probe` inside the form: it tells the resolver which fields may show their errors yet (ui/records/shownErrors.tsx).
 */
export function useFormSetup(schema: ZodType, prepare?: Prepare) {
  const queryClient = useQueryClient();
  const { shown, probe } = useShownErrors();
  return {
    resolver: zodResolver(schema, prepare, shown),
    probe,
    transform: prepare,
    // Dropdowns (drivers, units, cards …) may list what was just saved; onSettled keeps react-admin's own effects.
    mutationOptions: { onSettled: () => queryClient.invalidateQueries({ queryKey: ['api-list'] }) },
  };
}

/** The top bar of an edit screen: what needs renewing, the resource's own actions, its history, delete/restore, back to the list. */
export function RecordEditActions({ children }: { children?: ReactNode }) {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <ExpiryChips />
      {children}
      <HistoryButton />
      <DeleteRestoreButton />
      <ListButton />
    </TopToolbar>
  );
}

function RecordTitle<T>({ render }: { render: (record: T) => string }) {
  const record = useRecordContext<T & { id: number }>();
  return <>{record ? render(record) : ''}</>;
}

export interface RecordEditProps<T> {
  /** The update schema of schema/ (the same one the server validates with). */
  schema: ZodType;
  /** The screen title from the record. */
  title: (record: T) => string;
  /** What the form's values become before they are checked and sent (e.g. an empty optional group → null). */
  prepare?: Prepare;
  /** Replaces the top bar (default: RecordEditActions). */
  actions?: ReactElement | false;
  aside?: ReactElement;
  /** The translation key of the conflict message (gets %{time}). */
  conflictMessage?: string;
  /** Where a save leads (default: the list). */
  redirect?: RedirectionSideEffect;
  /** The record, when the route does not name it as :id (/create/{id} of the claims tracker). */
  id?: number;
  /** From which width the aside stands beside the form rather than under it (default md; a wide aside needs more). */
  asideFrom?: 'md' | 'lg' | 'xl';
  /** What the screen shows under the form, after its Save (a log of the record's own). */
  after?: ReactNode;
  children: ReactNode;
}

/** An edit screen: pessimistic save with the version read, zod validation as you type, conflicts that keep the typing. */
export function RecordEdit<T>({
  schema,
  title,
  prepare,
  actions,
  aside,
  conflictMessage,
  redirect,
  id,
  asideFrom = 'md',
  after,
  children,
}: RecordEditProps<T>) {
  const { resolver, probe, ...save } = useFormSetup(schema, prepare);
  return (
    <Edit
      id={id}
      mutationMode="pessimistic"
      redirect={redirect}
      {...save}
      actions={actions ?? <RecordEditActions />}
      aside={aside}
      title={<RecordTitle render={title} />}
      error={<LoadProblem />}
      // What stands beside the form on a wide screen goes under it on a phone (react-admin keeps them in a row), and
      // both take the whole width there: react-admin's flex-start, meant for the row, shrank the form to its content.
      sx={{
        '& .RaEdit-main': {
          flexDirection: { xs: 'column', [asideFrom]: 'row' },
          alignItems: { xs: 'stretch', [asideFrom]: 'flex-start' },
        },
      }}
    >
      <SimpleForm resolver={resolver} {...VALIDATE_AS_YOU_TYPE} toolbar={<ConflictToolbar message={conflictMessage} />}>
        {probe}
        {children}
      </SimpleForm>
      {after && <Box sx={{ px: 2, pb: 2 }}>{after}</Box>}
    </Edit>
  );
}

export interface RecordCreateProps {
  /** The create schema of schema/. */
  schema: ZodType;
  title: string;
  prepare?: Prepare;
  defaultValues?: Record<string, unknown> | (() => Record<string, unknown>);
  /** Where the new record opens (default: its edit screen, {resource}/{id}/edit). */
  redirect?: (id: unknown) => string;
  children: ReactNode;
}

/** A create screen: the same validation as edit; the new record opens in its edit screen (/{id}/edit). */
export function RecordCreate({ schema, title, prepare, defaultValues, redirect, children }: RecordCreateProps) {
  const resource = useResourceContext();
  const { resolver, probe, ...save } = useFormSetup(schema, prepare);
  return (
    <Create
      {...save}
      redirect={(_resource: string | undefined, id: unknown) => redirect?.(id) ?? `${resource}/${id}/edit`}
      title={title}
    >
      <SimpleForm defaultValues={defaultValues} resolver={resolver} {...VALIDATE_AS_YOU_TYPE}>
        {probe}
        {children}
      </SimpleForm>
    </Create>
  );
}
