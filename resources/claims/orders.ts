import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../dataProvider/http';

/** An order offered by get-orderIds: enough to file a claim on it and choose its damaged vehicles. */
export interface ClaimOrder {
  id: number;
  orderNumber: string;
  status: string;
  deliveredOn: string | null;
  driverId: number | null;
  driverName: string | null;
  vehicles: { id: number; vin: string; year: number | null; make: string | null; model: string | null }[];
}

const ORDERS = '/api/ClaimTracker/get-orderIds';
const byNumber = (prefix: string) =>
  apiFetch(`${ORDERS}?startsWith=${encodeURIComponent(prefix)}`).then((r) => unwrap<ClaimOrder[]>(r));

/** The orders whose number starts with what was typed (none asked for until something is typed). */
export function useOrdersStartingWith(prefix: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['claim-orders', prefix],
    enabled: prefix.length > 0,
    queryFn: async () => {
      const orders = await byNumber(prefix);
      // Each one is then known by id: the vehicle rows read the chosen order's vehicles from here.
      for (const order of orders) queryClient.setQueryData(['claim-order', order.id], order);
      return orders;
    },
    staleTime: 60_000,
  });
}

/**
 * The order a claim is filed on, by id: known already when it was chosen from the suggestions, otherwise (a saved
 * claim) found by its number.
 */
export function useClaimOrder(id: number | null | undefined, orderNumber?: string | null) {
  return useQuery({
    queryKey: ['claim-order', id],
    enabled: !!id && !!orderNumber,
    queryFn: async () => (await byNumber(orderNumber!)).find((order) => order.id === id) ?? null,
    staleTime: 60_000,
  });
}
