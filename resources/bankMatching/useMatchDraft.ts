import './messages';
import { useCallback, useEffect, useState } from 'react';
import type { MatchItemType, OpenItemDto } from '../../schema/bank';
import { plainCents } from '../../schema/format';
import { parseDollars, toCents } from '../../schema/money';

/** An item picked for the match, with the amount typed for it (text, as typed). */
export interface DraftLine {
  itemType: MatchItemType;
  itemId: number;
  label: string;
  party: string | null;
  left: number;
  amount: string;
}

export const lineKey = (line: { itemType: string; itemId: number }) => `${line.itemType}:${line.itemId}`;
const storageKey = (rowId: string) => `haulboard.bank.draft.${rowId}`;

function read(rowId: string): DraftLine[] {
  try {
    const saved = JSON.parse(sessionStorage.getItem(storageKey(rowId)) ?? '[]');
    return Array.isArray(saved) ? saved : [];
  } catch {
    return [];
  }
}

/**
 * The lines being put together for one bank row, kept in the tab's session storage: a refresh, or a look at another
 * row and back, loses nothing; a confirmed match clears them.
 */
export function useMatchDraft(rowId: string) {
  const [lines, setLines] = useState<DraftLine[]>(() => read(rowId));
  useEffect(() => setLines(read(rowId)), [rowId]);
  useEffect(() => {
    if (lines.length) sessionStorage.setItem(storageKey(rowId), JSON.stringify(lines));
    else sessionStorage.removeItem(storageKey(rowId));
  }, [rowId, lines]);
  const has = useCallback(
    (item: { itemType: string; itemId: number }) => lines.some((l) => lineKey(l) === lineKey(item)),
    [lines],
  );
  /** Pick an item (with what is left of the row, up to the item's own amount left), or drop it when picked. */
  const toggle = useCallback(
    (item: OpenItemDto, rowLeft: number) =>
      setLines((current) => {
        if (current.some((l) => lineKey(l) === lineKey(item)))
          return current.filter((l) => lineKey(l) !== lineKey(item));
        const used = current.reduce((sum, l) => sum + (parseDollars(l.amount) ?? 0), 0);
        const itemLeft = toCents(item.left);
        const room = Math.max(0, toCents(rowLeft) - used);
        const amount = Math.min(itemLeft, room || itemLeft);
        return [
          ...current,
          {
            itemType: item.itemType,
            itemId: item.itemId,
            label: item.label,
            party: item.party,
            left: item.left,
            amount: plainCents(amount),
          },
        ];
      }),
    [],
  );
  const setAmount = useCallback(
    (key: string, amount: string) =>
      setLines((current) => current.map((l) => (lineKey(l) === key ? { ...l, amount } : l))),
    [],
  );
  const clear = useCallback(() => setLines([]), []);
  return { lines, has, toggle, setAmount, clear };
}
