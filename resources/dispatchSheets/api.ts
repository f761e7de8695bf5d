import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { DraftStatus, OrderDraftDto, OrderDraftSummaryDto } from '../../schema/orderDrafts';

export { DISPATCH_SHEETS_ROUTE } from '../../schema/orderDrafts';
export const DRAFTS_API = '/api/OrderDrafts';
export const draftApi = (id: number) => `${DRAFTS_API}/${id}`;

/** The feature the screens and their actions are governed by (schema/features.ts). */
export const FEATURE = 'DispatchSheets';

export function useDrafts(status: DraftStatus, page: number, size: number) {
  return useQuery({
    queryKey: ['order-drafts', status, page, size],
    queryFn: async () =>
      unwrap<{ items: OrderDraftSummaryDto[]; total: number }>(
        await apiFetch(DRAFTS_API, { query: { status, page, size } }),
      ),
  });
}

export function useDraft(id: number) {
  return useQuery({
    queryKey: ['order-draft', id],
    queryFn: async () => unwrap<OrderDraftDto>(await apiFetch(draftApi(id))),
  });
}
