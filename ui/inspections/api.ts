import { useQuery } from '@tanstack/react-query';
import { apiBlob } from '../../dataProvider/download';
import { apiFetch, unwrap } from '../../dataProvider/http';
import {
  type ClaimFromInspectionBody,
  type ClaimedDamageDto,
  CLAIMED_DAMAGES_API,
  CLAIM_FROM_INSPECTION_API,
} from '../../schema/inspectionComparison';
import type { InspectionDto } from '../../schema/vehicleInspections';

/** An inspection as staff read it; the inspecting driver's name when the server gives it. */
/** An inspection as staff read it (its driver named: the load's driver when it was made). */
export type StaffInspection = InspectionDto;

export const inspectionsQueryKey = (orderId: number) => ['order-inspections', orderId] as const;
export const claimedDamagesQueryKey = (orderId: number) => ['claimed-inspection-damages', orderId] as const;

/** The order's inspections at pickup and delivery, with their photos' facts (GET /api/BookOrder/{id}/inspections). */
export function useOrderInspections(orderId: number | null | undefined) {
  return useQuery({
    queryKey: inspectionsQueryKey(orderId ?? 0),
    queryFn: async () => unwrap<StaffInspection[]>(await apiFetch(`/api/BookOrder/${orderId}/inspections`)),
    enabled: !!orderId,
  });
}

/** Which of the order's inspection damages are on a claim already (only for who reads claims). */
export function useClaimedDamages(orderId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: claimedDamagesQueryKey(orderId ?? 0),
    queryFn: async () =>
      unwrap<ClaimedDamageDto[]>(await apiFetch(CLAIMED_DAMAGES_API, { query: { orderId: orderId! } })),
    enabled: enabled && !!orderId,
  });
}

/** The address of one photo of an order's inspections, for staff: as taken, or its smaller copy for screens. */
export const photoPath = (orderId: number, photoId: number, size: PhotoSize = 'original') =>
  `/api/BookOrder/${orderId}/inspections/photos/${photoId}${size === 'small' ? '?size=small' : ''}`;
export type PhotoSize = 'original' | 'small';

/**
 * A photo's bytes, fetched with the session's token (an <img> cannot send it). A photo never changes, so its bytes are
 * kept for the session once fetched; each picture makes its own object URL of them and lets it go when it goes.
 */
export function usePhotoBlob(orderId: number, photoId: number, size: PhotoSize = 'original') {
  return useQuery({
    queryKey: ['inspection-photo', orderId, photoId, size],
    queryFn: ({ signal }) => apiBlob(photoPath(orderId, photoId, size), { signal }),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });
}

/** POST CLAIM_FROM_INSPECTION_API: the claim made. A 409 carries the claim the damages are on already. */
export async function openClaimFromInspection(body: ClaimFromInspectionBody): Promise<{ id: number }> {
  return unwrap<{ id: number }>(await apiFetch(CLAIM_FROM_INSPECTION_API, { method: 'POST', body }));
}
