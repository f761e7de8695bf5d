import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateIn } from '../../schema/businessDay';
import { todayIso } from '../../schema/expiry';
import type { ClaimDto } from '../../schema/resources/claims';
import type { DocumentDto } from '../../schema/documents';
import type { InspectionDto } from '../../schema/vehicleInspections';
import { type TestObjectStore, startObjectStore } from '../helpers/objectStore';
import { DATABASES, type DatabaseKind, type TestServer, startTestServer } from '../helpers/server';

/**
 * A claim opened from a delivery damage (server/modules/claims/fromInspection.ts, docs/product/claims.md): a driver
 * inspects a vehicle at pickup and at delivery through the phone's API; the claims team opens a claim from a damage
 * found at delivery that was not there at pickup. The claim has the order, the vehicle and the damage in words; the
 * damage's photos are its documents byte for byte (SHA-256 compared), in the database and in the object store. The
 * same damages again, or twice at once, make one claim; a damage seen at pickup, an unsigned inspection, another's
 * order or a driver or banker are refused.
 */
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const jpeg = (n: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 7 + n) % 256)),
    Buffer.from([n % 256, Math.floor(n / 256), 0xff, 0xd9]),
  ]);
const SIGNATURE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR sig'),
]);
const key = (name: string) => `${name}-${crypto.randomUUID()}`;
const API = '/api/ClaimTracker/from-inspection';

interface Damage {
  clientKey: string;
  view: string;
  x: number;
  y: number;
  area: string;
  kind: string;
  severity: string;
  photoKeys: string[];
}
const damage = (view: string, area: string, kind: string): Damage => ({
  clientKey: key('dmg'),
  view,
  x: 420,
  y: 510,
  area,
  kind,
  severity: '2',
  photoKeys: [key('dphoto'), key('dphoto')],
});

interface Scene {
  server: TestServer;
  driver: string;
  claimsTeam: string;
  orderId: number;
  vin: string;
  vehicleId: number;
  driverId: number;
}

/** The demo driver's first open load with a vehicle, delivered today (so that a claim on it is inside its window). */
async function scene(kind: DatabaseKind, env: Record<string, string> = {}): Promise<Scene> {
  const server = await startTestServer(kind, env);
  const driver = await server.login('driver@haulboard.demo');
  const claimsTeam = await server.login('claimtrackerteam@haulboard.demo');
  const me = await server.db
    .selectFrom('drivers as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select('d.id')
    .where('u.email', '=', 'driver@haulboard.demo')
    .executeTakeFirstOrThrow();
  const load = await server.db
    .selectFrom('book_orders as o')
    .innerJoin('book_order_vehicles as v', 'v.book_order_id', 'o.id')
    .select(['o.id', 'v.vin', 'v.id as vehicle_id'])
    .where('o.driver_id', '=', me.id)
    .where('o.deleted_at', 'is', null)
    .where('o.status', '<>', 'CANCELLED')
    .orderBy('o.id')
    .orderBy('v.position')
    .executeTakeFirstOrThrow();
  await server.db
    .updateTable('book_orders')
    .set({ delivery_date: todayIso(), delivery_actual_at: null })
    .where('id', '=', load.id)
    .execute();
  return {
    server,
    driver,
    claimsTeam,
    orderId: load.id,
    vin: load.vin,
    vehicleId: Number(load.vehicle_id),
    driverId: Number(me.id),
  };
}

/**
 * An inspection through the driver's API, enough for any inspection type (6 photos of the views, 2 of each damage,
 * the odometer and the position): saved, photographed, and signed unless `sign` is false. Answers it and the bytes
 * sent by photo key.
 */
async function inspect(
  s: Scene,
  stage: 'PICKUP' | 'DELIVERY',
  damages: Damage[],
  { sign = true, first = 0 }: { sign?: boolean; first?: number } = {},
): Promise<{ inspection: InspectionDto; bytes: Map<string, Buffer> }> {
  const base = `/api/MyLoads/${s.orderId}/inspections/${stage}/${s.vin}`;
  const saved = await s.server.call({
    method: 'PUT',
    url: base,
    token: s.driver,
    payload: {
      clientKey: key(stage.toLowerCase()),
      vinConfirmed: true,
      odometer: 48_213,
      keys: 2,
      position: { latitudeE6: 32_776_700, longitudeE6: -96_797_000, accuracyMeters: 12 },
      damages,
    },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const bytes = new Map<string, Buffer>();
  const views = ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'TOP', 'ODOMETER'];
  const photos = [
    ...views.map((view) => ({ clientKey: key('photo'), view })),
    ...damages.flatMap((d) => d.photoKeys.map((clientKey) => ({ clientKey, view: d.view }))),
  ];
  for (const [index, photo] of photos.entries()) {
    const body = jpeg(first + index);
    const sent = await s.server.call({
      method: 'POST',
      url: `${base}/photos?${new URLSearchParams({ takenAt: new Date().toISOString(), ...photo })}`,
      token: s.driver,
      headers: { 'content-type': 'image/jpeg' },
      payload: body,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    bytes.set(photo.clientKey, body);
  }
  let inspection = saved.body.value as InspectionDto;
  if (sign) {
    const done = await s.server.call({
      method: 'POST',
      url: `${base}/complete`,
      token: s.driver,
      payload: {
        version: inspection.version,
        signerName: 'Dana Whitfield',
        signaturePng: SIGNATURE.toString('base64'),
      },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    inspection = done.body.value as InspectionDto;
  }
  return { inspection, bytes };
}

const claimsOf = async (s: Scene) =>
  Number(
    (
      await s.server.db
        .selectFrom('claims')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('book_order_id', '=', s.orderId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The claim's documents and each one's bytes as downloaded. */
async function documentsOf(s: Scene, claimId: number) {
  const listed = await s.server.call({
    method: 'GET',
    url: `/api/Documents?ownerType=claim&ownerId=${claimId}`,
    token: s.claimsTeam,
  });
  expect(listed.status, JSON.stringify(listed.body)).toBe(200);
  const documents = listed.body.value as DocumentDto[];
  return Promise.all(
    documents.map(async (document) => {
      const response = await s.server.app.inject({
        url: `/api/Documents/${document.id}/content`,
        headers: { authorization: `Bearer ${s.claimsTeam}` },
      });
      expect(response.statusCode).toBe(200);
      return { document, sha256: sha256(response.rawPayload) };
    }),
  );
}

describe.each(DATABASES)('a claim opened from a delivery damage on %s', (kind) => {
  let s: Scene;
  const pickupChip = damage('FRONT', '02', 'CH');
  const deliveryChip = damage('FRONT', '02', 'CH');
  const dent = damage('RIGHT', '13', 'DT');
  const scratch = damage('REAR', '07', 'SC');
  let delivery: InspectionDto;
  let sent: Map<string, Buffer>;

  beforeAll(async () => {
    s = await scene(kind);
  }, 60_000);
  afterAll(() => s?.server.close());

  const open = (damageClientKeys: string[], token = s.claimsTeam, body: object = {}) =>
    s.server.call({
      method: 'POST',
      url: API,
      token,
      payload: { orderId: s.orderId, vin: s.vin, damageClientKeys, ...body },
    });

  it('opens one claim from a new delivery damage, with the order, the vehicle and its photos byte for byte', async () => {
    await inspect(s, 'PICKUP', [pickupChip], { first: 0 });
    // Delivery saved and photographed but not signed: no claim from it yet.
    ({ inspection: delivery, bytes: sent } = await inspect(s, 'DELIVERY', [deliveryChip, dent, scratch], {
      sign: false,
      first: 100,
    }));
    const early = await open([dent.clientKey]);
    expect(early.status, JSON.stringify(early.body)).toBe(409);
    expect(early.body.message).toMatch(/not completed and signed/);
    const done = await s.server.call({
      method: 'POST',
      url: `/api/MyLoads/${s.orderId}/inspections/DELIVERY/${s.vin}/complete`,
      token: s.driver,
      payload: { version: delivery.version, signerName: 'Dana Whitfield', signaturePng: SIGNATURE.toString('base64') },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    delivery = done.body.value as InspectionDto;

    const before = await claimsOf(s);
    const opened = await open([dent.clientKey]);
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const claim = opened.body.value as ClaimDto;
    expect(claim).toMatchObject({
      bookOrderId: s.orderId,
      vins: [s.vin],
      type: 'DAMAGE',
      status: 'RECEIVED',
      driverId: s.driverId,
      receivedOn: dateIn(delivery.completedAt!),
      vehicles: [{ bookOrderVehicleId: s.vehicleId, damage: 'Right front door · Dent · Moderate (1 to 3 in)' }],
    });
    expect(claim.description).toMatch(
      /Right front door · Dent · Moderate \(1 to 3 in\), on the right side view, 42% across and 51% down the drawing; 2 photos/,
    );
    expect(claim.description).not.toMatch(/Hood/);
    expect(await claimsOf(s)).toBe(before + 1);
    expect(claim.documentCount).toBe(2);

    // The photos of the damage, byte for byte; no other photo of the inspection.
    const documents = await documentsOf(s, claim.id);
    expect(documents.map((d) => d.sha256).sort()).toEqual(dent.photoKeys.map((k) => sha256(sent.get(k)!)).sort());
    expect(documents.every((d) => d.document.sha256 === d.sha256 && d.document.contentType === 'image/jpeg')).toBe(
      true,
    );

    // The same damage again: the first claim, no second.
    const again = await open([dent.clientKey]);
    expect(again.status).toBe(409);
    expect(again.body.claim).toEqual({ id: claim.id, claimNumber: claim.claimNumber });
    expect(again.body.message).toContain(claim.claimNumber);
    // Any damage already on a claim is refused with it, alone or with others.
    expect((await open([scratch.clientKey, dent.clientKey])).body.claim?.id).toBe(claim.id);
    expect(await claimsOf(s)).toBe(before + 1);

    const claimed = await s.server.call({
      method: 'GET',
      url: `/api/ClaimTracker/inspection-damages?orderId=${s.orderId}`,
      token: s.claimsTeam,
    });
    expect(claimed.status).toBe(200);
    expect(claimed.body.value).toEqual([
      {
        inspectionId: delivery.id,
        damageClientKey: dent.clientKey,
        claimId: claim.id,
        claimNumber: claim.claimNumber,
        deleted: false,
      },
    ]);

    // A deleted claim keeps its damages: restored, not opened again.
    const deleted = await s.server.call({
      method: 'DELETE',
      url: `/api/ClaimTracker/${claim.id}`,
      token: s.claimsTeam,
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const afterDelete = await open([dent.clientKey]);
    expect(afterDelete.status).toBe(409);
    expect(afterDelete.body.message).toMatch(/deleted: .* \(restore it instead\)/);
    expect(afterDelete.body.claim.id).toBe(claim.id);
    const listed = await s.server.call({
      method: 'GET',
      url: `/api/ClaimTracker/inspection-damages?orderId=${s.orderId}`,
      token: s.claimsTeam,
    });
    expect(listed.body.value[0]).toMatchObject({ claimId: claim.id, deleted: true });
    expect(await claimsOf(s)).toBe(before + 1);
  });

  it('makes one claim of the same damages sent eight times at once', async () => {
    const before = await claimsOf(s);
    const answers = await Promise.all(Array.from({ length: 8 }, () => open([scratch.clientKey])));
    const made = answers.filter((a) => a.status === 200);
    expect(answers.map((a) => a.status).sort(), JSON.stringify(answers.map((a) => a.body.message))).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const id = (made[0].body.value as ClaimDto).id;
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.claim.id).toBe(id);
    expect(await claimsOf(s)).toBe(before + 1);
    const rows = await s.server.db
      .selectFrom('claim_inspection_damages')
      .select('claim_id')
      .where('damage_key', '=', scratch.clientKey)
      .execute();
    expect(rows.map((r) => Number(r.claim_id))).toEqual([id]);
    expect((await documentsOf(s, id)).map((d) => d.sha256).sort()).toEqual(
      scratch.photoKeys.map((k) => sha256(sent.get(k)!)).sort(),
    );
  });

  it('refuses a damage seen at pickup, one not on the inspection, others’ orders, drivers and bankers — storing nothing', async () => {
    const before = await claimsOf(s);
    const seen = await open([deliveryChip.clientKey]);
    expect(seen.status).toBe(400);
    expect(seen.body.messages[0]).toMatchObject({ field: 'damageClientKeys.0' });
    expect(seen.body.message).toMatch(/Hood · Chip .* was marked at pickup already/);
    const unknown = await open([key('nowhere')]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/not on the delivery inspection/);
    expect((await open([])).status).toBe(400);
    expect((await open(['short'])).status).toBe(400);
    expect((await open([dent.clientKey], s.claimsTeam, { vin: 'x\u0007y' })).status).toBe(400);
    expect((await open([dent.clientKey], s.claimsTeam, { extra: 1 })).status).toBe(400);
    expect((await open([dent.clientKey], s.claimsTeam, { orderId: 999_999 })).status).toBe(404);
    expect((await open([dent.clientKey], s.claimsTeam, { vin: '1HGCM82633A004352' })).status).toBe(404);
    for (const who of ['driver', 'banking', 'dispatcher'])
      expect((await open([dent.clientKey], await s.server.login(`${who}@haulboard.demo`))).status, who).toBe(403);
    expect(await claimsOf(s)).toBe(before);
  });
});

describe.each(DATABASES)('a claim from a delivery damage with the photos in the object store on %s', (kind) => {
  let store: TestObjectStore;
  let s: Scene;
  beforeAll(async () => {
    store = await startObjectStore();
    s = await scene(kind, { S3_URL: store.url });
  }, 60_000);
  afterAll(async () => {
    await s?.server.close();
    await store?.close();
  });

  it('names the same objects as the inspection’s photos, and reads them byte for byte', async () => {
    await inspect(s, 'PICKUP', []);
    const dent = damage('LEFT', '09', 'DT');
    const { bytes } = await inspect(s, 'DELIVERY', [dent], { first: 50 });
    const opened = await s.server.call({
      method: 'POST',
      url: API,
      token: s.claimsTeam,
      payload: { orderId: s.orderId, vin: s.vin.toLowerCase(), damageClientKeys: [dent.clientKey] },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const claim = opened.body.value as ClaimDto;
    const rows = await s.server.db
      .selectFrom('documents')
      .select(['object_key', 'content', 'sha256'])
      .where('owner_type', '=', 'claim')
      .where('owner_id', '=', claim.id)
      .execute();
    const photos = await s.server.db
      .selectFrom('vehicle_inspection_photos')
      .select(['object_key', 'sha256'])
      .where('client_key', 'in', dent.photoKeys)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.object_key && Buffer.from(row.content).length === 0)).toBe(true);
    expect(rows.map((row) => row.object_key).sort()).toEqual(photos.map((p) => p.object_key).sort());
    expect((await documentsOf(s, claim.id)).map((d) => d.sha256).sort()).toEqual(
      dent.photoKeys.map((k) => sha256(bytes.get(k)!)).sort(),
    );
  });
});
