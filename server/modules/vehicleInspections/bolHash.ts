import crypto from 'node:crypto';
import type { InspectionDto, InspectionStage } from '../../../schema/vehicleInspections';

/**
 * The fingerprint a bill of lading prints on every page (docs/product/vehicle-inspections.md#bill-of-lading-hash):
 * the SHA-256 of a canonical JSON of the stage's inspections — every fact the driver recorded, each photo's and the
 * signature's own SHA-256 — so that the same evidence always prints the same hex, and any change to it (a photo, a
 * damage, the signature, a note) prints another. Nothing of the order's own record is in it (its number, its stops):
 * those are the carrier's to correct, the inspections are not.
 */

/** Which form of the evidence the hash is over; a change of form is a new version, never a silent one. */
export const BOL_HASH_FORMAT = 'haulboard-bol-evidence/1';

/**
 * JSON with every object's keys in code-point order, no spaces, and undefined members left out (as JSON.stringify
 * leaves them): one text for one value, whatever order its keys were built in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: a number is not finite');
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
}

const byVinThenId = (a: InspectionDto, b: InspectionDto) => (a.vin < b.vin ? -1 : a.vin > b.vin ? 1 : a.id - b.id);

/**
 * What the hash is over: the order's id and the stage, then the stage's inspections by VIN, each with what was
 * recorded and its photos by id (the signature apart, by its SHA-256). Left out: the rows' ids, versions and the
 * phone's key for the inspection (bookkeeping, not evidence) and the damages' words (printed from their codes).
 */
export function bolEvidence(orderId: number, stage: InspectionStage, inspections: readonly InspectionDto[]) {
  return {
    format: BOL_HASH_FORMAT,
    orderId,
    stage,
    inspections: inspections
      .filter((inspection) => inspection.stage === stage)
      .sort(byVinThenId)
      .map((inspection) => {
        const photos = [...inspection.photos].sort((a, b) => a.id - b.id);
        const signature = photos.find((photo) => photo.view === 'SIGNATURE');
        return {
          vin: inspection.vin,
          type: inspection.type,
          vinConfirmed: inspection.vinConfirmed,
          odometer: inspection.odometer,
          keys: inspection.keys,
          looseItems: inspection.looseItems,
          notes: inspection.notes,
          position: inspection.position,
          damages: inspection.damages.map((damage) => ({
            clientKey: damage.clientKey,
            view: damage.view,
            x: damage.x,
            y: damage.y,
            area: damage.area,
            kind: damage.kind,
            severity: damage.severity,
            photoKeys: damage.photoKeys,
            note: damage.note ?? null,
          })),
          photos: photos
            .filter((photo) => photo.view !== 'SIGNATURE')
            .map((photo) => ({
              clientKey: photo.clientKey,
              view: photo.view,
              sha256: photo.sha256,
              sizeBytes: photo.sizeBytes,
              contentType: photo.contentType,
              takenAt: photo.takenAt,
              receivedAt: photo.receivedAt,
              position: photo.position,
            })),
          completedAt: inspection.completedAt,
          signerName: inspection.signerName,
          customerNotAvailable: inspection.customerNotAvailable,
          subjectToInspection: inspection.subjectToInspection,
          signatureSha256: signature?.sha256 ?? null,
        };
      }),
  };
}

/** The hex SHA-256 of the stage's evidence (bolEvidence) as canonical JSON. */
export function bolHash(orderId: number, stage: InspectionStage, inspections: readonly InspectionDto[]): string {
  return crypto
    .createHash('sha256')
    .update(canonicalJson(bolEvidence(orderId, stage, inspections)), 'utf8')
    .digest('hex');
}
