import { getUser } from '../../../dataProvider/session';
import type { Position } from '../../../schema/vehicleInspections';
import { type PhonePhoto, keepPhoto } from './phoneStore';

/** The photo's SHA-256 as hex, as the server computes it (the evidence's fingerprint). */
async function sha256Of(blob: Blob): Promise<string> {
  if (!crypto.subtle) return '';
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The phone's position now, or null when it will not say (denied, no fix within 10 s). */
export function currentPosition(): Promise<Position | null> {
  return new Promise((resolve) => {
    if (!navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({
          latitudeE6: Math.round(coords.latitude * 1e6),
          longitudeE6: Math.round(coords.longitude * 1e6),
          accuracyMeters: Math.round(coords.accuracy),
        }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  });
}

/**
 * Keeps the files the camera gave on the phone at once (IndexedDB), each under a new client key, with when and where
 * it was taken: the photo exists from that moment whatever happens to the tab. Answers them in the order taken.
 */
export async function keepPhotos(
  files: FileList | readonly File[],
  inspectionKey: string,
  view: PhonePhoto['view'],
  position: Position | null,
): Promise<PhonePhoto[]> {
  const user = getUser()!;
  const kept: PhonePhoto[] = [];
  for (const file of Array.from(files)) {
    const photo: PhonePhoto = {
      clientKey: crypto.randomUUID(),
      inspectionKey,
      userId: user.id,
      view,
      // A Blob of its own: a File from an <input> may be read again from disk, which a killed tab cannot.
      blob: new Blob([await file.arrayBuffer()], { type: file.type || 'image/jpeg' }),
      sha256: await sha256Of(file),
      takenAt: new Date().toISOString(),
      position,
      serverId: null,
      problem: null,
    };
    await keepPhoto(photo);
    kept.push(photo);
  }
  return kept;
}
