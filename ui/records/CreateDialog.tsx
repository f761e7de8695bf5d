import AddIcon from '@mui/icons-material/Add';
import { Button, DialogContent, DialogTitle } from '@mui/material';
import { CreateBase, SaveButton, SimpleForm, Toolbar } from 'react-admin';
import { useNotify, useRefresh, useResourceContext, useTranslate } from 'ra-core';
import { type ReactElement, useId, useState } from 'react';
import type { Field } from '../../schema/define/fields';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { DefinitionInputs, formDefaultsOf, prepareFor } from './DefinitionForms';
import { definitionOf } from './definitions';
import { VALIDATE_AS_YOU_TYPE, useFormSetup } from './RecordForms';

/** A key for one attempt at creating a record: the same for every retry of that attempt, new for the next one. */
function attemptKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface CreateDialogProps {
  /** Translation key of the button and the dialog's title. */
  label: string;
  /** Inputs the resource shows specially, by field name. */
  inputs?: Partial<Record<string, ReactElement | null>>;
  /** What the form starts with, over the definition's defaults. */
  defaultValues?: Record<string, unknown>;
}

/**
 * A definition's create form in a dialog over its list (posting a ledger entry): the same validation as the create
 * screen; the list re-reads once saved. A definition with an `idempotencyKey` field gets one key per opening of the
 * dialog, so a double click or a retried request creates one record (the server answers 409 to the second).
 */
export function CreateDialog({ label, inputs, defaultValues }: CreateDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const def = definitionOf(useResourceContext() ?? '');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(attemptKey);
  const keyed = 'idempotencyKey' in (def.fields as Record<string, Field>);
  const prepare = prepareFor(def, false, (values) => (keyed ? { ...values, idempotencyKey: key } : values));
  const { resolver, probe, transform, mutationOptions } = useFormSetup(def.create, prepare);
  const close = () => setOpen(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() => {
          setKey(attemptKey());
          setOpen(true);
        }}
      >
        {translate(label)}
      </Button>
      <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md">
        <DialogTitle id={titleId}>{translate(label)}</DialogTitle>
        <DialogContent sx={{ p: 0 }}>
          {open && (
            <CreateBase
              redirect={false}
              transform={transform}
              mutationOptions={{
                ...mutationOptions,
                onSuccess: () => {
                  notify(`resources.${def.name}.notifications.created`, { type: 'success' });
                  close();
                  refresh();
                },
              }}
            >
              <SimpleForm
                defaultValues={{ ...formDefaultsOf(def), ...defaultValues }}
                resolver={resolver}
                {...VALIDATE_AS_YOU_TYPE}
                toolbar={
                  <Toolbar sx={{ gap: 1 }}>
                    <SaveButton label={label} />
                    <Button onClick={close}>{translate('ra.action.cancel')}</Button>
                  </Toolbar>
                }
              >
                {probe}
                <DefinitionInputs inputs={inputs} />
              </SimpleForm>
            </CreateBase>
          )}
        </DialogContent>
      </ResponsiveDialog>
    </>
  );
}
