import BlockIcon from '@mui/icons-material/Block';
import { Button, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useRecordContext, useRedirect, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { voidBody } from '../../schema/resources/transactions';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { signedMoney } from '../../ui/format';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';

type Entry = {
  id: number;
  version: number;
  status: string;
  amount: number;
  direction: 'CREDIT' | 'DEBIT';
  driverName: string;
};

/**
 * Void an entry with a reason (POST /api/DriverTransactions/{id}/void, with Delete on Transactions): the server posts
 * the reversing entry today and both stay. The reason is checked as typed with the server's own rule.
 */
export function VoidButton() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const record = useRecordContext<Entry>();
  const allowed = useCanAccessFeature('finances/driver-transactions', 'Delete');
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  // The answer is the voided entry; its void (the reversing entry) opens.
  const action = useApiAction<{ value?: { voidedById: number | null } }>((answer) => {
    setOpen(false);
    if (answer.value?.voidedById) redirect(`/app/finances/driver-transactions/${answer.value.voidedById}/edit`);
  });
  if (!record || !allowed || record.status !== 'POSTED') return null;
  const checked = voidBody.safeParse({ version: record.version, reason });
  const problem = checked.success
    ? undefined
    : checked.error.issues.find((issue) => issue.path[0] === 'reason')?.message;
  return (
    <>
      <Button size="small" color="error" startIcon={<BlockIcon />} onClick={() => setOpen(true)}>
        {translate('haulboard.transactions.void')}
      </Button>
      <ResponsiveDialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} maxWidth="sm">
        <DialogTitle id={titleId}>{translate('haulboard.transactions.void_title', { id: record.id })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('haulboard.transactions.void_help', {
              amount: signedMoney(record.amount, record.direction === 'CREDIT' ? 'DEBIT' : 'CREDIT'),
              driver: record.driverName,
            })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            multiline
            required
            label={translate('haulboard.transactions.void_reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            error={touched && !!problem}
            helperText={touched && problem ? problem : translate('haulboard.transactions.void_reason_help')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={action.isPending}
            onClick={() => {
              setTouched(true);
              if (checked.success)
                action.mutate({
                  path: `/api/DriverTransactions/${record.id}/void`,
                  body: checked.data,
                  done: 'haulboard.transactions.voided',
                });
            }}
          >
            {translate('haulboard.transactions.void')}
          </Button>
        </DialogActions>
      </ResponsiveDialog>
    </>
  );
}
