import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { MyLoad } from '../../../schema/myLoads';
import type { DamageInput, InspectionStage, Position } from '../../../schema/vehicleInspections';

/**
 * What the driver's phone keeps of its inspections (IndexedDB, through idb): every change the moment it is made, every
 * photo the moment it is taken, so that a killed tab or a dead battery loses nothing already saved; sync.ts sends it
 * when a network returns. The loads opened are kept too, so an inspection opens with no signal. Records carry the
 * signed-in user's id: two drivers sharing a phone never see each other's.
 */

/** An inspection as the phone has it: the body the server takes (schema/vehicleInspections.ts) and where it stands. */
export interface PhoneInspection {
  /** `${userId}|${orderId}|${stage}|${vin}` */
  key: string;
  userId: number;
  orderId: number;
  stage: InspectionStage;
  vin: string;
  clientKey: string;
  vinConfirmed: boolean;
  odometer: number | null;
  keys: number | null;
  looseItems: string | null;
  notes: string | null;
  position: Position | null;
  damages: DamageInput[];
  /** Raised by every change here; `sentRevision` is the last the server took. */
  revision: number;
  sentRevision: number;
  /** The version the server last answered (null until it has the inspection). */
  serverVersion: number | null;
  /** The signature and who signed, kept until the server confirms the completion. */
  completion: {
    signerName: string | null;
    customerNotAvailable: boolean;
    subjectToInspection: boolean;
    signaturePng: string;
  } | null;
  completedAt: string | null;
  /** The server's last refusal, in its words (shown until a send succeeds). */
  problem: string | null;
  updatedAt: string;
}

export interface PhonePhoto {
  clientKey: string;
  inspectionKey: string;
  userId: number;
  view: 'FRONT' | 'REAR' | 'LEFT' | 'RIGHT' | 'TOP' | 'ODOMETER' | 'VIN' | 'OTHER';
  blob: Blob;
  sha256: string;
  takenAt: string;
  position: Position | null;
  /** The server's id once it has the bytes. */
  serverId: number | null;
  problem: string | null;
}

interface PhoneDb extends DBSchema {
  inspections: { key: string; value: PhoneInspection; indexes: { byUser: number } };
  photos: { key: string; value: PhonePhoto; indexes: { byInspection: string } };
  loads: { key: string; value: { key: string; userId: number; load: MyLoad; savedAt: string } };
}

const NAME = 'haulboard-phone';
let opening: Promise<IDBPDatabase<PhoneDb>> | undefined;

export const phoneDb = () =>
  (opening ??= openDB<PhoneDb>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('inspections', { keyPath: 'key' }).createIndex('byUser', 'userId');
      db.createObjectStore('photos', { keyPath: 'clientKey' }).createIndex('byInspection', 'inspectionKey');
      db.createObjectStore('loads', { keyPath: 'key' });
    },
  }));

export const inspectionKey = (userId: number, orderId: number, stage: InspectionStage, vin: string) =>
  `${userId}|${orderId}|${stage}|${vin.toUpperCase()}`;

export async function readInspection(key: string): Promise<PhoneInspection | undefined> {
  return (await phoneDb()).get('inspections', key);
}

/** The driver's inspections on this phone (all loads). */
export async function userInspections(userId: number): Promise<PhoneInspection[]> {
  return (await phoneDb()).getAllFromIndex('inspections', 'byUser', userId);
}

export async function photosOf(key: string): Promise<PhonePhoto[]> {
  const photos = await (await phoneDb()).getAllFromIndex('photos', 'byInspection', key);
  return photos.sort((a, b) => a.takenAt.localeCompare(b.takenAt));
}

/**
 * Applies a change to an inspection in one IndexedDB transaction (a read and a write that nothing comes between),
 * raising its revision when it is the driver's change.
 */
export async function changeInspection(
  key: string,
  change: (current: PhoneInspection) => PhoneInspection,
  { byDriver = true }: { byDriver?: boolean } = {},
): Promise<PhoneInspection> {
  const tx = (await phoneDb()).transaction('inspections', 'readwrite');
  const current = await tx.store.get(key);
  if (!current) throw new Error(`No inspection ${key} on this phone`);
  const next = change(current);
  const saved = byDriver ? { ...next, revision: current.revision + 1, updatedAt: new Date().toISOString() } : next;
  await tx.store.put(saved);
  await tx.done;
  return saved;
}

export async function createInspection(inspection: PhoneInspection): Promise<PhoneInspection> {
  const tx = (await phoneDb()).transaction('inspections', 'readwrite');
  const existing = await tx.store.get(inspection.key);
  if (!existing) await tx.store.put(inspection);
  await tx.done;
  return existing ?? inspection;
}

export async function keepPhoto(photo: PhonePhoto): Promise<void> {
  await (await phoneDb()).put('photos', photo);
}

export async function changePhoto(clientKey: string, change: (photo: PhonePhoto) => PhonePhoto): Promise<void> {
  const tx = (await phoneDb()).transaction('photos', 'readwrite');
  const photo = await tx.store.get(clientKey);
  if (photo) await tx.store.put(change(photo));
  await tx.done;
}

export async function dropPhoto(clientKey: string): Promise<void> {
  await (await phoneDb()).delete('photos', clientKey);
}

/** A load as last read from the server, for opening it with no signal. */
export async function keepLoad(userId: number, load: MyLoad): Promise<void> {
  await (
    await phoneDb()
  ).put('loads', { key: `${userId}|${load.id}`, userId, load, savedAt: new Date().toISOString() });
}

export async function keptLoad(userId: number, id: string): Promise<MyLoad | undefined> {
  return (await (await phoneDb()).get('loads', `${userId}|${id}`))?.load;
}
