import { periodRange } from '../../schema/period';
import {
  BOARD_COLUMNS,
  type BoardCard,
  type BoardColumn,
  type BoardColumnStatus,
  type BoardFilter,
} from '../../schema/dispatchBoard';

/** The board as shown: each column's loaded cards, count and total for the filter. */
export type BoardState = Record<BoardColumnStatus, BoardColumn>;

export const isColumn = (status: string): status is BoardColumnStatus =>
  (BOARD_COLUMNS as readonly string[]).includes(status);

export function boardOf(columns: BoardColumn[]): BoardState {
  return Object.fromEntries(columns.map((column) => [column.status, column])) as BoardState;
}

/** Column order: earliest pickup first, then id (as the server sorts). */
const before = (a: BoardCard, b: BoardCard) =>
  a.pickup.date < b.pickup.date || (a.pickup.date === b.pickup.date && a.id < b.id);

/** Whether the card belongs on the board under this filter; undefined when the browser cannot tell (a search). */
export function matches(card: BoardCard, filter: BoardFilter, today: string): boolean | undefined {
  if (card.deleted || !isColumn(card.status)) return false;
  if (filter.dispatcherId && card.dispatcherId !== Number(filter.dispatcherId)) return false;
  if (filter.driverId && card.driverId !== Number(filter.driverId)) return false;
  if (filter.carrierId && card.carrierId !== Number(filter.carrierId)) return false;
  const range = periodRange(filter.filtered ?? 'current', today, filter.from, filter.to);
  if ((range.from && card.pickup.date < range.from) || (range.to && card.pickup.date > range.to)) return false;
  return filter.search ? undefined : true;
}

export function findCard(board: BoardState, id: number): BoardCard | undefined {
  for (const status of BOARD_COLUMNS) {
    const card = board[status]?.items.find((c) => c.id === id);
    if (card) return card;
  }
  return undefined;
}

/**
 * The board with `card` as it is now: out of the column it was in, into its status's column at its place when that
 * place is within the loaded window. Counts follow when the card was on the board before (else `recount` is true:
 * the caller reads the totals again).
 */
export function placeCard(
  board: BoardState,
  card: BoardCard,
  belongs: boolean,
): { board: BoardState; recount: boolean } {
  const next = { ...board };
  const old = findCard(board, card.id);
  if (old && isColumn(old.status)) {
    const column = next[old.status];
    next[old.status] = {
      ...column,
      items: column.items.filter((c) => c.id !== card.id),
      totalCount: column.totalCount - 1,
      totalPrice: column.totalPrice - old.price,
    };
  }
  if (belongs && isColumn(card.status)) {
    const column = next[card.status];
    const items = [...column.items];
    const complete = items.length >= column.totalCount;
    const at = items.findIndex((c) => before(card, c));
    if (at >= 0) items.splice(at, 0, card);
    else if (complete) items.push(card);
    next[card.status] = {
      ...column,
      items,
      totalCount: column.totalCount + 1,
      totalPrice: column.totalPrice + card.price,
    };
  }
  return { board: next, recount: !old && belongs };
}

/** The same board with each column's count and total from a fresh read (the cards stay). */
export function withTotals(board: BoardState, columns: BoardColumn[]): BoardState {
  const next = { ...board };
  for (const column of columns)
    if (next[column.status])
      next[column.status] = { ...next[column.status], totalCount: column.totalCount, totalPrice: column.totalPrice };
  return next;
}

/** A later window appended, without the cards already shown (live changes may have shifted the pages). */
export function appendWindow(board: BoardState, column: BoardColumn): BoardState {
  const current = board[column.status];
  const shown = new Set(current.items.map((c) => c.id));
  return {
    ...board,
    [column.status]: {
      ...current,
      page: column.page,
      items: [...current.items, ...column.items.filter((c) => !shown.has(c.id))],
      totalCount: column.totalCount,
      totalPrice: column.totalPrice,
    },
  };
}
