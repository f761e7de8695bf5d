import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionDto, InspectionPhotoDto } from '../../schema/vehicleInspections';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Vehicle inspections from the driver's phone (server/modules/vehicleInspections): a driver saves an inspection of a
 * vehicle of their own load, adds photos byte for byte (hash compared), resends after a lost answer without making a
 * second of anything, and completes it with a signature once its type's rules are met. Another driver's load, a photo
 * that is not a photo, a too-large one and a stale version are refused with nothing stored.
 */
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** A JPEG of every byte value after its marker, different per `n`. */
const jpeg = (n: number) =>
  Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
    Buffer.from([n, 0xff, 0xd9]),
  ]);
/** A PNG's signature and a few bytes: what a drawn signature's file starts with. */
const SIGNATURE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR sig'),
]);
const key = (name: string) => `${name}-${crypto.randomUUID()}`;

describe.each(DATABASES)('vehicle inspections on %s', (kind) => {
  let server: TestServer;
  let driver: string;
  let other: string;
  let orderId: number;
  let vin: string;
  let otherOrderId: number;
  let otherVin: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    driver = await server.login('driver@haulboard.demo');
    const me = await server.db
      .selectFrom('drivers as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('d.id')
      .where('u.email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    const load = async (driverId: number, not = false) =>
      server.db
        .selectFrom('book_orders as o')
        .innerJoin('book_order_vehicles as v', 'v.book_order_id', 'o.id')
        .select(['o.id', 'v.vin'])
        .where('o.driver_id', not ? '<>' : '=', driverId)
        .where('o.deleted_at', 'is', null)
        .where('o.status', '<>', 'CANCELLED')
        .orderBy('o.id')
        .executeTakeFirstOrThrow();
    ({ id: orderId, vin } = await load(me.id));
    ({ id: otherOrderId, vin: otherVin } = await load(me.id, true));
    // The load's shipper asks for the advanced inspection (the company's default is the standard one).
    const { shipper_id } = await server.db
      .selectFrom('book_orders')
      .select('shipper_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    await server.db.updateTable('shippers').set({ inspection_type: 'ADVANCED' }).where('id', '=', shipper_id).execute();
    // A second driver account: the dispatcher's token is not a driver's, so it stands for "someone else" here.
    other = await server.login('dispatcher@haulboard.demo');
  }, 60_000);
  afterAll(() => server?.close());

  const base = (order = orderId, stage = 'PICKUP', car = vin) => `/api/MyLoads/${order}/inspections/${stage}/${car}`;
  const save = (payload: object, url = base(), token = driver) => server.call({ method: 'PUT', url, token, payload });
  const photo = (bytes: Buffer, query: Record<string, string>, url = base(), token = driver) =>
    server.call({
      method: 'POST',
      url: `${url}/photos?${new URLSearchParams({ takenAt: '2026-11-29T14:05:00Z', view: 'FRONT', ...query })}`,
      token,
      headers: { 'content-type': 'image/jpeg' },
      payload: bytes,
    });
  const counts = async () => ({
    inspections: Number(
      (
        await server.db
          .selectFrom('vehicle_inspections')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    photos: Number(
      (
        await server.db
          .selectFrom('vehicle_inspection_photos')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  it('saves, takes photos byte for byte, survives resends, and completes an advanced inspection only when whole', async () => {
    const inspectionKey = key('insp');
    const first = {
      clientKey: inspectionKey,
      type: 'ADVANCED',
      vinConfirmed: true,
      odometer: 48_213,
      keys: 2,
      position: { latitudeE6: 32_776_700, longitudeE6: -96_797_000, accuracyMeters: 12 },
      damages: [
        { clientKey: key('dmg'), view: 'LEFT', x: 400, y: 500, area: '09', kind: 'DT', severity: '2', photoKeys: [] },
      ],
    };
    const saved = await save(first);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const dto = saved.body.value as InspectionDto;
    expect(dto).toMatchObject({ stage: 'PICKUP', type: 'ADVANCED', version: 1, odometer: 48_213, completedAt: null });
    expect(dto.damages[0].text).toBe('Left front door · Dent · Moderate (1 to 3 in)');
    // The same first send again (its answer was lost): the same inspection, nothing new.
    const again = await save(first);
    expect(again.status).toBe(200);
    expect(again.body.value).toMatchObject({ id: dto.id, version: 1 });

    // Photos: each stored once whatever the retries, and read back with the same SHA-256.
    const sent: Buffer[] = [];
    for (let n = 0; n < 6; n++) {
      const bytes = jpeg(n);
      const photoKey = key(`photo${n}`);
      for (let attempt = 0; attempt < 2; attempt++) {
        const added = await photo(bytes, {
          clientKey: photoKey,
          latitudeE6: '32700000',
          longitudeE6: '-96800000',
          accuracyMeters: '9',
        });
        expect(added.status, JSON.stringify(added.body)).toBe(200);
        expect((added.body.value as InspectionPhotoDto).sha256).toBe(sha256(bytes));
      }
      sent.push(bytes);
    }
    const listed = await server.call({ method: 'GET', url: `/api/MyLoads/${orderId}/inspections`, token: driver });
    const photos = (listed.body.value as InspectionDto[]).find((one) => one.id === dto.id)!.photos;
    expect(photos.map((p) => p.sha256)).toEqual(sent.map(sha256));
    for (const [index, stored] of photos.entries()) {
      const response = await server.app.inject({
        url: `${base()}/photos/${stored.id}`,
        headers: { authorization: `Bearer ${driver}` },
      });
      expect(response.statusCode).toBe(200);
      expect(sha256(response.rawPayload)).toBe(sha256(sent[index]));
    }

    // The damage needs a photo of its own for an advanced inspection: completion says so, and stores nothing.
    const complete = (payload: object) =>
      server.call({ method: 'POST', url: `${base()}/complete`, token: driver, payload });
    const early = await complete({ version: 1, signerName: 'Ana Ruiz', signaturePng: SIGNATURE.toString('base64') });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/Photograph the damage “Left front door · Dent/);

    // Linking a photo to the damage is a new version; the old version is refused.
    const linked = await save({
      ...first,
      version: 1,
      damages: [{ ...first.damages[0], photoKeys: [photos[0].clientKey] }],
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.value.version).toBe(2);
    const stale = await save({ ...first, version: 1, notes: 'late' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/version 2/);

    const done = await complete({ version: 2, signerName: 'Ana Ruiz', signaturePng: SIGNATURE.toString('base64') });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.value).toMatchObject({ signerName: 'Ana Ruiz', version: 3 });
    expect(done.body.value.completedAt).toEqual(expect.any(String));
    expect(done.body.value.photos.filter((p: InspectionPhotoDto) => p.view === 'SIGNATURE')).toHaveLength(1);
    // The same completion again (a retry): the completed inspection, no second signature.
    const twice = await complete({ version: 2, signerName: 'Ana Ruiz', signaturePng: SIGNATURE.toString('base64') });
    expect(twice.status).toBe(200);
    expect(twice.body.value.photos).toHaveLength(7);
    // Completed is final: no new photo, no change.
    expect((await photo(jpeg(99), { clientKey: key('late') })).status).toBe(409);
    expect((await save({ ...first, version: 3 })).status).toBe(409);
  });

  it('staff who read orders or claims read the load’s inspections and photos; a driver or a banker does not', async () => {
    const staffUrl = `/api/BookOrder/${orderId}/inspections`;
    const listed = await server.call({ method: 'GET', url: staffUrl, token: other });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const pickup = (listed.body.value as InspectionDto[]).find((one) => one.stage === 'PICKUP' && one.vin === vin)!;
    expect(pickup.completedAt).toEqual(expect.any(String));
    const first = pickup.photos[0];
    const bytes = await server.app.inject({
      url: `${staffUrl}/photos/${first.id}`,
      headers: { authorization: `Bearer ${await server.login('claimtrackerteam@haulboard.demo')}` },
    });
    expect(bytes.statusCode).toBe(200);
    expect(sha256(bytes.rawPayload)).toBe(first.sha256);
    // A photo of another order's inspection is not reached through this order.
    expect(
      (
        await server.call({
          method: 'GET',
          url: `/api/BookOrder/${otherOrderId}/inspections/photos/${first.id}`,
          token: other,
        })
      ).status,
    ).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/BookOrder/999999/inspections', token: other })).status).toBe(
      404,
    );
    for (const who of ['driver', 'banking'])
      expect(
        (await server.call({ method: 'GET', url: staffUrl, token: await server.login(`${who}@haulboard.demo`) }))
          .status,
      ).toBe(403);
  });

  it('refuses what is not the driver’s, not a photo, too large or unsaved, with nothing stored', async () => {
    const before = await counts();
    // Another driver's load, and a VIN not on the load: the same 404.
    expect(
      (await save({ clientKey: key('x'), vinConfirmed: true }, base(otherOrderId, 'PICKUP', otherVin))).status,
    ).toBe(404);
    expect(
      (await save({ clientKey: key('x'), vinConfirmed: true }, base(orderId, 'PICKUP', '1HGCM82633A004352'))).status,
    ).toBe(404);
    expect((await photo(jpeg(1), { clientKey: key('p') }, base(otherOrderId, 'DELIVERY', otherVin))).status).toBe(404);
    expect(
      (await server.call({ method: 'GET', url: `/api/MyLoads/${otherOrderId}/inspections`, token: driver })).status,
    ).toBe(404);
    // Staff who are not drivers have no load of their own here.
    expect((await save({ clientKey: key('x'), vinConfirmed: true }, base(), other)).status).toBe(403);
    // A photo before the inspection is saved; then a PDF, an empty body and an oversized one.
    const delivery = base(orderId, 'DELIVERY');
    expect((await photo(jpeg(2), { clientKey: key('p') }, delivery)).status).toBe(409);
    expect((await save({ clientKey: key('d'), vinConfirmed: false }, delivery)).status).toBe(200);
    const pdf = Buffer.from('%PDF-1.7\nnot a photo');
    expect((await photo(pdf, { clientKey: key('p') }, delivery)).status).toBe(415);
    const huge = Buffer.concat([jpeg(3), Buffer.alloc(13 * 1024 * 1024)]);
    expect((await photo(huge, { clientKey: key('p') }, delivery)).status).toBe(413);
    expect((await photo(jpeg(4), { clientKey: 'short' }, delivery)).status).toBe(400);
    expect((await photo(jpeg(4), { clientKey: key('p'), takenAt: 'yesterday' }, delivery)).status).toBe(400);
    // A standard inspection still needs the VIN confirmed.
    const unconfirmed = await server.call({
      method: 'POST',
      url: `${delivery}/complete`,
      token: driver,
      payload: { version: 1, customerNotAvailable: true, signaturePng: SIGNATURE.toString('base64') },
    });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toMatch(/Confirm the VIN/);
    const after = await counts();
    expect(after).toEqual({ inspections: before.inspections + 1, photos: before.photos });
  });

  it('a photo reads as taken, or as a smaller copy for screens', async () => {
    const url = base(orderId, 'DELIVERY');
    // The delivery inspection the test before saved (a photo belongs to the driver's inspection of the car).
    const taken = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const added = await photo(taken, { clientKey: key('screen-photo') }, url);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const read = (size?: string) =>
      server.app.inject({
        url: `/api/BookOrder/${orderId}/inspections/photos/${added.body.value.id}${size ? `?size=${size}` : ''}`,
        headers: { authorization: `Bearer ${other}` },
      });
    expect((await read()).rawPayload.equals(taken)).toBe(true);
    const small = await read('small');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-type']).toBe('image/jpeg');
    const { width, height } = await sharp(small.rawPayload).metadata();
    expect([width, height]).toEqual([480, 360]);
    expect(small.rawPayload.length).toBeLessThan(taken.length);
    expect((await read('huge')).statusCode).toBe(400);
  });
});
