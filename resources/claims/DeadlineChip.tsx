import { Chip } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ClaimDto } from '../../schema/resources/claims';
import { usDate } from '../../ui/format';

const COLOURS = { OVERDUE: 'error', DUE_SOON: 'warning', ON_TRACK: 'default', DONE: 'success' } as const;

/** A claim against its next legal deadline: overdue and due-soon ones stand out, with the date. */
export function DeadlineChip({ claim }: { claim: Pick<ClaimDto, 'deadlineState' | 'nextDeadline'> }) {
  const translate = useTranslate();
  const state = claim.deadlineState;
  const label = translate(`haulboard.claims.deadline.${state}`) + (claim.nextDeadline ? ` · ${usDate(claim.nextDeadline)}` : '');
  return <Chip size="small" color={COLOURS[state]} variant={state === 'ON_TRACK' ? 'outlined' : 'filled'} label={label} />;
}
