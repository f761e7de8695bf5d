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
import { type HttpError, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import {
  BROKER_FEE_METHODS,
  type BrokerFeeDto,
  REFERENCE_REQUIRED,
  payBrokerFeeBody,
} from '../../schema/resources/brokerFees';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { localToday } from '../../ui/assignments/dates';
import { usDate, usMoney } from '../../ui/format';
import { useApiAction } from '../../ui/records/useApiAction';
import { useCanAccessFeature } from '../../ui/useCanAccessFeature';

type Field = 'paidOn' | 'paymentMethod' | 'reference';
const FIELDS: readonly Field[] = ['paidOn', 'paymentMethod', 'reference'];

/** The messages of a refused payment that name a field, by field (the server's words). */
function fieldMessages(error: Error): Partial<Record<Field, string>> {
  const body = (error as HttpError).body as
    { messages?: { field?: string; description?: string }[] } | null | undefined;
  const out: Partial<Record<Field, string>> = {};
  for (const m of body?.messages ?? [])
    if (m.field && FIELDS.includes(m.field as Field) && m.description) out[m.field as Field] ??= m.description;
  return out;
}

/** The dialog's form: when, how and the bank's reference, checked as typed with the server's own rule. */
function PayDialog({ fee, onClose }: { fee: BrokerFeeDto; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    paidOn: localToday(),
    paymentMethod: 'ACH',
    reference: '',
  });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [server, setServer] = useState<Partial<Record<Field, string>>>({});
  const action = useApiAction(onClose, (error) => setServer(fieldMessages(error)));
  const checked = payBrokerFeeBody.safeParse({ version: fee.version, ...values });
  const problem = (field: Field) =>
    server[field] ??
    (touched[field] && !checked.success ? checked.error.issues.find((i) => i.path[0] === field)?.message : undefined);
  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setTouched((t) => ({ ...t, [field]: true }));
    setServer((s) => ({ ...s, [field]: undefined }));
  };
  const blur = (field: Field) => () => setTouched((t) => ({ ...t, [field]: true }));
  const submit = () => {
    setTouched({ paidOn: true, paymentMethod: true, reference: true });
    if (checked.success)
      action.mutate({
        path: `/api/Brokers/v2/fee/${fee.id}/pay`,
        body: checked.data,
        done: 'haulboard.broker_fees.paid',
      });
  };
  const needsReference = REFERENCE_REQUIRED.includes(values.paymentMethod as never);
  return (
    <ResponsiveDialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm">
      <DialogTitle id={titleId}>{translate('haulboard.broker_fees.pay_title', { order: fee.orderNumber })}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, alignContent: 'start', pt: '8px !important' }}>
        <DialogContentText>
          {translate('haulboard.broker_fees.pay_help', {
            amount: usMoney(fee.amount),
            broker: fee.brokerName,
            date: usDate(fee.dueOn),
          })}
        </DialogContentText>
        <TextField
          type="date"
          label={translate('haulboard.broker_fees.paid_on')}
          value={values.paidOn}
          onChange={change('paidOn')}
          onBlur={blur('paidOn')}
          required
          error={!!problem('paidOn')}
          helperText={problem('paidOn')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label={translate('haulboard.broker_fees.method')}
          value={values.paymentMethod}
          onChange={change('paymentMethod')}
          onBlur={blur('paymentMethod')}
          required
          error={!!problem('paymentMethod')}
          helperText={problem('paymentMethod')}
        >
          {BROKER_FEE_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {translate(`resources.broker-fee.choices.paymentMethod.${m}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate('haulboard.broker_fees.reference')}
          value={values.reference}
          onChange={change('reference')}
          onBlur={blur('reference')}
          required={needsReference}
          error={!!problem('reference')}
          helperText={problem('reference') ?? translate('haulboard.broker_fees.reference_help')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={action.isPending} onClick={submit}>
          {translate('haulboard.broker_fees.pay_amount', { amount: usMoney(fee.amount) })}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}

/**
 * "Mark paid" on a due fee's row, for who may update broker fees (POST /api/Brokers/v2/fee/{id}/pay): the dialog
 * opens fresh each time, the user's today and ACH to start with.
 */
export function MarkPaidButton({ fee }: { fee: BrokerFeeDto }) {
  const translate = useTranslate();
  const allowed = useCanAccessFeature('broker-fee', 'Update');
  const [open, setOpen] = useState(false);
  if (!allowed || fee.status !== 'DUE') return null;
  return (
    <>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        {translate('haulboard.broker_fees.mark_paid')}
      </Button>
      {open && <PayDialog fee={fee} onClose={() => setOpen(false)} />}
    </>
  );
}
