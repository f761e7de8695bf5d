import { Alert, Box, Button } from '@mui/material';
import { SaveButton, Toolbar } from 'react-admin';
import { useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';

interface ConflictError {
  status?: number;
  message?: string;
  body?: { current?: Record<string, unknown> };
}

/**
 * Saves are pessimistic and carry the version the form read. When someone else saved first (409), nothing typed is
 * lost: the user either keeps their changes on top of the latest version (and saves again) or takes the other
 * version instead.
 */
export function ConflictToolbar() {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue, reset, getValues } = useFormContext();
  const [current, setCurrent] = useState<Record<string, unknown> | null>(null);

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
              <Button color="inherit" size="small" onClick={() => { setValue('version', current.version, { shouldDirty: true }); setCurrent(null); }}>
                {translate('haulboard.book_orders.conflict.keep_mine')}
              </Button>
              <Button color="inherit" size="small" onClick={() => { reset({ ...getValues(), ...current }); setCurrent(null); }}>
                {translate('haulboard.book_orders.conflict.take_theirs')}
              </Button>
            </Box>
          }
        >
          {translate('haulboard.book_orders.conflict.message', { user: String(current.updatedAt ?? '') })}
        </Alert>
      )}
      <Toolbar>
        <SaveButton mutationOptions={{ onError }} type="button" />
      </Toolbar>
    </Box>
  );
}
