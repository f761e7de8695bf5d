import { z } from 'zod';
import { idValue, textRule } from './common';
import {
  type DamageInput,
  type InspectionDto,
  type InspectionPhotoDto,
  type InspectionStage,
  type VehicleView,
  INSPECTION_STAGE_LABELS,
  VEHICLE_VIEWS,
  clientKey,
  damageText,
} from './vehicleInspections';

/**
 * A vehicle's pickup and delivery inspections side by side (docs/product/vehicle-inspections.md#inspections-for-staff):
 * which damages were found at delivery that were not there at pickup, panel by panel, and the claim opened from them
 * (docs/product/claims.md#claim-from-inspection). Pure rules, shared by the server (which refuses a claim from a damage
 * that is not new) and the screens (which offer it).
 */

/** The panels of the comparison: the five views of the drawing, then what is not on the body's outside. */
export const DAMAGE_PANELS = [...VEHICLE_VIEWS, 'OTHER'] as const;
export type DamagePanel = (typeof DAMAGE_PANELS)[number];
export const DAMAGE_PANEL_LABELS: Record<DamagePanel, string> = {
  FRONT: 'Front',
  REAR: 'Rear',
  LEFT: 'Left side',
  RIGHT: 'Right side',
  TOP: 'Top',
  OTHER: 'Interior and other',
};

/** Areas that are not seen on the outside views: the undercarriage and the interior go to "Interior and other". */
const OTHER_AREAS: ReadonlySet<string> = new Set(['20', '21']);

type Damage = Pick<DamageInput, 'area' | 'kind'>;

/** The panel a damage is shown in: its view, but the interior and the undercarriage go to OTHER. */
export const panelOfDamage = (damage: Pick<DamageInput, 'view' | 'area'>): DamagePanel =>
  OTHER_AREAS.has(damage.area) ? 'OTHER' : damage.view;

/** The panel a photo is shown in: its view, or OTHER (odometer, VIN, anything else). */
export const panelOfPhoto = (photo: Pick<InspectionPhotoDto, 'view'>): DamagePanel =>
  (VEHICLE_VIEWS as readonly string[]).includes(photo.view) ? (photo.view as VehicleView) : 'OTHER';

/** The photos of the vehicle: every photo but the signature. */
export const vehiclePhotos = <P extends Pick<InspectionPhotoDto, 'view'>>(photos: readonly P[]): P[] =>
  photos.filter((photo) => photo.view !== 'SIGNATURE');

/**
 * THE RULE: a damage found at delivery is new when no damage marked at pickup has the same area code and the same
 * type code (a dent of the left front door at pickup covers a dent of the left front door at delivery, whatever its
 * severity or point; a scratch there is new). Without a pickup inspection every delivery damage is new.
 */
export const isNewDamage = (damage: Damage, pickupDamages: readonly Damage[]): boolean =>
  !pickupDamages.some((before) => before.area === damage.area && before.kind === damage.kind);

/** The delivery damages that are new by isNewDamage, in their order. */
export const newDamages = <D extends Damage>(pickupDamages: readonly Damage[], deliveryDamages: readonly D[]): D[] =>
  deliveryDamages.filter((damage) => isNewDamage(damage, pickupDamages));

const percent = (thousandths: number) => `${Math.round(thousandths / 10)}%`;

/** Where on its view's drawing a damage is marked: "40% across, 50% down". */
export const pointText = (damage: Pick<DamageInput, 'x' | 'y'>): string =>
  `${percent(damage.x)} across, ${percent(damage.y)} down`;

/** Where a damage is on the vehicle, in words: "left side view, 40% across and 50% down the drawing". */
export const damagePlace = (damage: Pick<DamageInput, 'view' | 'x' | 'y'>): string =>
  `${DAMAGE_PANEL_LABELS[damage.view].toLowerCase()} view, ${percent(damage.x)} across and ${percent(damage.y)} down the drawing`;

/** One damage as a claim's description lists it: its words, where it is, the driver's note. */
export const damageLine = (damage: DamageInput): string =>
  `${damageText(damage)}, on the ${damagePlace(damage)}${damage.note ? ` (“${damage.note}”)` : ''}`;

/** Where an inspection stands: not started (none saved), in progress (saved, not signed), completed (signed). */
export type InspectionState = 'NOT_STARTED' | 'IN_PROGRESS' | 'COMPLETED';
export const INSPECTION_STATE_LABELS: Record<InspectionState, string> = {
  NOT_STARTED: 'Not started',
  IN_PROGRESS: 'In progress',
  COMPLETED: 'Completed',
};
export const inspectionState = (inspection: Pick<InspectionDto, 'completedAt'> | null | undefined): InspectionState =>
  !inspection ? 'NOT_STARTED' : inspection.completedAt ? 'COMPLETED' : 'IN_PROGRESS';

/** The inspection of one vehicle (by VIN, whatever its case) at one stage, if any. */
export const inspectionOf = <I extends Pick<InspectionDto, 'vin' | 'stage'>>(
  inspections: readonly I[],
  vin: string,
  stage: InspectionStage,
): I | undefined => inspections.find((one) => one.stage === stage && one.vin.toUpperCase() === vin.toUpperCase());

/** "Pickup: 1 of 2 vehicles inspected": the completed inspections of the order's vehicles at one stage. */
export function stageProgress(
  vins: readonly string[],
  inspections: readonly Pick<InspectionDto, 'vin' | 'stage' | 'completedAt'>[],
  stage: InspectionStage,
): { done: number; total: number; text: string } {
  const done = vins.filter((vin) => inspectionState(inspectionOf(inspections, vin, stage)) === 'COMPLETED').length;
  const total = vins.length;
  return {
    done,
    total,
    text: `${INSPECTION_STAGE_LABELS[stage]}: ${done} of ${total} ${total === 1 ? 'vehicle' : 'vehicles'} inspected`,
  };
}

/** What the comparison reads of an inspection: its damages and its photos. */
export interface ComparedInspection<D extends DamageInput, P extends Pick<InspectionPhotoDto, 'view' | 'clientKey'>> {
  damages: readonly D[];
  photos: readonly P[];
}

export interface PanelSide<D, P> {
  damages: D[];
  /** The photos of this panel's view that show none of its damages. */
  photos: P[];
}

export interface PanelComparison<D, P> {
  panel: DamagePanel;
  label: string;
  pickup: PanelSide<D, P>;
  delivery: PanelSide<D & { isNew: boolean }, P>;
}

/**
 * The two inspections of a vehicle panel by panel: for each of the five views and then "Interior and other", the
 * damages marked at pickup and at delivery (the delivery ones told new or not by isNewDamage against every pickup
 * damage, not only those of the same panel), and the panel's other photos.
 */
export function comparePanels<D extends DamageInput, P extends Pick<InspectionPhotoDto, 'view' | 'clientKey'>>(
  pickup: ComparedInspection<D, P> | null | undefined,
  delivery: ComparedInspection<D, P> | null | undefined,
): PanelComparison<D, P>[] {
  const pickupDamages = pickup?.damages ?? [];
  const side = <T>(
    inspection: ComparedInspection<D, P> | null | undefined,
    panel: DamagePanel,
    mark: (damage: D) => T,
  ) => {
    const damages = (inspection?.damages ?? []).filter((damage) => panelOfDamage(damage) === panel);
    const shown = new Set(damages.flatMap((damage) => damage.photoKeys));
    return {
      damages: damages.map(mark),
      photos: vehiclePhotos(inspection?.photos ?? []).filter(
        (photo) => panelOfPhoto(photo) === panel && !shown.has(photo.clientKey),
      ),
    };
  };
  return DAMAGE_PANELS.map((panel) => ({
    panel,
    label: DAMAGE_PANEL_LABELS[panel],
    pickup: side(pickup, panel, (damage) => damage),
    delivery: side(delivery, panel, (damage) => ({ ...damage, isNew: isNewDamage(damage, pickupDamages) })),
  }));
}

/** The photos of a damage, from its inspection's photos (those the phone has sent; the others are not there yet). */
export const photosOfDamage = <P extends Pick<InspectionPhotoDto, 'clientKey'>>(
  damage: Pick<DamageInput, 'photoKeys'>,
  photos: readonly P[],
): P[] => photos.filter((photo) => damage.photoKeys.includes(photo.clientKey));

/** Opening a claim from new damages of a delivery inspection (POST CLAIM_FROM_INSPECTION_API). */
export const CLAIM_FROM_INSPECTION_API = '/api/ClaimTracker/from-inspection';
/** The damages of an order already on a claim opened from an inspection (GET, ?orderId=). */
export const CLAIMED_DAMAGES_API = '/api/ClaimTracker/inspection-damages';
/** At most this many damages on one claim opened from an inspection. */
export const MAX_CLAIM_DAMAGES = 20;

export const claimFromInspectionBody = z
  .object({
    orderId: idValue,
    vin: z
      .string()
      .trim()
      .superRefine(textRule('name'))
      .regex(/^[A-HJ-NPR-Z0-9]{11,17}$/i, 'A VIN is 11 to 17 letters and digits'),
    damageClientKeys: z
      .array(clientKey.superRefine(textRule('name')))
      .min(1, 'Choose at least one damage found at delivery')
      .max(MAX_CLAIM_DAMAGES, `At most ${MAX_CLAIM_DAMAGES} damages on one claim`),
  })
  .strict();
export type ClaimFromInspectionBody = z.output<typeof claimFromInspectionBody>;

/** A damage already on a claim opened from an inspection. */
export interface ClaimedDamageDto {
  inspectionId: number;
  damageClientKey: string;
  claimId: number;
  claimNumber: string;
  /** The claim is deleted: it still holds the damage (restored rather than opened again). */
  deleted: boolean;
}
