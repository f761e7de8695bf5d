import { useCallback, useEffect, useState } from 'react';
import { apiFetch, unwrap } from '../../../dataProvider/http';
import { getUser } from '../../../dataProvider/session';
import type { InspectionDto, InspectionPhotoDto, InspectionStage } from '../../../schema/vehicleInspections';
import {
  type PhoneInspection,
  type PhonePhoto,
  changeInspection,
  createInspection,
  dropPhoto,
  inspectionKey,
  photosOf,
  readInspection,
} from './phoneStore';
import { startSync, syncNow, useSyncState } from './sync';
import { currentPosition } from './takePhotos';

const fresh = (key: string, userId: number, orderId: number, stage: InspectionStage, vin: string): PhoneInspection => ({
  key,
  userId,
  orderId,
  stage,
  vin,
  clientKey: crypto.randomUUID(),
  vinConfirmed: false,
  odometer: null,
  keys: null,
  looseItems: null,
  notes: null,
  position: null,
  damages: [],
  revision: 0,
  sentRevision: 0,
  serverVersion: null,
  completion: null,
  completedAt: null,
  problem: null,
  updatedAt: new Date().toISOString(),
});

/** The server's inspection as the phone keeps it, when the phone has none (made before on this phone, its storage cleared). */
const adopted = (key: string, userId: number, dto: InspectionDto): PhoneInspection => ({
  ...fresh(key, userId, dto.orderId, dto.stage, dto.vin),
  clientKey: dto.clientKey,
  vinConfirmed: dto.vinConfirmed,
  odometer: dto.odometer,
  keys: dto.keys,
  looseItems: dto.looseItems,
  notes: dto.notes,
  position: dto.position,
  damages: dto.damages.map(({ text: _text, ...damage }) => damage),
  serverVersion: dto.version,
  completedAt: dto.completedAt,
});

/**
 * One vehicle's inspection on the phone: read from IndexedDB (made there the first time), every change written there
 * before anything else and then sent (sync.ts). What the server already has of it (its photos sent from this phone
 * before its storage was cleared) is read when there is a network.
 */
export function usePhoneInspection(orderId: number, stage: InspectionStage, vin: string) {
  const user = getUser();
  const key = user ? inspectionKey(user.id, orderId, stage, vin) : '';
  const [inspection, setInspection] = useState<PhoneInspection | null>(null);
  const [photos, setPhotos] = useState<PhonePhoto[]>([]);
  const [serverPhotos, setServerPhotos] = useState<InspectionPhotoDto[]>([]);
  const sync = useSyncState();

  useEffect(() => {
    if (!user) return;
    startSync();
    let live = true;
    (async () => {
      let server: InspectionDto | undefined;
      try {
        const all = unwrap<InspectionDto[]>(await apiFetch(`/api/MyLoads/${orderId}/inspections`));
        server = all.find((one) => one.stage === stage && one.vin.toUpperCase() === vin.toUpperCase());
      } catch {
        // No signal, or the server refused: the phone's own copy is what there is.
      }
      const kept =
        (await readInspection(key)) ??
        (await createInspection(server ? adopted(key, user.id, server) : fresh(key, user.id, orderId, stage, vin)));
      if (!live) return;
      setInspection(kept);
      setPhotos(await photosOf(key));
      // Where the inspection is made, as soon as the phone says (it asks once; a refusal leaves it to the button).
      if (!kept.position && !kept.completion && !kept.completedAt)
        void currentPosition().then(async (where) => {
          if (!where || !live) return;
          setInspection(
            await changeInspection(key, (current) => (current.position ? current : { ...current, position: where })),
          );
          void syncNow();
        });
      if (server && server.clientKey === kept.clientKey) setServerPhotos(server.photos);
      void syncNow();
    })();
    return () => {
      live = false;
    };
    // user.id is the signed-in user's; the key is derived from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, orderId, stage, vin]);

  // What a sync pass changed (a photo sent, the completion confirmed) is read back from the phone's store.
  useEffect(() => {
    if (!key || sync.sending) return;
    let live = true;
    void (async () => {
      const [kept, keptPhotos] = [await readInspection(key), await photosOf(key)];
      if (live && kept) {
        setInspection(kept);
        setPhotos(keptPhotos);
      }
    })();
    return () => {
      live = false;
    };
  }, [key, sync.sending, sync.waiting]);

  const change = useCallback(
    async (apply: (current: PhoneInspection) => PhoneInspection) => {
      const saved = await changeInspection(key, apply);
      setInspection(saved);
      void syncNow();
      return saved;
    },
    [key],
  );
  const photosChanged = useCallback(async () => {
    setPhotos(await photosOf(key));
    void syncNow();
  }, [key]);
  const removePhoto = useCallback(
    async (photo: PhonePhoto) => {
      await dropPhoto(photo.clientKey);
      await change((current) => ({
        ...current,
        damages: current.damages.map((damage) => ({
          ...damage,
          photoKeys: damage.photoKeys.filter((photoKey) => photoKey !== photo.clientKey),
        })),
      }));
      await photosChanged();
    },
    [change, photosChanged],
  );

  return { key, inspection, photos, serverPhotos, change, photosChanged, removePhoto };
}
