import './messages';
import { Alert, Box, Button, Link, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { claimChargebackBody, claimSettleBody } from '../../schema/claimActions';
import { fromCents, toCents } from '../../schema/money';
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, paymentMethodLabel } from '../../schema/reference';
import type { ClaimDto } from '../../schema/resources/claims';
import { ActionDialog } from '../../ui/ActionDialog';
import { Facts } from '../../ui/Facts';
import { localToday } from '../../ui/assignments/dates';
import { usDate, usMoney } from '../../ui/format';
import { CLAIMS_API, claimVersion, claimWritten, useClaimPart } from './api';

interface Settlement {
  id: number;
  paidOn: string;
  amount: number;
  method: string;
  reference: string | null;
  createdByName: string | null;
}

/** What is left to pay: the approved (or agreed) amount less what was paid; blank when nothing is decided. */
const leftToPay = (claim: ClaimDto) => {
  const due = claim.settled ?? claim.approved;
  return due == null ? '' : String(fromCents(Math.max(0, toCents(due) - toCents(claim.paid))) || '');
};

/** A payment to the claimant (POST /settle): amount, day, method and the reference the bank line will show. */
export function SettleDialog({ claim, onClose }: { claim: ClaimDto; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ActionDialog
      title={translate('haulboard.claims.money.settle_title', { number: claim.claimNumber })}
      intro={translate('haulboard.claims.money.settle_intro', { claimant: claim.claimantCompany })}
      fields={[
        { name: 'amount', label: 'haulboard.claims.money.amount', kind: 'money', required: true },
        { name: 'paidOn', label: 'haulboard.claims.money.paid_on', kind: 'date', required: true },
        {
          name: 'method',
          label: 'haulboard.claims.money.method',
          kind: 'select',
          required: true,
          choices: PAYMENT_METHODS.map((m) => ({ value: m, label: PAYMENT_METHOD_LABELS[m] })),
        },
        {
          name: 'reference',
          label: 'haulboard.claims.money.reference',
          kind: 'text',
          help: 'haulboard.claims.money.reference_help',
        },
      ]}
      initial={{ amount: leftToPay(claim), paidOn: localToday(), method: 'Check', reference: '' }}
      schema={claimSettleBody}
      extra={{ version: claimVersion(claim) }}
      onDone={claimWritten}
      path={`${CLAIMS_API}/${claim.id}/settle`}
      done="haulboard.claims.money.settle_done"
      submitLabel={translate('haulboard.claims.money.settle')}
      onClose={onClose}
    />
  );
}

/** The driver's chargeback (POST /chargeback): one debit on the driver's ledger, replaced when the amount changes. */
function ChargebackDialog({ claim, onClose }: { claim: ClaimDto; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ActionDialog
      title={translate('haulboard.claims.money.chargeback_title', { number: claim.claimNumber })}
      intro={translate('haulboard.claims.money.chargeback_intro', { driver: claim.driverName ?? '' })}
      fields={[
        {
          name: 'amount',
          label: 'haulboard.claims.money.amount',
          kind: 'money',
          required: true,
          help: 'haulboard.claims.money.chargeback_help',
        },
        { name: 'postedOn', label: 'haulboard.claims.money.posted_on', kind: 'date' },
      ]}
      initial={{ amount: claim.chargedBackToDriver ? String(claim.chargedBackToDriver) : '', postedOn: localToday() }}
      schema={claimChargebackBody}
      extra={{ version: claimVersion(claim) }}
      onDone={claimWritten}
      path={`${CLAIMS_API}/${claim.id}/chargeback`}
      done="haulboard.claims.money.chargeback_done"
      submitLabel={translate('haulboard.claims.money.chargeback')}
      onClose={onClose}
    />
  );
}

/**
 * A claim's money: what was claimed, approved, paid to the claimant, charged back to the driver (with its ledger
 * entry) and recovered; the payments made; and the two actions, for who may update claims.
 */
export function ClaimMoney({ claim, canUpdate }: { claim: ClaimDto; canUpdate: boolean }) {
  const translate = useTranslate();
  const [asking, setAsking] = useState<'settle' | 'chargeback' | null>(null);
  const { data: payments, isPending } = useClaimPart<Settlement[]>(
    claim.id,
    'settlements',
    `${CLAIMS_API}/${claim.id}/settlements`,
  );
  const figures: [string, number | null][] = [
    ['claimed', claim.claimed],
    ['approved', claim.approved],
    ['settled', claim.settled],
    ['paid', claim.paid],
    ['charged_back', claim.chargedBackToDriver],
    ['recovered', claim.recoveredFromInsurance],
  ];
  const decided = ['APPROVED', 'OFFERED', 'SETTLED', 'CLOSED'].includes(claim.status);
  const active = canUpdate && !claim.deleted;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Facts
        facts={figures
          .filter(([, value]) => value != null)
          .map(([key, value]) => ({
            key,
            label: translate(`haulboard.claims.money.${key}`),
            value: usMoney(value),
            numeric: true,
          }))}
      />
      {claim.chargebackEntryId && (
        <Typography variant="body2">
          <Link component={RouterLink} to={`/app/finances/driver-transactions/${claim.chargebackEntryId}/edit`}>
            {translate('haulboard.claims.money.ledger_entry', {
              id: claim.chargebackEntryId,
              driver: claim.driverName ?? '',
            })}
          </Link>
        </Typography>
      )}
      {active && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() => setAsking('settle')}
            disabled={!decided || claim.status === 'DECLINED'}
          >
            {translate('haulboard.claims.money.settle')}
          </Button>
          <Button variant="outlined" size="small" onClick={() => setAsking('chargeback')} disabled={!claim.driverId}>
            {translate('haulboard.claims.money.chargeback')}
          </Button>
        </Box>
      )}
      {active && !decided && (
        <Typography variant="body2" color="text.secondary">
          {translate('haulboard.claims.money.decide_first')}
        </Typography>
      )}
      {active && !claim.driverId && (
        <Typography variant="body2" color="text.secondary">
          {translate('haulboard.claims.money.no_driver')}
        </Typography>
      )}
      <Typography variant="subtitle2" component="h3">
        {translate('haulboard.claims.money.payments')}
      </Typography>
      {isPending ? (
        <Skeleton variant="rounded" height={48} />
      ) : !payments?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('haulboard.claims.money.none')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {payments.map((p) => (
            <ListItem key={p.id} disableGutters>
              <ListItemText
                primary={`${usMoney(p.amount)} · ${usDate(p.paidOn)} · ${paymentMethodLabel(p.method)}${p.reference ? ` ${p.reference}` : ''}`}
                secondary={p.createdByName}
              />
            </ListItem>
          ))}
        </List>
      )}
      {asking === 'settle' && <SettleDialog claim={claim} onClose={() => setAsking(null)} />}
      {asking === 'chargeback' && <ChargebackDialog claim={claim} onClose={() => setAsking(null)} />}
      {claim.deleted && <Alert severity="info">{translate('haulboard.claims.panel.deleted')}</Alert>}
    </Box>
  );
}
