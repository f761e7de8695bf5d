/**
 * A driver's inspections through the phone's API, for the journeys that need a load inspected at pickup and delivery
 * (tests/e2e/inspectionClaim.e2e.ts, tests/e2e/invoices.e2e.ts): real photos, a signature, the order assigned first.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { InspectionDto } from '../../schema/vehicleInspections';
import { type E2E, demoUser } from './helpers';

export const key = (name: string) => `${name}-${crypto.randomUUID()}`;
export const SIGNATURE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A JPEG of a coloured card naming what it shows, as a phone's photo would be (real pixels: the thumbnails draw). */
export const photo = (text: string, hue: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360"><rect width="480" height="360" fill="hsl(${hue},45%,55%)"/><rect x="60" y="150" width="360" height="120" rx="40" fill="hsl(${hue},30%,30%)"/><circle cx="140" cy="280" r="38" fill="#222"/><circle cx="340" cy="280" r="38" fill="#222"/><text x="24" y="60" font-size="40" font-family="sans-serif" fill="white">${text}</text></svg>`,
    ),
  )
    .jpeg({ quality: 80 })
    .toBuffer();

export interface Damage {
  clientKey: string;
  view: string;
  x: number;
  y: number;
  area: string;
  kind: string;
  severity: string;
  photoKeys: string[];
}

/** An inspection from the driver's phone, enough for any type: 6 photos, 2 per damage, the odometer and the position. */
export async function inspect(
  e2e: E2E,
  token: string,
  orderId: number,
  vin: string,
  stage: 'PICKUP' | 'DELIVERY',
  damages: Damage[],
  signer: { signerName?: string; customerNotAvailable?: boolean },
): Promise<InspectionDto> {
  const base = `/api/MyLoads/${orderId}/inspections/${stage}/${vin}`;
  const saved = await e2e.api('PUT', base, {
    token,
    body: {
      clientKey: key(stage.toLowerCase()),
      vinConfirmed: true,
      odometer: stage === 'PICKUP' ? 48_213 : 48_690,
      keys: 2,
      position: { latitudeE6: 32_776_700, longitudeE6: -96_797_000, accuracyMeters: 12 },
      damages,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const shots = [
    ...['FRONT', 'REAR', 'LEFT', 'RIGHT', 'TOP', 'ODOMETER'].map((view) => ({ clientKey: key('photo'), view })),
    ...damages.flatMap((d) => d.photoKeys.map((clientKey) => ({ clientKey, view: d.view }))),
  ];
  for (const [index, shot] of shots.entries()) {
    const bytes = await photo(`${stage === 'PICKUP' ? 'Pickup' : 'Delivery'} ${shot.view} ${index + 1}`, index * 40);
    const response = await fetch(
      `${e2e.baseUrl}${base}/photos?${new URLSearchParams({ takenAt: new Date().toISOString(), ...shot })}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' }, body: bytes },
    );
    expect(response.status, await response.clone().text()).toBe(200);
  }
  const done = await e2e.api('POST', `${base}/complete`, {
    token,
    body: { version: saved.body.value.version, ...signer, signaturePng: SIGNATURE.toString('base64') },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body.value as InspectionDto;
}

const today = (offset = 0) => {
  const day = new Date(Date.now() + offset * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

/** Gives the demo driver a new order picked up yesterday and delivered today, through the API as the administrator. */
export async function assignToDriver(
  e2e: E2E,
  driver: string,
): Promise<{ orderId: number; orderNumber: string; vehicles: { vin: string }[] }> {
  const admin = await e2e.apiLogin(demoUser('Administrator'));
  const me = await e2e.api('GET', '/api/Driver/report-summary', { token: driver });
  expect(me.status).toBe(200);
  const list = await e2e.api('GET', '/api/BookOrder/filter-books?filtered=all&status=NEW&size=1', { token: admin });
  const id = list.body.value.items[0].id as number;
  const order = (await e2e.api('GET', `/api/BookOrder/${id}`, { token: admin })).body.value;
  const saved = await e2e.api('PUT', `/api/BookOrder/${id}`, {
    token: admin,
    body: {
      ...order,
      driverId: me.body.value.driverId,
      pickup: { ...order.pickup, date: today(-1), dateTo: null, dateType: 'EXACT' },
      delivery: { ...order.delivery, date: today(), dateTo: null, dateType: 'EXACT' },
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return { orderId: id, orderNumber: order.orderNumber, vehicles: saved.body.value.vehicles };
}
