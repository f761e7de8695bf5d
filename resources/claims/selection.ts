import { useStore } from 'ra-core';
import { useCallback } from 'react';

/** The selected claim (docs/product/claims.md#claims): its id and number, and whether the submit panel is open. */
export interface SelectedClaim {
  claimId: number | null;
  claimNumber: string | null;
  open: boolean;
}

const NONE: SelectedClaim = { claimId: null, claimNumber: null, open: false };

/**
 * The chosen claim, kept in react-admin's store (local storage): a refresh, or a trip to another screen and back,
 * finds the same claim's panel open.
 */
export function useSelectedClaim() {
  const [selected, setSelected] = useStore<SelectedClaim>('claims.selected', NONE);
  // The same function across renders: the claims list keeps its rows' click steady with it.
  const choose = useCallback(
    (claim: { id: number; claimNumber: string }) =>
      setSelected({ claimId: claim.id, claimNumber: claim.claimNumber, open: true }),
    [setSelected],
  );
  return {
    selected,
    choose,
    close: () => setSelected({ ...selected, open: false }),
  };
}
