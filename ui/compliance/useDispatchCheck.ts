import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../dataProvider/http';
import type { DispatchCheckDto } from '../../schema/dispatchRules';

export interface DispatchCheckInput {
  driverId?: number | null;
  brokerId?: number | null;
  pickupDate?: string | null;
  deliveryDate?: string | null;
  /** The order being edited: the parties it has are not checked again. */
  orderId?: number | null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What saving these parties would refuse, asked of the server (GET /api/BookOrder/dispatch-check,
 * docs/product/compliance.md#dispatch-rules) as they are chosen; nothing is asked until a driver or broker is.
 */
export function useDispatchCheck(input: DispatchCheckInput) {
  const query: Record<string, string> = {};
  if (input.driverId) query.driverId = String(input.driverId);
  if (input.brokerId) query.brokerId = String(input.brokerId);
  if (input.pickupDate && DATE.test(input.pickupDate)) query.pickupDate = input.pickupDate;
  if (input.deliveryDate && DATE.test(input.deliveryDate)) query.deliveryDate = input.deliveryDate;
  if (input.orderId) query.orderId = String(input.orderId);
  const asked = !!(query.driverId || query.brokerId);
  const { data } = useQuery({
    queryKey: ['dispatch-check', query],
    queryFn: async ({ signal }) =>
      unwrap<DispatchCheckDto>(await apiFetch('/api/BookOrder/dispatch-check', { query, signal })),
    enabled: asked,
    staleTime: 10_000,
    retry: false,
  });
  return asked && data ? data : { refusals: [], canOverride: false };
}
