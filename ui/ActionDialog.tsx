import {
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  InputAdornment,
  MenuItem,
  TextField,
} from '@mui/material';
import { type HttpError, useTranslate } from 'ra-core';
import { type ReactNode, useId, useState } from 'react';
import type { ZodType } from 'zod';
import { ResponsiveDialog } from './ResponsiveDialog';
import { useApiAction } from './records/useApiAction';

/** One input of an action's dialog. Every value is held as typed text; `money` is sent as a number of dollars. */
export interface ActionField {
  name: string;
  /** Translation key (or words) of the label. */
  label: string;
  kind: 'text' | 'multiline' | 'money' | 'date' | 'select';
  choices?: readonly { value: string; label: string }[];
  required?: boolean;
  /** Translation key (or words) shown under the input while it has no problem. */
  help?: string;
  /** A select whose values are ids: sent as numbers. */
  numeric?: boolean;
}

type Values = Record<string, string>;

/** The server's refusals that name a field, by field (its own words). */
function serverMessages(error: Error, fields: readonly ActionField[]): Values {
  const body = (error as HttpError).body as
    { messages?: { field?: string; description?: string }[] } | null | undefined;
  const out: Values = {};
  for (const m of body?.messages ?? [])
    if (m.field && m.description && fields.some((f) => f.name === m.field)) out[m.field] ??= m.description;
  return out;
}

/** What the dialog sends: money as numbers, empty inputs left out, then what the caller adds (the version …). */
function bodyOf(values: Values, fields: readonly ActionField[], extra: Record<string, unknown>) {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const raw = values[field.name]?.trim() ?? '';
    if (raw === '') continue;
    body[field.name] = field.kind === 'money' ? Number(raw.replace(/[$,\s]/g, '')) : field.numeric ? Number(raw) : raw;
  }
  return { ...body, ...extra };
}

export interface ActionDialogProps {
  title: string;
  /** What the action does, in words, above the inputs. */
  intro?: ReactNode;
  /** The inputs; a function of the values when one decides whether another is asked (a decision's amount). */
  fields: readonly ActionField[] | ((values: Values) => readonly ActionField[]);
  initial: Values;
  /** The body's rule (schema/), checked as the user types; the server checks it again. */
  schema: ZodType;
  /** Sent with the inputs' values (the record's version …). */
  extra?: Record<string, unknown>;
  path: string;
  /** POST unless said (a rename is a PUT). */
  method?: string;
  /** Translation key of the success toast. */
  done: string;
  submitLabel: string;
  onClose: () => void;
  onDone?: (result: unknown) => void;
}

/**
 * A small form that performs one API action (pay, charge back, decide): its inputs checked as you type with the same
 * zod rule the server applies, the server's refusals shown under the input they name (or above the inputs), the
 * screen re-read on success. Opens fresh each time it is shown.
 */
export function ActionDialog({
  title,
  intro,
  fields,
  initial,
  schema,
  extra = {},
  path,
  method,
  done,
  submitLabel,
  onClose,
  onDone,
}: ActionDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [values, setValues] = useState<Values>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [server, setServer] = useState<Values>({});
  const [refusal, setRefusal] = useState('');
  const shown = typeof fields === 'function' ? fields(values) : fields;
  const action = useApiAction(
    (result) => {
      onDone?.(result);
      onClose();
    },
    (error) => {
      const named = serverMessages(error, shown);
      setServer(named);
      setRefusal(Object.keys(named).length ? '' : error.message);
    },
  );
  const checked = schema.safeParse(bodyOf(values, shown, extra));
  const problem = (name: string) =>
    server[name] ??
    (touched[name] && !checked.success ? checked.error.issues.find((i) => i.path[0] === name)?.message : undefined);
  const change = (name: string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setTouched((t) => ({ ...t, [name]: true }));
    setServer(({ [name]: _dropped, ...rest }) => rest);
    setRefusal('');
  };
  const submit = () => {
    setTouched(Object.fromEntries(shown.map((f) => [f.name, true])));
    if (checked.success) action.mutate({ path, method, body: checked.data, done });
  };
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
        {intro && <DialogContentText component="div">{intro}</DialogContentText>}
        {refusal && (
          <DialogContentText role="alert" color="error">
            {refusal}
          </DialogContentText>
        )}
        {shown.map((field) => {
          const message = problem(field.name);
          const common = {
            name: field.name,
            label: translate(field.label, { _: field.label }),
            value: values[field.name] ?? '',
            required: field.required,
            onChange: change(field.name),
            onBlur: () => setTouched((t) => ({ ...t, [field.name]: true })),
            error: !!message,
            helperText: message ?? (field.help ? translate(field.help, { _: field.help }) : undefined),
          };
          if (field.kind === 'select') {
            return (
              <TextField key={field.name} {...common} select>
                {field.choices?.map((c) => (
                  <MenuItem key={c.value} value={c.value}>
                    {c.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          }
          if (field.kind === 'date')
            return <TextField key={field.name} {...common} type="date" slotProps={{ inputLabel: { shrink: true } }} />;
          if (field.kind === 'money') {
            return (
              <TextField
                key={field.name}
                {...common}
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
            );
          }
          return (
            <TextField
              key={field.name}
              {...common}
              multiline={field.kind === 'multiline'}
              minRows={field.kind === 'multiline' ? 2 : undefined}
            />
          );
        })}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={action.isPending} onClick={submit}>
          {submitLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
