import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../dataProvider/http';

export const CLAIMS_API = '/api/ClaimTracker';

/** The version each claim's last write on this page answered with (every claim write answers with the claim). */
const written = new Map<number, number>();

/** Keep the version a claim write answered with (its `{ value: claim }`): pass it as the action's onDone. */
export function claimWritten(answer: unknown) {
  const claim = unwrap<{ id?: unknown; version?: unknown } | null>(answer);
  if (typeof claim?.id === 'number' && typeof claim.version === 'number')
    written.set(claim.id, Math.max(claim.version, written.get(claim.id) ?? 0));
}

/**
 * The version to send with a claim's next write: the newer of the record on screen and the last write's answer. After
 * a write the screen re-reads the claim; a second write made before that read is back must not send the old version,
 * or the server refuses it as a conflict with the user's own first write.
 */
export const claimVersion = (claim: { id: number; version: number }) =>
  Math.max(claim.version, written.get(claim.id) ?? 0);

/** A read of one claim's part (its steps, payments, timeline …): re-read with everything else after an action. */
export function useClaimPart<T>(claimId: number, part: string, path: string) {
  return useQuery({ queryKey: ['claim', claimId, part], queryFn: async () => unwrap<T>(await apiFetch(path)) });
}

export interface ClaimStepRow {
  id: number;
  step: string;
  name: string;
  done: boolean;
  doneAt: string | null;
  doneByName: string | null;
  assigneeName: string | null;
  dueOn: string | null;
  note: string | null;
  prerequisites: { step: string; name: string; done: boolean }[];
  waitingFor: string[];
  canComplete: boolean;
  canUndo: boolean;
}
