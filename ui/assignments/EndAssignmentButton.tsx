import { Alert, Button, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { ResponsiveDialog } from '../ResponsiveDialog';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { useApiAction } from '../records/useApiAction';
import { localToday } from './dates';

/** Ends an open assignment on a chosen last day (today by default); the server checks it is not before the start. */
export function EndAssignmentButton({ path, what, startsOn }: { path: string; what: string; startsOn: string }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [endsOn, setEndsOn] = useState(localToday());
  const action = useApiAction(() => {
    void queryClient.invalidateQueries({ queryKey: ['assignment-history'] });
    setOpen(false);
  });
  const early = endsOn < startsOn;
  return (
    <>
      <Button size="small" color="warning" onClick={() => setOpen(true)}>
        {translate('haulboard.assignments.end')}
      </Button>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('haulboard.assignments.end_title', { what })}</DialogTitle>
        <DialogContent>
          <TextField
            type="date"
            fullWidth
            margin="dense"
            label={translate('haulboard.assignments.fields.ends_on')}
            value={endsOn}
            onChange={(event) => setEndsOn(event.target.value)}
            error={early}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startsOn } }}
          />
          {action.error && (
            <Alert severity="error" role="alert">
              {action.error.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={!endsOn || early || action.isPending}
            onClick={() => action.mutate({ path, body: { endsOn }, done: 'haulboard.assignments.ended' })}
          >
            {translate('haulboard.assignments.end')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
