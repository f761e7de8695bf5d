import { HttpError } from 'ra-core';
import { useSyncExternalStore } from 'react';
import { apiFetch, apiUpload, unwrap } from '../../../dataProvider/http';
import { getUser } from '../../../dataProvider/session';
import type { InspectionDto, InspectionPhotoDto } from '../../../schema/vehicleInspections';
import {
  type PhoneInspection,
  changeInspection,
  changePhoto,
  photosOf,
  readInspection,
  userInspections,
} from './phoneStore';

/**
 * Sends what the phone keeps (phoneStore.ts) to the server, in the order the server takes it: the inspection, then its
 * photos, then its completion. Every send carries the phone's client keys, so a send repeated after a lost answer
 * makes nothing twice (server/modules/vehicleInspections/routes.ts). One pass at a time; a pass starts after every
 * change, when the browser says it is online again, and every 30 s while something waits.
 */

export interface SyncState {
  /** Inspections and photos not yet on the server. */
  waiting: { inspections: number; photos: number; completions: number };
  /** A pass is running. */
  sending: boolean;
  /** The last pass could not reach the server. */
  offline: boolean;
  /** When the server last took everything. */
  lastSentAt: string | null;
}

let state: SyncState = {
  waiting: { inspections: 0, photos: 0, completions: 0 },
  sending: false,
  offline: typeof navigator !== 'undefined' && !navigator.onLine,
  lastSentAt: null,
};
const listeners = new Set<() => void>();
const publish = (next: Partial<SyncState>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};

/** The sync's state for a screen (what waits, whether it is sending). */
export const useSyncState = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
  );

const path = (inspection: PhoneInspection) =>
  `/api/MyLoads/${inspection.orderId}/inspections/${inspection.stage}/${encodeURIComponent(inspection.vin)}`;

/** No answer at all (no signal): stop the pass, try again later. */
const unreachable = (error: unknown) => error instanceof HttpError && error.status === 0;
const versionIn = (error: unknown) => {
  const body = error instanceof HttpError ? (error.body as { version?: unknown } | null) : null;
  return typeof body?.version === 'number' ? body.version : null;
};

async function sendInspection(inspection: PhoneInspection): Promise<PhoneInspection> {
  const revision = inspection.revision;
  const body = {
    clientKey: inspection.clientKey,
    vinConfirmed: inspection.vinConfirmed,
    odometer: inspection.odometer,
    keys: inspection.keys,
    looseItems: inspection.looseItems,
    notes: inspection.notes,
    position: inspection.position,
    damages: inspection.damages,
    ...(inspection.serverVersion ? { version: inspection.serverVersion } : {}),
  };
  let saved: InspectionDto;
  try {
    saved = unwrap<InspectionDto>(await apiFetch(path(inspection), { method: 'PUT', body }));
  } catch (error) {
    // The server has a newer version of this phone's own inspection (an answer lost on the way): send over it.
    const version = versionIn(error);
    if (version === null) throw error;
    saved = unwrap<InspectionDto>(await apiFetch(path(inspection), { method: 'PUT', body: { ...body, version } }));
  }
  return changeInspection(
    inspection.key,
    (current) => ({
      ...current,
      serverVersion: saved.version,
      sentRevision: Math.max(current.sentRevision, revision),
      completedAt: saved.completedAt,
      problem: null,
    }),
    { byDriver: false },
  );
}

async function sendPhotos(inspection: PhoneInspection): Promise<boolean> {
  let all = true;
  for (const photo of await photosOf(inspection.key)) {
    if (photo.serverId !== null) continue;
    try {
      const stored = unwrap<InspectionPhotoDto>(
        await apiUpload(`${path(inspection)}/photos`, photo.blob, {
          contentType: photo.blob.type || 'image/jpeg',
          query: {
            clientKey: photo.clientKey,
            takenAt: photo.takenAt,
            view: photo.view,
            latitudeE6: photo.position?.latitudeE6,
            longitudeE6: photo.position?.longitudeE6,
            accuracyMeters: photo.position?.accuracyMeters,
          },
        }),
      );
      await changePhoto(photo.clientKey, (current) => ({ ...current, serverId: stored.id, problem: null }));
    } catch (error) {
      if (unreachable(error)) throw error;
      all = false;
      await changePhoto(photo.clientKey, (current) => ({ ...current, problem: (error as Error).message }));
    }
  }
  return all;
}

async function sendCompletion(inspection: PhoneInspection): Promise<void> {
  const completion = inspection.completion!;
  const complete = (version: number) =>
    apiFetch(`${path(inspection)}/complete`, { method: 'POST', body: { version, ...completion } });
  let done: InspectionDto;
  try {
    done = unwrap<InspectionDto>(await complete(inspection.serverVersion!));
  } catch (error) {
    const version = versionIn(error);
    if (version === null) throw error;
    done = unwrap<InspectionDto>(await complete(version));
  }
  await changeInspection(
    inspection.key,
    (current) => ({ ...current, serverVersion: done.version, completedAt: done.completedAt, problem: null }),
    { byDriver: false },
  );
}

/** One inspection brought up to the server; a refusal is kept on it in the server's words. */
async function syncOne(key: string): Promise<void> {
  let inspection = (await readInspection(key))!;
  try {
    if (inspection.completedAt && inspection.sentRevision >= inspection.revision) return;
    if (inspection.serverVersion === null || inspection.sentRevision < inspection.revision)
      inspection = await sendInspection(inspection);
    const photosSent = await sendPhotos(inspection);
    // The completion goes last, once the server has everything it counts (the photos, the latest content).
    inspection = (await readInspection(key))!;
    if (
      photosSent &&
      inspection.completion &&
      !inspection.completedAt &&
      inspection.sentRevision >= inspection.revision
    )
      await sendCompletion(inspection);
  } catch (error) {
    if (unreachable(error)) throw error;
    await changeInspection(key, (current) => ({ ...current, problem: (error as Error).message }), {
      byDriver: false,
    });
  }
}

async function count(userId: number): Promise<SyncState['waiting']> {
  const waiting = { inspections: 0, photos: 0, completions: 0 };
  for (const inspection of await userInspections(userId)) {
    if (inspection.serverVersion === null || inspection.sentRevision < inspection.revision) waiting.inspections++;
    if (inspection.completion && !inspection.completedAt) waiting.completions++;
    waiting.photos += (await photosOf(inspection.key)).filter((photo) => photo.serverId === null).length;
  }
  return waiting;
}

let running: Promise<void> | null = null;
let again = false;

/** Starts a pass (or asks for one more after the pass under way); resolves when the passes are done. */
export function syncNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const user = getUser();
      if (!user) break;
      publish({ sending: true });
      try {
        for (const inspection of await userInspections(user.id)) await syncOne(inspection.key);
        publish({ offline: false });
      } catch (error) {
        if (!unreachable(error)) throw error;
        publish({ offline: true });
        again = false;
      } finally {
        const waiting = await count(user.id);
        const empty = !waiting.inspections && !waiting.photos && !waiting.completions;
        publish({
          sending: false,
          waiting,
          ...(empty && !state.offline ? { lastSentAt: new Date().toISOString() } : {}),
        });
      }
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

let started = false;
/** From the first inspection screen on: a pass when the network returns, and every 30 s while something waits. */
export function startSync(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void syncNow());
  window.addEventListener('offline', () => publish({ offline: true }));
  window.setInterval(() => {
    const { inspections, photos, completions } = state.waiting;
    if (inspections || photos || completions) void syncNow();
  }, 30_000);
  void syncNow();
}
