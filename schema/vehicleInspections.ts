import { z } from 'zod';
import { textInteger, textRule } from './common';
import { INSPECTION_TYPE_KEYS, INSPECTION_TYPE_LABELS, type InspectionType } from './inspectionTypes';

export { INSPECTION_TYPE_KEYS, INSPECTION_TYPE_LABELS, type InspectionType };

/**
 * Vehicle inspections at pickup and at delivery (server/modules/vehicleInspections, docs/product/vehicle-inspections.md): what the
 * driver's phone records per vehicle of a load — photos, damage marked on the vehicle's views with our own codes,
 * odometer, keys, loose items, the position — and the signature that closes it. This is the vocabulary both sides
 * share: the stages, the three inspection types and what each requires, the damage codes, the bodies.
 */

export const INSPECTION_STAGES = ['PICKUP', 'DELIVERY'] as const;
export type InspectionStage = (typeof INSPECTION_STAGES)[number];
export const INSPECTION_STAGE_LABELS: Record<InspectionStage, string> = { PICKUP: 'Pickup', DELIVERY: 'Delivery' };

/** What an inspection of each type must hold before it may be completed. */
export interface InspectionRequirements {
  /** Photos of the vehicle (the signature is not one). */
  minPhotos: number;
  /** The phone's position with the inspection. */
  position: boolean;
  /** The odometer reading. */
  odometer: boolean;
  /** Photos each marked damage needs. */
  photosPerDamage: number;
}

/**
 * The inspection types a shipper or broker may ask for: standard (photos optional), advanced (at least six photos at
 * each stage, the position, the odometer) and coded (each damage with its codes and at least two photos of it).
 */
export const INSPECTION_TYPES: Record<InspectionType, InspectionRequirements> = {
  STANDARD: { minPhotos: 0, position: false, odometer: false, photosPerDamage: 0 },
  ADVANCED: { minPhotos: 6, position: true, odometer: true, photosPerDamage: 1 },
  CODED: { minPhotos: 4, position: true, odometer: true, photosPerDamage: 2 },
};

/** The views of the vehicle diagram a damage is marked on. */
export const VEHICLE_VIEWS = ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'TOP'] as const;
export type VehicleView = (typeof VEHICLE_VIEWS)[number];

/**
 * Damage codes: where, what and how bad. The industry's published code tables are licensed, so these are our own,
 * in the same structure (area · type · severity), and printed with their words on every document.
 */
export const DAMAGE_AREAS = {
  '01': 'Front bumper',
  '02': 'Hood',
  '03': 'Windshield',
  '04': 'Roof',
  '05': 'Rear window',
  '06': 'Trunk or tailgate',
  '07': 'Rear bumper',
  '08': 'Left front fender',
  '09': 'Left front door',
  '10': 'Left rear door',
  '11': 'Left rear quarter panel',
  '12': 'Right front fender',
  '13': 'Right front door',
  '14': 'Right rear door',
  '15': 'Right rear quarter panel',
  '16': 'Left mirror',
  '17': 'Right mirror',
  '18': 'Wheel or tire',
  '19': 'Headlight or taillight',
  '20': 'Undercarriage',
  '21': 'Interior',
} as const;
export const DAMAGE_TYPES = {
  SC: 'Scratch',
  DT: 'Dent',
  CH: 'Chip',
  CR: 'Crack',
  BR: 'Broken',
  MS: 'Missing',
  SCF: 'Scuff',
  RU: 'Rust',
  GL: 'Glass damage',
  ST: 'Stain',
} as const;
export const DAMAGE_SEVERITIES = {
  '1': 'Minor (under 1 in)',
  '2': 'Moderate (1 to 3 in)',
  '3': 'Major (3 to 6 in)',
  '4': 'Severe (over 6 in)',
} as const;
type Code<T> = Extract<keyof T, string>;
const codeOf = <T extends Record<string, string>>(table: T, what: string) =>
  z.enum(Object.keys(table) as [Code<T>, ...Code<T>[]], { message: `Choose the damage's ${what} from the list` });

/** "Left front door · Dent · Moderate (1 to 3 in)": a damage as documents print it. */
export const damageText = (damage: {
  area: Code<typeof DAMAGE_AREAS>;
  kind: Code<typeof DAMAGE_TYPES>;
  severity: Code<typeof DAMAGE_SEVERITIES>;
}) => `${DAMAGE_AREAS[damage.area]} · ${DAMAGE_TYPES[damage.kind]} · ${DAMAGE_SEVERITIES[damage.severity]}`;

/** A key the phone makes once for each thing it records, so that sending it again never makes a second. */
export const clientKey = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, 'A client key is 8 to 64 letters, digits or dashes (a UUID)');

const microdegrees = (limit: number, name: string) =>
  z
    .number()
    .int(`${name} is in millionths of a degree, a whole number`)
    .min(-limit * 1_000_000, `${name} is at most ${limit}° either way`)
    .max(limit * 1_000_000, `${name} is at most ${limit}° either way`);

/**
 * Where the phone was: latitude and longitude in millionths of a degree (about 11 cm; what a phone's GPS can tell,
 * exact as whole numbers), and how sure it was, in whole meters.
 */
export const position = z.object({
  latitudeE6: microdegrees(90, 'Latitude'),
  longitudeE6: microdegrees(180, 'Longitude'),
  accuracyMeters: z.number().int().min(0).max(100_000),
});
export type Position = z.output<typeof position>;

export const damageInput = z.object({
  clientKey,
  view: z.enum(VEHICLE_VIEWS),
  /** Where on the view's drawing, in thousandths of its width and height from the top left. */
  x: z.number().int().min(0).max(1000),
  y: z.number().int().min(0).max(1000),
  area: codeOf(DAMAGE_AREAS, 'area'),
  kind: codeOf(DAMAGE_TYPES, 'type'),
  severity: codeOf(DAMAGE_SEVERITIES, 'severity'),
  /** The client keys of the photos that show it (sent before or after; counted at completion). */
  photoKeys: z.array(clientKey).max(20).default([]),
  note: z.string().trim().superRefine(textRule()).max(500).optional(),
});
export type DamageInput = z.output<typeof damageInput>;

/** The inspection as the phone has it so far: sent again whole whenever it changes (a later send replaces it). */
export const inspectionBody = z.object({
  clientKey,
  /**
   * The type the phone was shown (MyLoad.inspectionType). The server decides it from the shipper, the broker and the
   * company (server/modules/vehicleInspections/requirements.ts); a phone that names another is refused.
   */
  type: z.enum(INSPECTION_TYPE_KEYS).optional(),
  /** The VIN as the driver confirmed it on the vehicle (typed or read from the barcode). */
  vinConfirmed: z.boolean(),
  odometer: z.number().int().min(0).max(2_000_000).nullable().default(null),
  keys: z.number().int().min(0).max(20).nullable().default(null),
  looseItems: z.string().trim().superRefine(textRule()).max(500).nullable().default(null),
  notes: z.string().trim().superRefine(textRule()).max(2000).nullable().default(null),
  position: position.nullable().default(null),
  damages: z.array(damageInput).max(100).default([]),
  /** The version the phone last saw; absent on the first send. A stale one is refused (409). */
  version: z.number().int().positive().optional(),
});
export type InspectionBody = z.output<typeof inspectionBody>;

/** A photo's facts, sent with its bytes as the query (the body is the JPEG or PNG itself). */
export const photoQuery = z.object({
  clientKey,
  takenAt: z.iso.datetime({ offset: true, message: 'takenAt is when the photo was taken, as an ISO-8601 instant' }),
  view: z.enum([...VEHICLE_VIEWS, 'ODOMETER', 'VIN', 'OTHER'] as const).default('OTHER'),
  latitudeE6: textInteger(-90_000_000, 90_000_000).optional(),
  longitudeE6: textInteger(-180_000_000, 180_000_000).optional(),
  accuracyMeters: textInteger(0, 100_000).optional(),
});
export type PhotoQuery = z.output<typeof photoQuery>;

/** The largest photo taken: a phone's 12-megapixel JPEG is 3–6 MB. */
export const MAX_PHOTO_BYTES = 12 * 1024 * 1024;
/** The largest signature: a PNG of a drawn line. */
export const MAX_SIGNATURE_BYTES = 256 * 1024;

/** Closing an inspection: who signed, or why the driver signed alone. The signature is a PNG, base64. */
export const completeBody = z
  .object({
    version: z.number().int().positive(),
    signerName: z.string().trim().superRefine(textRule()).max(120).nullable().default(null),
    /** Nobody there to sign (a night drop, an auction lot): the driver signs. */
    customerNotAvailable: z.boolean().default(false),
    /** The dealer signs "subject to inspection": damage may be noted later. */
    subjectToInspection: z.boolean().default(false),
    signaturePng: z
      .base64({ message: 'The signature is the drawn PNG, base64' })
      .max(Math.ceil(MAX_SIGNATURE_BYTES / 3) * 4, 'The signature is at most 256 KB'),
  })
  .superRefine((body, ctx) => {
    if (!body.customerNotAvailable && !body.signerName)
      ctx.addIssue({
        code: 'custom',
        path: ['signerName'],
        message: 'Type the name of who signs, or mark the customer not available',
      });
  });
export type CompleteBody = z.output<typeof completeBody>;

export const inspectionParams = z.object({
  orderId: textInteger(1, 2_147_483_647),
  stage: z.enum(INSPECTION_STAGES),
  vin: z.string().regex(/^[A-HJ-NPR-Z0-9]{11,17}$/i, 'A VIN is 11 to 17 letters and digits'),
});
export type InspectionParams = z.output<typeof inspectionParams>;

export interface InspectionPhotoDto {
  id: number;
  clientKey: string;
  view: string;
  sha256: string;
  sizeBytes: number;
  contentType: string;
  takenAt: string;
  receivedAt: string;
  position: Position | null;
}

export interface InspectionDto {
  id: number;
  orderId: number;
  vin: string;
  stage: InspectionStage;
  type: InspectionType;
  clientKey: string;
  /** The driver who made it (the load's driver then), told apart from a namesake as everywhere. */
  driverName: string | null;
  vinConfirmed: boolean;
  odometer: number | null;
  keys: number | null;
  looseItems: string | null;
  notes: string | null;
  position: Position | null;
  damages: (DamageInput & { text: string })[];
  photos: InspectionPhotoDto[];
  completedAt: string | null;
  signerName: string | null;
  customerNotAvailable: boolean;
  subjectToInspection: boolean;
  version: number;
}

/** What an inspection still lacks before it may be completed, in words; empty when nothing. */
export function missingForCompletion(
  inspection: Pick<InspectionDto, 'type' | 'vinConfirmed' | 'odometer' | 'position'> & {
    damages: readonly DamageInput[];
    photos: readonly Pick<InspectionPhotoDto, 'clientKey' | 'view'>[];
  },
): string[] {
  const rule = INSPECTION_TYPES[inspection.type];
  const photos = inspection.photos.filter((photo) => photo.view !== 'SIGNATURE');
  const missing: string[] = [];
  if (!inspection.vinConfirmed) missing.push('Confirm the VIN on the vehicle');
  if (photos.length < rule.minPhotos) missing.push(`Take at least ${rule.minPhotos} photos (${photos.length} so far)`);
  if (rule.odometer && inspection.odometer === null) missing.push('Read the odometer');
  if (rule.position && !inspection.position)
    missing.push('Allow the position: this inspection type records where it was made');
  const taken = new Set(photos.map((photo) => photo.clientKey));
  for (const damage of inspection.damages) {
    const shown = damage.photoKeys.filter((key) => taken.has(key)).length;
    if (shown < rule.photosPerDamage)
      missing.push(`Photograph the damage “${damageText(damage)}”: ${rule.photosPerDamage} photos (${shown} so far)`);
  }
  return missing;
}
