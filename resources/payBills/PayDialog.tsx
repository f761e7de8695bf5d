import './messages';
import {
  Button,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import { todayIso } from '../../schema/expiry';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from '../../schema/reference';
import { type PayBillDto, payBillBody } from '../../schema/resources/payBills';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { usMoney } from '../../ui/format';
import { useApiAction } from '../../ui/records/useApiAction';

/**
 * Pay an approved bill (POST /api/PayBills/{id}/pay): how (method and reference: required when the net is owed to
 * the driver) and when. The server posts the payment once; a week that closes at zero or below pays nothing and
 * carries its net into next week's opening.
 */
export function PayDialog({ bill, open, onClose }: { bill: PayBillDto; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const owed = bill.net > 0;
  const [method, setMethod] = useState<string>('ACH');
  const [reference, setReference] = useState('');
  const [paidOn, setPaidOn] = useState(todayIso);
  const [tried, setTried] = useState(false);
  const action = useApiAction(onClose);
  const body = {
    version: bill.version,
    paidOn,
    ...(owed ? { paymentMethod: method, reference: reference || undefined } : {}),
  };
  const checked = payBillBody.safeParse(body);
  const issue = (field: string) =>
    checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === field)?.message;
  const missingReference = owed && !reference.trim() ? translate('haulboard.pay_bills.reference_needed') : undefined;
  const submit = () => {
    setTried(true);
    if (checked.success && !missingReference)
      action.mutate({ path: `/api/PayBills/${bill.id}/pay`, body: checked.data, done: 'haulboard.pay_bills.paid' });
  };
  return (
    <ResponsiveDialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{translate('haulboard.pay_bills.pay_title', { driver: bill.driverName })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <DialogContentText>
          {translate(owed ? 'haulboard.pay_bills.pay_help' : 'haulboard.pay_bills.carry_help', {
            amount: usMoney(Math.abs(bill.net)),
          })}
        </DialogContentText>
        {owed && (
          <>
            <TextField
              select
              label={translate('haulboard.pay_bills.method')}
              value={method}
              onChange={(e) => setMethod(e.target.value)}
              required
            >
              {PAYMENT_METHODS.map((m) => (
                <MenuItem key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={translate('haulboard.pay_bills.reference')}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              required
              error={tried && !!(missingReference ?? issue('reference'))}
              helperText={
                (tried && (missingReference ?? issue('reference'))) || translate('haulboard.pay_bills.reference_help')
              }
            />
          </>
        )}
        <TextField
          type="date"
          label={translate('haulboard.pay_bills.paid_on')}
          value={paidOn}
          onChange={(e) => setPaidOn(e.target.value)}
          required
          error={!!issue('paidOn')}
          helperText={issue('paidOn')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={action.isPending} onClick={submit}>
          {translate(owed ? 'haulboard.pay_bills.pay_amount' : 'haulboard.pay_bills.close_week', {
            amount: usMoney(bill.net),
          })}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
