import {
  type DamageInput,
  type InspectionBody,
  type InspectionDto,
  type InspectionParams,
  type InspectionPhotoDto,
  type InspectionStage,
  type InspectionType,
  type Position,
  damageText,
} from '../../../schema/vehicleInspections';
import type { Db, VehicleInspectionPhotosTable, VehicleInspectionsTable } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { driverName } from '../drivers/names';

/**
 * Vehicle inspections on the server: the driver's own load and vehicle, the rows and their DTOs, and the rules of a
 * resend (server/modules/vehicleInspections/routes.ts takes the requests).
 */

type InspectionRow = Omit<VehicleInspectionsTable, 'id'> & { id: number; driver_name?: string | null };
type PhotoRow = Omit<VehicleInspectionPhotosTable, 'id' | 'content'> & { id: number };

/** The photo columns but their bytes. */
export const PHOTO_COLUMNS = [
  'id',
  'inspection_id',
  'client_key',
  'view',
  'content_type',
  'size_bytes',
  'sha256',
  'object_key',
  'taken_at',
  'received_at',
  'latitude',
  'longitude',
  'accuracy_m',
] as const;

/** The position as the API gives it: millionths of a degree and whole meters (the columns keep degrees). */
const positionOf = (row: {
  latitude: number | null;
  longitude: number | null;
  accuracy_m: number | null;
}): Position | null =>
  row.latitude === null || row.longitude === null
    ? null
    : {
        latitudeE6: Math.round(Number(row.latitude) * 1e6),
        longitudeE6: Math.round(Number(row.longitude) * 1e6),
        accuracyMeters: Math.round(Number(row.accuracy_m ?? 0)),
      };

/** The position's columns (degrees and meters) from the API's millionths of a degree. */
export const positionColumns = (where: Partial<Position> | null) => ({
  latitude: where?.latitudeE6 === undefined ? null : where.latitudeE6 / 1e6,
  longitude: where?.longitudeE6 === undefined ? null : where.longitudeE6 / 1e6,
  accuracy_m: where?.accuracyMeters ?? null,
});

export const photoDto = (row: PhotoRow): InspectionPhotoDto => ({
  id: Number(row.id),
  clientKey: row.client_key,
  view: row.view,
  sha256: row.sha256,
  sizeBytes: Number(row.size_bytes),
  contentType: row.content_type,
  takenAt: row.taken_at,
  receivedAt: row.received_at,
  position: positionOf(row),
});

export function inspectionDto(row: InspectionRow, photos: readonly PhotoRow[]): InspectionDto {
  const damages = JSON.parse(row.damages) as DamageInput[];
  return {
    id: Number(row.id),
    orderId: Number(row.book_order_id),
    vin: row.vin,
    stage: row.stage as InspectionStage,
    type: row.type as InspectionType,
    clientKey: row.client_key,
    driverName: row.driver_name ?? null,
    vinConfirmed: !!row.vin_confirmed,
    odometer: row.odometer === null ? null : Number(row.odometer),
    keys: row.keys === null ? null : Number(row.keys),
    looseItems: row.loose_items,
    notes: row.notes,
    position: positionOf(row),
    damages: damages.map((damage) => ({ ...damage, text: damageText(damage) })),
    photos: photos.filter((photo) => Number(photo.inspection_id) === Number(row.id)).map(photoDto),
    completedAt: row.completed_at,
    signerName: row.signer_name,
    customerNotAvailable: !!row.customer_not_available,
    subjectToInspection: !!row.subject_to_inspection,
    version: Number(row.version),
  };
}

/** The inspections of an order (of one stage and VIN when given), with their photos, as DTOs. */
export async function inspectionsOf(
  db: Db,
  orderId: number,
  only?: { stage: InspectionStage; vin: string },
): Promise<InspectionDto[]> {
  // Who made it: the driver of the load then (the load's driver may have changed since).
  let query = db
    .selectFrom('vehicle_inspections as i')
    .leftJoin('drivers as d', 'd.id', 'i.driver_id')
    .selectAll('i')
    .select(driverName('d').as('driver_name'))
    .where('i.book_order_id', '=', orderId);
  if (only) query = query.where('i.stage', '=', only.stage).where('i.vin', '=', only.vin);
  const rows = (await query.orderBy('i.id').execute()) as InspectionRow[];
  if (!rows.length) return [];
  const photos = (await db
    .selectFrom('vehicle_inspection_photos')
    .select(PHOTO_COLUMNS)
    .where(
      'inspection_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('inspection_id')
    .orderBy('id')
    .execute()) as PhotoRow[];
  return rows.map((row) => inspectionDto(row, photos));
}

/**
 * One of the driver's loads: the order assigned to `driverId` and not deleted (nor cancelled, unless `cancelled`
 * is allowed). Anything else is the same 404, so that nobody learns which orders exist.
 */
export async function ownLoad(
  db: Db,
  driverId: number | null,
  orderId: number,
  { cancelled = false }: { cancelled?: boolean } = {},
): Promise<void> {
  let query = db
    .selectFrom('book_orders')
    .select('id')
    .where('id', '=', orderId)
    .where('driver_id', '=', driverId ?? -1)
    .where('deleted_at', 'is', null);
  if (!cancelled) query = query.where('status', '<>', 'CANCELLED');
  if (driverId === null || !(await query.executeTakeFirst())) throw notFound('Load');
}

/**
 * The vehicle of an inspection request, when it is the driver's: a vehicle with that VIN on one of their open loads
 * (ownLoad); an unknown VIN is the same kind of 404. Answers the VIN as the order spells it.
 */
export async function ownVehicle(db: Db, driverId: number | null, params: InspectionParams): Promise<string> {
  await ownLoad(db, driverId, params.orderId);
  const vehicle = await db
    .selectFrom('book_order_vehicles')
    .select('vin')
    .where('book_order_id', '=', params.orderId)
    .where((eb) => eb(eb.fn('upper', ['vin']), '=', params.vin.toUpperCase()))
    .executeTakeFirst();
  if (!vehicle) throw notFound('Vehicle of this load');
  return vehicle.vin;
}

/** The columns an inspection send writes, from its body. */
export const inspectionColumns = (body: InspectionBody, type: InspectionType) => ({
  type,
  vin_confirmed: body.vinConfirmed ? 1 : 0,
  odometer: body.odometer,
  keys: body.keys,
  loose_items: body.looseItems,
  notes: body.notes,
  ...positionColumns(body.position),
  damages: JSON.stringify(body.damages),
});

/**
 * Whether a send may write over the inspection as it is: the same phone (client key), not completed, and either of
 * the version it last saw or, without a version, the very same content (the first send, retried after a lost answer).
 * Answers 'same' for a retry that changes nothing.
 */
export function resendRule(row: InspectionRow, body: InspectionBody, type: InspectionType): 'write' | 'same' {
  if (row.client_key !== body.clientKey)
    throw conflict(
      'This vehicle’s inspection at this stage was started on another phone or app: open the load again to continue it',
    );
  if (row.completed_at) throw conflict('This inspection is completed and signed: nothing in it changes any more');
  const columns = inspectionColumns(body, type);
  const unchanged = (Object.keys(columns) as (keyof typeof columns)[]).every(
    (key) => String(columns[key] ?? '') === String(row[key] ?? ''),
  );
  if (body.version === undefined) {
    if (unchanged) return 'same';
    throw conflict('This inspection was saved since: send it with the version it has now', { version: row.version });
  }
  if (body.version !== Number(row.version))
    throw conflict(`This inspection is at version ${row.version}, not ${body.version}: open it again`, {
      version: row.version,
    });
  return unchanged ? 'same' : 'write';
}
