import { Alert, Button, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DateInput, SaveButton } from 'react-admin';
import { Form, useNotify, useRefresh, useTranslate } from 'ra-core';
import { type ReactNode, useState } from 'react';
import { type FieldValues, useFormContext } from 'react-hook-form';
import type { ZodType } from 'zod';
import { apiFetch } from '../../dataProvider/http';
import { zodResolver } from '../zodResolver';
import { localToday } from './dates';

interface Problem {
  message: string;
  /** The server said another driver holds the unit or card, and it may be moved. */
  reassignable: boolean;
}

/** After "T-101 is with driver X": move it anyway (X's assignment ends the day before). */
function MoveAnyway({ onMove }: { onMove: (values: FieldValues) => void }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  return (
    <Button
      color="inherit"
      size="small"
      onClick={() => {
        setValue('reassign', true);
        onMove(getValues());
      }}
    >
      {translate('haulboard.assignments.move_anyway')}
    </Button>
  );
}

export interface AssignDialogProps {
  open: boolean;
  onClose: () => void;
  /** Who is (re)assigned: shown in the title. */
  driverName: string;
  /** POST target: /api/DriverAssignments. */
  path: string;
  /** The request schema of schema/assignments.ts. */
  schema: ZodType;
  /** The form's starting values (driverId, what the driver holds now …); startsOn defaults to today. */
  defaults: Record<string, unknown>;
  /** What is chosen: the new dispatcher, or truck, trailer and card. */
  children: ReactNode;
}

/**
 * Reassignment in one action: choose what changes and the day it starts; the server ends the running assignment the
 * day before. A refusal (an overlap, a unit another driver holds) is shown in the dialog, in the server's words,
 * with the choices kept; a unit or card another driver holds can then be moved with one more click.
 */
export function AssignDialog({ open, onClose, driverName, path, schema, defaults, children }: AssignDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<Problem | null>(null);
  const assign = useMutation({
    mutationFn: (body: Record<string, unknown>) => apiFetch(path, { method: 'POST', body }),
    onSuccess: () => {
      notify('haulboard.assignments.assigned', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: ['assignment-history'] });
      void queryClient.invalidateQueries({ queryKey: ['api-list'] });
      refresh();
      onClose();
    },
    onError: (error: Error & { body?: { reassignable?: boolean } }) =>
      setProblem({
        message: error.message || translate('haulboard.app.something_went_wrong'),
        reassignable: !!error.body?.reassignable,
      }),
  });
  const close = () => {
    setProblem(null);
    onClose();
  };
  return (
    <ResponsiveDialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="assign-dialog-title">
      <Form
        defaultValues={{ startsOn: localToday(), ...defaults }}
        resolver={zodResolver(schema)}
        onSubmit={(values: FieldValues) => {
          setProblem(null);
          assign.mutate(values);
        }}
        mode="onTouched"
        reValidateMode="onChange"
      >
        <DialogTitle id="assign-dialog-title">
          {translate('haulboard.assignments.assign_title', { name: driverName })}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {translate('haulboard.assignments.rule')}
          </Typography>
          {children}
          <DateInput source="startsOn" label="haulboard.assignments.fields.starts_on" isRequired />
          {problem && (
            <Alert
              severity="error"
              role="alert"
              action={
                problem.reassignable ? (
                  <MoveAnyway onMove={(values) => assign.mutate({ ...values, reassign: true })} />
                ) : undefined
              }
            >
              {problem.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <SaveButton label="haulboard.assignments.assign" alwaysEnable={!assign.isPending} />
        </DialogActions>
      </Form>
    </ResponsiveDialog>
  );
}
