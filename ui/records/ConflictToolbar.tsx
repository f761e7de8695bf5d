import { Alert, Box, Button } from '@mui/material';
import { SaveButton, Toolbar } from 'react-admin';
import { useNotify, useResourceContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { useCanAccessFeature } from '../useCanAccessFeature';
import { usDateTime } from '../format';

interface ConflictError {
  status?: number;
  message?: string;
  body?: { current?: Record<string, unknown> };
}

/**
 * The edit screens' toolbar. Saves are pessimistic and carry the version the form read. When someone else saved
 * first (409 with the current record), nothing typed is lost: the user either keeps their changes on top of the
 * latest version (and saves again) or takes the other version instead. Save shows only with Update.
 */
export function ConflictToolbar({ message = 'haulboard.records.conflict.message' }: { message?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const resource = useResourceContext() ?? '';
  const { setValue, reset, getValues } = useFormContext();
  // Read during render so that react-hook-form tracks which fields the user changed.
  const { dirtyFields } = useFormState();
  const canSave = useCanAccessFeature(resource, 'Update');
  const [current, setCurrent] = useState<Record<string, unknown> | null>(null);

  /** Their version, with the fields this user changed put back on top. */
  const keepMine = (theirs: Record<string, unknown>) => {
    const mine = getValues();
    const changed = Object.keys(dirtyFields).filter((key) => key !== 'version');
    reset({ ...theirs });
    for (const key of changed) setValue(key, mine[key], { shouldDirty: true });
  };

  const onError = (thrown: unknown) => {
    const error = thrown as ConflictError;
    if (error.status === 409 && error.body?.current) {
      setCurrent(error.body.current);
      return;
    }
    notify(error.message ?? 'haulboard.app.something_went_wrong', { type: 'error' });
  };

  return (
    <Box sx={{ width: '100%' }}>
      {current && (
        <Alert
          severity="warning"
          role="alert"
          sx={{ mx: 2, mt: 1 }}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  keepMine(current);
                  setCurrent(null);
                }}
              >
                {translate('haulboard.records.conflict.keep_mine')}
              </Button>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  reset({ ...getValues(), ...current });
                  setCurrent(null);
                }}
              >
                {translate('haulboard.records.conflict.take_theirs')}
              </Button>
            </Box>
          }
        >
          {translate(message, { time: usDateTime(String(current.updatedAt)) })}
        </Alert>
      )}
      {canSave && (
        <Toolbar>
          <SaveButton mutationOptions={{ onError }} type="button" />
        </Toolbar>
      )}
    </Box>
  );
}
