import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../dataProvider/http';

export const CLAIMS_API = '/api/ClaimTracker';

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
