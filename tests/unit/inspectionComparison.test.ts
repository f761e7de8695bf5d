import { describe, expect, it } from 'vitest';
import {
  claimFromInspectionBody,
  comparePanels,
  damageLine,
  damagePlace,
  inspectionState,
  isNewDamage,
  newDamages,
  panelOfDamage,
  pointText,
  stageProgress,
} from '../../schema/inspectionComparison';
import type { DamageInput, InspectionPhotoDto } from '../../schema/vehicleInspections';

/** The rule of a new damage (schema/inspectionComparison.ts) and the comparison the screens draw from it. */
const damage = (over: Partial<DamageInput> & Pick<DamageInput, 'area' | 'kind'>): DamageInput => ({
  clientKey: `dmg-${over.area}-${over.kind}-${over.x ?? 0}`,
  view: 'LEFT',
  x: 400,
  y: 500,
  severity: '2',
  photoKeys: [],
  ...over,
});
const photo = (clientKey: string, view: string): InspectionPhotoDto => ({
  id: clientKey.length,
  clientKey,
  view,
  sha256: 'x',
  sizeBytes: 1,
  contentType: 'image/jpeg',
  takenAt: '2026-12-09T21:04:00Z',
  receivedAt: '2026-12-09T21:04:00Z',
  position: null,
});

describe('a new damage', () => {
  const dentLeftDoor = damage({ area: '09', kind: 'DT' });

  it('is new when no pickup damage has the same area and type', () => {
    expect(isNewDamage(dentLeftDoor, [])).toBe(true);
    expect(isNewDamage(dentLeftDoor, [damage({ area: '09', kind: 'SC' })])).toBe(true);
    expect(isNewDamage(dentLeftDoor, [damage({ area: '10', kind: 'DT' })])).toBe(true);
  });

  it('is not new when a pickup damage has the same area and type, whatever its severity, view or point', () => {
    const before = damage({ area: '09', kind: 'DT', severity: '1', view: 'TOP', x: 10, y: 990 });
    const worse: DamageInput = { ...dentLeftDoor, severity: '4' };
    expect(isNewDamage(worse, [before])).toBe(false);
    expect(newDamages([before], [dentLeftDoor, damage({ area: '13', kind: 'DT' })]).map((d) => d.area)).toEqual(['13']);
  });

  it('says where it is and what the driver noted', () => {
    expect(damagePlace({ view: 'LEFT', x: 400, y: 505 })).toBe('left side view, 40% across and 51% down the drawing');
    expect(pointText({ x: 0, y: 1000 })).toBe('0% across, 100% down');
    expect(damageLine({ ...dentLeftDoor, note: 'deep' })).toBe(
      'Left front door · Dent · Moderate (1 to 3 in), on the left side view, 40% across and 50% down the drawing (“deep”)',
    );
  });
});

describe('the comparison panel by panel', () => {
  it('puts each damage and photo in its view, the interior in the last panel, and marks only new delivery damages', () => {
    const pickup = {
      damages: [damage({ area: '02', kind: 'CH', view: 'FRONT', photoKeys: ['p-hood'] })],
      photos: [photo('p-hood', 'FRONT'), photo('p-front', 'FRONT'), photo('p-sig', 'SIGNATURE')],
    };
    const delivery = {
      damages: [
        damage({ area: '02', kind: 'CH', view: 'FRONT' }),
        damage({ area: '13', kind: 'DT', view: 'RIGHT', photoKeys: ['d-door'] }),
        damage({ area: '21', kind: 'ST', view: 'TOP' }),
      ],
      photos: [photo('d-door', 'RIGHT'), photo('d-right', 'RIGHT'), photo('d-odo', 'ODOMETER')],
    };
    const panels = comparePanels(pickup, delivery);
    expect(panels.map((p) => p.label)).toEqual([
      'Front',
      'Rear',
      'Left side',
      'Right side',
      'Top',
      'Interior and other',
    ]);
    const front = panels.find((p) => p.panel === 'FRONT')!;
    expect(front.pickup.damages).toHaveLength(1);
    // The photo of the damage goes with the damage; the panel's own photos are the rest (never the signature).
    expect(front.pickup.photos.map((p) => p.clientKey)).toEqual(['p-front']);
    expect(front.delivery.damages.map((d) => d.isNew)).toEqual([false]);
    const right = panels.find((p) => p.panel === 'RIGHT')!;
    expect(right.delivery.damages.map((d) => [d.area, d.isNew])).toEqual([['13', true]]);
    expect(right.delivery.photos.map((p) => p.clientKey)).toEqual(['d-right']);
    const other = panels.find((p) => p.panel === 'OTHER')!;
    expect(other.delivery.damages.map((d) => d.area)).toEqual(['21']);
    expect(other.delivery.photos.map((p) => p.clientKey)).toEqual(['d-odo']);
    expect(panelOfDamage({ view: 'TOP', area: '04' })).toBe('TOP');
  });

  it('has every delivery damage new without a pickup inspection, and nothing on either side without either', () => {
    const panels = comparePanels(null, { damages: [damage({ area: '07', kind: 'SC', view: 'REAR' })], photos: [] });
    expect(panels.flatMap((p) => p.delivery.damages.map((d) => d.isNew))).toEqual([true]);
    expect(comparePanels(null, null).every((p) => !p.pickup.damages.length && !p.delivery.damages.length)).toBe(true);
  });
});

describe('where the inspections of an order stand', () => {
  const vins = ['1HGCM82633A004352', '2T1BURHE0JC074321'];
  const inspections = [
    { vin: '1hgcm82633a004352', stage: 'PICKUP' as const, completedAt: '2026-12-09T21:04:00Z' },
    { vin: vins[1], stage: 'PICKUP' as const, completedAt: null },
  ];

  it('counts the completed inspections of the order’s vehicles per stage, in words', () => {
    expect(stageProgress(vins, inspections, 'PICKUP')).toEqual({
      done: 1,
      total: 2,
      text: 'Pickup: 1 of 2 vehicles inspected',
    });
    expect(stageProgress(vins.slice(0, 1), inspections, 'DELIVERY').text).toBe('Delivery: 0 of 1 vehicle inspected');
    expect(inspectionState(undefined)).toBe('NOT_STARTED');
    expect(inspectionState(inspections[1])).toBe('IN_PROGRESS');
    expect(inspectionState(inspections[0])).toBe('COMPLETED');
  });
});

describe('the body of a claim from an inspection', () => {
  const body = { orderId: 12, vin: '1HGCM82633A004352', damageClientKeys: ['dmg-12345678'] };
  it('takes an order, a VIN and the damages, and refuses anything else', () => {
    expect(claimFromInspectionBody.parse(body)).toEqual(body);
    for (const bad of [
      { ...body, damageClientKeys: [] },
      { ...body, damageClientKeys: ['bad key!'] },
      { ...body, vin: 'I0O' },
      { ...body, vin: '1HGCM82633A00435\u0007' },
      { ...body, orderId: 0 },
      { ...body, extra: true },
      { ...body, damageClientKeys: Array.from({ length: 21 }, (_, i) => `dmg-${String(i).padStart(8, '0')}`) },
    ])
      expect(claimFromInspectionBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
