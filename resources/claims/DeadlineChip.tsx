import './messages';
import { useTranslate } from 'ra-core';
import type { ClaimDto } from '../../schema/resources/claims';
import { usDate } from '../../ui/format';
import { Tag } from '../../ui/Tag';

const TONES = { OVERDUE: 'error', DUE_SOON: 'warning', ON_TRACK: 'default', DONE: 'success' } as const;

/**
 * A claim against its next legal deadline: overdue and due-soon ones stand out, with the date (`withDate`; the
 * dashboard says the date in its own words beside it).
 */
export function DeadlineChip({
  claim,
  withDate = true,
}: {
  claim: Pick<ClaimDto, 'deadlineState' | 'nextDeadline'>;
  withDate?: boolean;
}) {
  const translate = useTranslate();
  const state = claim.deadlineState;
  const label =
    translate(`haulboard.claims.deadline.${state}`) +
    (withDate && claim.nextDeadline ? ` · ${usDate(claim.nextDeadline)}` : '');
  return (
    <Tag tone={TONES[state]} filled={state !== 'ON_TRACK'}>
      {label}
    </Tag>
  );
}
