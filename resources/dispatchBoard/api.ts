import { apiFetch, unwrap } from '../../dataProvider/http';
import { bookOrdersResource } from '../bookOrders/api';
import type { BoardCard, BoardColumn, BoardColumnStatus, BoardFilter } from '../../schema/dispatchBoard';
import { registerRecordResource } from '../../ui/records/definitions';

/** The dispatch board at /app/kanban (schema/dispatchBoard.ts): its windows, and the order routes it writes through. */
export const dispatchBoardResource = registerRecordResource({
  name: 'kanban',
  api: '/api/BookOrder',
  endpoints: { export: undefined, restore: undefined },
});

type Query = Record<string, string | number | undefined>;
const queryOf = (filter: BoardFilter): Query => ({ ...filter, search: filter.search || undefined });

/** Every column's first window (or one column's window `page`). */
export async function fetchBoard(
  filter: BoardFilter,
  column?: { status: BoardColumnStatus; page: number },
  signal?: AbortSignal,
): Promise<BoardColumn[]> {
  const answer = unwrap<{ columns: BoardColumn[] }>(
    await apiFetch('/api/BookOrder/board', { query: { ...queryOf(filter), ...column }, signal }),
  );
  return answer.columns;
}

/** The order's status route, as the edit form's actions use it: same rules, same version check. */
export async function moveOrder(card: BoardCard, status: string): Promise<BoardCard> {
  return unwrap<BoardCard>(
    await apiFetch(`${bookOrdersResource.endpoints.one(card.id)}/status`, {
      method: 'POST',
      body: { status, version: card.version },
    }),
  );
}

/**
 * A driver assigned (or removed, null) through the order's own update, as the edit form saves it: the whole order
 * as read, with the new driver and the version of the card (a change since the card was shown is refused, 409), and
 * an administrator's override of the dispatch rules with its reason (docs/product/compliance.md#dispatch-rules).
 */
export async function assignDriver(
  card: BoardCard,
  driverId: number | null,
  overrideReason: string | null = null,
): Promise<BoardCard> {
  const url = bookOrdersResource.endpoints.one(card.id);
  const order = unwrap<Record<string, unknown> & { version: number }>(await apiFetch(url));
  const complianceOverride = overrideReason ? { reason: overrideReason } : undefined;
  return unwrap<BoardCard>(
    await apiFetch(url, { method: 'PUT', body: { ...order, driverId, version: card.version, complianceOverride } }),
  );
}

export const orderEditPath = (id: number) => bookOrdersResource.editPath(id);
