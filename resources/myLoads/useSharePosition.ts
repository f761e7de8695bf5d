import { useEffect } from 'react';
import { apiFetch } from '../../dataProvider/http';
import type { MyLoad } from '../../schema/myLoads';
import { currentPosition } from './inspect/takePhotos';

/** How often an open My Loads tells the server where the truck is (docs/product/tracking.md#position). */
const EVERY_MS = 5 * 60_000;

/**
 * While My Loads is open, and only when the driver has already allowed location (this never asks), sends where the
 * phone is for each load on the road; the server keeps the nearest city. A failure waits for the next turn.
 */
export function useSharePosition(loads: readonly MyLoad[] | undefined) {
  const onTheRoad = (loads ?? []).filter((load) => load.status === 'PICKED_UP').map((load) => load.id);
  const key = onTheRoad.join(',');
  useEffect(() => {
    if (!key || !navigator.geolocation || !navigator.permissions) return;
    let stopped = false;
    const share = async () => {
      const allowed = await navigator.permissions.query({ name: 'geolocation' }).catch(() => null);
      if (stopped || allowed?.state !== 'granted') return;
      const position = await currentPosition();
      if (stopped || !position) return;
      const body = { latitudeE6: position.latitudeE6, longitudeE6: position.longitudeE6 };
      for (const id of key.split(','))
        await apiFetch(`/api/MyLoads/${id}/position`, { method: 'POST', body }).catch(() => undefined);
    };
    void share();
    const timer = setInterval(() => void share(), EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key]);
}
