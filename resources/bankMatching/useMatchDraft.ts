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
  /** An invoice paid short: the words for the difference (server/modules/bank/invoicePayments.ts keeps them). */
  shortReason?: string;
}

/** A line that leaves part of an invoice open, so its difference may be named. */
export const paysShort = (line: DraftLine) => {
  const cents = parseDollars(line.amount);
  return line.itemType === 'INVOICE' && cents !== null && cents > 0 && cents < toCents(line.left);
};
/** Named differences are at least three characters (schema/bank.ts matchBody). */
export const SHORT_REASON_MIN = 3;
export const shortReasonInvalid = (line: DraftLine) =>
  paysShort(line) && !!line.shortReason?.trim() && line.shortReason.trim().length < SHORT_REASON_MIN;
/** The line as the match route reads it. */
export const matchLineOf = (line: DraftLine) => ({
  itemType: line.itemType,
  itemId: line.itemId,
  amount: (parseDollars(line.amount) ?? 0) / 100,
  ...(paysShort(line) && line.shortReason?.trim() ? { shortReason: line.shortReason.trim() } : {}),
});

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
  /** A typed amount, or the words for an invoice's difference. */
  const setLine = useCallback(
    (key: string, change: Pick<Partial<DraftLine>, 'amount' | 'shortReason'>) =>
      setLines((current) => current.map((l) => (lineKey(l) === key ? { ...l, ...change } : l))),
    [],
  );
  const clear = useCallback(() => setLines([]), []);
  return { lines, has, toggle, setLine, clear };
}
