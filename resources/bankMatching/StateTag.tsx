import './messages';
import { useTranslate } from 'ra-core';
import type { BankRowState } from '../../schema/bank';
import { Tag, type TagTone } from '../../ui/Tag';

const TONES: Record<BankRowState, TagTone> = {
  OPEN: 'warning',
  PARTIAL: 'info',
  MATCHED: 'success',
  EXPLAINED: 'default',
};

/** A bank row's state as a tag: still to do stands out, done is quiet. */
export function StateTag({ state }: { state: BankRowState }) {
  const translate = useTranslate();
  return <Tag tone={TONES[state]}>{translate(`haulboard.bank.states.${state}`)}</Tag>;
}
