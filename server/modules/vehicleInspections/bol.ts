import sharp from 'sharp';
import { personName } from '../../../schema/format';
import type { InspectionDto, InspectionStage } from '../../../schema/vehicleInspections';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import type { ObjectStore } from '../../files/objectStore';
import { notFound } from '../../http/errors';
import { companyFromEnv } from '../contact/company';
import { bytesOf } from '../documents/store';
import { bolHash } from './bolHash';
import { inspectionsOf } from './inspections';

/**
 * The bill of lading of an order's pickup or delivery, as data (docs/product/vehicle-inspections.md#bill-of-lading):
 * the order's parties and the stop, each vehicle of the order with its inspection at that stop (or none yet), and the
 * hash of the inspections (bolHash). bolPdf.ts draws it; bolPage.ts shows it as a page.
 */

export interface BolVehicle {
  vin: string;
  /** "2021 Toyota Camry"; the VIN alone for an inspected vehicle the order no longer lists. */
  description: string;
  color: string | null;
  inspection: InspectionDto | null;
}

export interface BolStop {
  venue: string | null;
  address: string;
  city: string;
  state: string;
  zip: string | null;
  contactName: string | null;
  contactPhone: string | null;
}

export interface BolDocument {
  companyName: string;
  orderId: number;
  orderNumber: string;
  stage: InspectionStage;
  shipper: string;
  broker: string;
  carrier: string | null;
  driver: string | null;
  stop: BolStop;
  vehicles: BolVehicle[];
  hash: string;
  /** The company's time zone: every time on the document reads in it. */
  timeZone: string;
}

/** Who the document says it is from: COMPANY_NAME, else the order's carrier, else the product's name. */
export const documentCompany = (carrier: string | null) => companyFromEnv().name ?? carrier ?? 'Haulboard';

/** The order of a bill: live (not deleted) or a 404. Cancelled orders keep their bills. */
async function orderOf(db: Db, orderId: number, stage: InspectionStage) {
  const prefix = stage === 'PICKUP' ? 'pickup' : 'delivery';
  const order = await db
    .selectFrom('book_orders as o')
    .leftJoin('shippers as s', 's.id', 'o.shipper_id')
    .leftJoin('brokers as b', 'b.id', 'o.broker_id')
    .leftJoin('carriers as c', 'c.id', 'o.carrier_id')
    .leftJoin('drivers as d', 'd.id', 'o.driver_id')
    .leftJoin('states as st', 'st.id', `o.${prefix}_state_id`)
    .select([
      'o.id',
      'o.order_number',
      's.name as shipper',
      'b.name as broker',
      'c.name as carrier',
      'd.first_name as driverFirst',
      'd.last_name as driverLast',
      `o.${prefix}_venue as venue`,
      `o.${prefix}_address as address`,
      `o.${prefix}_city as city`,
      'st.abbreviation as state',
      `o.${prefix}_zip as zip`,
      `o.${prefix}_contact_name as contactName`,
      `o.${prefix}_contact_phone as contactPhone`,
    ])
    .where('o.id', '=', orderId)
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!order) throw notFound('Book order');
  return order;
}

/**
 * The bill of an order at a stage, from what the database holds now; with `vin`, of that one vehicle (a tracking link
 * for one vehicle, server/modules/tracking/routes.ts): its inspection alone, and the hash over it alone.
 */
export async function bolOf(
  ctx: ServerContext,
  orderId: number,
  stage: InspectionStage,
  vin: string | null = null,
): Promise<BolDocument> {
  const { db } = ctx;
  const order = await orderOf(db, orderId, stage);
  const inspections = (await inspectionsOf(db, orderId)).filter(
    (inspection) => inspection.stage === stage && (vin === null || inspection.vin.toUpperCase() === vin.toUpperCase()),
  );
  let vehicleRows = db
    .selectFrom('book_order_vehicles')
    .select(['vin', 'year', 'make', 'model', 'color'])
    .where('book_order_id', '=', orderId);
  if (vin !== null) vehicleRows = vehicleRows.where('vin', '=', vin);
  const rows = await vehicleRows.orderBy('position').orderBy('id').execute();
  const byVin = new Map(inspections.map((inspection) => [inspection.vin.toUpperCase(), inspection]));
  const vehicles: BolVehicle[] = rows.map((row) => {
    const inspection = byVin.get(row.vin.toUpperCase()) ?? null;
    byVin.delete(row.vin.toUpperCase());
    return {
      vin: row.vin,
      description: [row.year, row.make, row.model].filter(Boolean).join(' '),
      color: row.color,
      inspection,
    };
  });
  // An inspected vehicle the order no longer lists (the order was edited since) stays on the bill: it is evidence.
  for (const inspection of byVin.values())
    vehicles.push({ vin: inspection.vin, description: `VIN ${inspection.vin}`, color: null, inspection });
  return {
    companyName: documentCompany(order.carrier),
    orderId: Number(order.id),
    orderNumber: order.order_number,
    stage,
    shipper: order.shipper ?? '',
    broker: order.broker ?? '',
    carrier: order.carrier,
    driver: personName(order.driverFirst, order.driverLast) || null,
    stop: {
      venue: order.venue,
      address: order.address,
      city: order.city,
      state: order.state ?? '',
      zip: order.zip,
      contactName: order.contactName,
      contactPhone: order.contactPhone,
    },
    vehicles,
    hash: bolHash(orderId, stage, inspections),
    timeZone: ctx.companyZone.timeZone,
  };
}

/** A photo made small for the document: a JPEG (photos) or a PNG on white (the signature), with its size. */
export interface Thumbnail {
  bytes: Buffer;
  width: number;
  height: number;
}

/** Refused before decoding: a small file can unpack to an enormous bitmap (as chat attachments). */
const MAX_INPUT_PIXELS = 40_000_000;
/** The longer side of a photo on the document, in pixels: sharp enough at the size it is printed (about 1.7 in). */
export const THUMBNAIL_SIDE = 300;

/**
 * Thumbnails by the photo's SHA-256 (the same bytes always make the same thumbnail): a bill drawn again, or its page
 * and PDF one after the other, does not decode its photos again. A few hundred of about 20 KB each at most.
 */
const thumbnails = new Map<string, Thumbnail | null>();
const MAX_KEPT = 300;

async function shrink(bytes: Buffer, signature: boolean, side = THUMBNAIL_SIDE): Promise<Thumbnail | null> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const out = signature
      ? image.resize(600, 200, { fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).png()
      : image
          .resize(side, side, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 72, mozjpeg: true });
    const { data, info } = await out.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch {
    // Bytes that do not decode as an image (kept as sent, with their SHA-256): the document says so in its place.
    return null;
  }
}

/** The longer side of a photo's copy for screens (a list's thumbnail, a phone's width): about 30 KB. */
export const SCREEN_SIDE = 480;
const screenCopies = new Map<string, Buffer | null>();

/**
 * A photo's smaller copy for screens (`?size=small` on the photo routes): the original is 3–6 MB from a phone and a
 * grid of them would cost a phone its data plan. Made once per SHA-256 and kept for a while (the same bytes always
 * make the same copy); null when the bytes are not an image we decode (the original is then what there is).
 */
export async function screenCopy(bytes: Buffer, sha256: string): Promise<Buffer | null> {
  if (screenCopies.has(sha256)) return screenCopies.get(sha256)!;
  const copy = (await shrink(bytes, false, SCREEN_SIDE))?.bytes ?? null;
  if (screenCopies.size >= MAX_KEPT) screenCopies.delete(screenCopies.keys().next().value!);
  screenCopies.set(sha256, copy);
  return copy;
}

/**
 * The thumbnails of the bill's photos and signatures, by photo id: read one photo at a time (a stage's photos
 * together may be hundreds of megabytes), from the row or the object store (bytesOf). null: not an image we can draw.
 */
export async function thumbnailsOf(
  db: Db,
  files: ObjectStore | null,
  vehicles: readonly BolVehicle[],
): Promise<Map<number, Thumbnail | null>> {
  const out = new Map<number, Thumbnail | null>();
  for (const vehicle of vehicles)
    for (const photo of vehicle.inspection?.photos ?? []) {
      const key = `${photo.view === 'SIGNATURE' ? 'sig' : 'photo'}:${photo.sha256}`;
      if (thumbnails.has(key)) {
        out.set(photo.id, thumbnails.get(key)!);
        continue;
      }
      const row = await db
        .selectFrom('vehicle_inspection_photos')
        .select(['content', 'object_key'])
        .where('id', '=', photo.id)
        .executeTakeFirst();
      const thumbnail = row ? await shrink(await bytesOf(files, row), photo.view === 'SIGNATURE') : null;
      if (thumbnails.size >= MAX_KEPT) thumbnails.delete(thumbnails.keys().next().value!);
      thumbnails.set(key, thumbnail);
      out.set(photo.id, thumbnail);
    }
  return out;
}
