import './messages';
import {
  Alert,
  Checkbox,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { claimStepCompleteBody } from '../../schema/claimActions';
import { CLAIM_DECISIONS, type ClaimDecision, CLAIM_STATUS_LABELS } from '../../schema/claims';
import type { ClaimDto } from '../../schema/resources/claims';
import { ActionDialog } from '../../ui/ActionDialog';
import { usDate, usDateTime } from '../../ui/format';
import { localToday } from '../../ui/assignments/dates';
import { useApiAction } from '../../ui/records/useApiAction';
import { CLAIMS_API, type ClaimStepRow, claimVersion, claimWritten, useClaimPart } from './api';
import { SettleDialog } from './ClaimMoney';

const today = () => localToday();

/** Under a step's name: who did it when, or what it waits for and when it is due. */
function stepFacts(step: ClaimStepRow, translate: ReturnType<typeof useTranslate>): string {
  if (step.done)
    return [
      translate('haulboard.claims.steps.done_by', { time: usDateTime(step.doneAt), name: step.doneByName ?? '—' }),
      step.note,
    ]
      .filter(Boolean)
      .join(' · ');
  return [
    step.waitingFor.length
      ? translate('haulboard.claims.steps.waits_for', { steps: step.waitingFor.join(', ') })
      : null,
    step.dueOn
      ? translate(step.dueOn < today() ? 'haulboard.claims.steps.overdue' : 'haulboard.claims.steps.due', {
          date: usDate(step.dueOn),
        })
      : null,
    step.assigneeName,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * A claim's steps as a checklist, in order: ticking one completes it, unticking undoes it. A step whose prerequisites
 * are not done says what it waits for; ticking it anyway asks the server, which refuses it naming them (shown here).
 * The decision asks for the outcome and amount; the payment step opens the payment to the claimant.
 */
export function ClaimSteps({ claim, canUpdate }: { claim: ClaimDto; canUpdate: boolean }) {
  const translate = useTranslate();
  const {
    data: steps,
    isPending,
    error,
  } = useClaimPart<ClaimStepRow[]>(claim.id, 'steps', `${CLAIMS_API}/get-step-prerequisite?claimId=${claim.id}`);
  const [refusal, setRefusal] = useState('');
  const [asking, setAsking] = useState<'DECISION' | 'PAYMENT' | null>(null);
  const action = useApiAction(
    (saved) => {
      claimWritten(saved);
      setRefusal('');
    },
    (failure) => setRefusal(failure.message),
  );
  if (isPending) return <Skeleton variant="rounded" height={240} />;
  if (error) return <Alert severity="error">{(error as Error).message}</Alert>;
  const done = steps.filter((s) => s.done).length;
  const toggle = (step: ClaimStepRow) => {
    setRefusal('');
    const path = `${CLAIMS_API}/${claim.id}/steps/${step.step}`;
    if (step.done)
      action.mutate({
        path: `${path}/undo`,
        body: { version: claimVersion(claim) },
        done: 'haulboard.claims.steps.undone',
      });
    else if (step.step === 'DECISION' && !step.waitingFor.length) setAsking('DECISION');
    else if (step.step === 'PAYMENT' && !step.waitingFor.length) setAsking('PAYMENT');
    else
      action.mutate({
        path: `${path}/complete`,
        body: { version: claimVersion(claim) },
        done: 'haulboard.claims.steps.completed',
      });
  };
  return (
    <>
      <Typography variant="body2" color="text.secondary" id={`claim-${claim.id}-steps`}>
        {translate('haulboard.claims.steps.progress', { done, total: steps.length })}
      </Typography>
      {refusal && (
        <Alert severity="warning" role="alert" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
      <List dense aria-labelledby={`claim-${claim.id}-steps`}>
        {steps.map((step) => {
          const labelId = `claim-${claim.id}-step-${step.step}`;
          return (
            <ListItem key={step.id} disablePadding>
              <ListItemButton
                onClick={() => toggle(step)}
                disabled={!canUpdate || claim.deleted || action.isPending}
                dense
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <Checkbox
                    edge="start"
                    checked={step.done}
                    tabIndex={-1}
                    disableRipple
                    slotProps={{ input: { 'aria-labelledby': labelId } }}
                  />
                </ListItemIcon>
                <ListItemText
                  id={labelId}
                  primary={step.name}
                  secondary={stepFacts(step, translate)}
                  slotProps={{
                    primary: { color: !step.done && step.waitingFor.length ? 'text.secondary' : undefined },
                  }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      {asking === 'DECISION' && (
        <ActionDialog
          title={translate('haulboard.claims.steps.decide_title', { number: claim.claimNumber })}
          intro={translate('haulboard.claims.steps.decide_intro')}
          fields={(values) => [
            {
              name: 'decision',
              label: 'haulboard.claims.steps.decision',
              kind: 'select',
              required: true,
              choices: CLAIM_DECISIONS.map((d: ClaimDecision) => ({ value: d, label: CLAIM_STATUS_LABELS[d] })),
            },
            ...(values.decision === 'DECLINED'
              ? []
              : [
                  {
                    name: 'approvedAmount',
                    label: 'haulboard.claims.steps.amount',
                    kind: 'money' as const,
                    required: true,
                  },
                ]),
            { name: 'note', label: 'haulboard.claims.steps.note', kind: 'multiline' },
          ]}
          initial={{ decision: 'APPROVED', approvedAmount: String(claim.claimed ?? ''), note: '' }}
          schema={claimStepCompleteBody}
          extra={{ version: claimVersion(claim) }}
          onDone={claimWritten}
          path={`${CLAIMS_API}/${claim.id}/steps/DECISION/complete`}
          done="haulboard.claims.steps.decided"
          submitLabel={translate('haulboard.claims.steps.decide')}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'PAYMENT' && <SettleDialog claim={claim} onClose={() => setAsking(null)} />}
    </>
  );
}
