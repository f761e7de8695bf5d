import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectionSettingsDto } from '../../schema/company';
import type { MyLoad } from '../../schema/myLoads';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Status from the road (server/modules/vehicleInspections/roadStatus.ts) and the inspection a load asks for
 * (requirements.ts): an order moves to Picked up when its last vehicle's pickup inspection is completed, once even
 * when two complete at the same moment; with the company's rule on, a dispatcher cannot mark it Delivered before the
 * delivery inspections; the stricter of the shipper's and the broker's type wins over the company's default.
 */
/** A drawn signature's size: 30 KB, longer as base64 than any text field may be (server/http/text.ts longText). */
const SIGNATURE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  crypto.randomBytes(30_000),
]).toString('base64');
const key = (name: string) => `${name}-${crypto.randomUUID()}`;
const SECOND_VIN = '1FTFW1ET5DFC10312';

describe.each(DATABASES)('status from the road on %s', (kind) => {
  let server: TestServer;
  let driver: string;
  let dispatcher: string;
  let admin: string;
  let orderId: number;
  let vins: string[];
  let shipperId: number;
  let brokerId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    [driver, dispatcher, admin] = await Promise.all(
      ['driver', 'dispatcher', 'administrator'].map((role) => server.login(`${role}@haulboard.demo`)),
    );
    const me = await server.db
      .selectFrom('drivers as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('d.id')
      .where('u.email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    // One of the driver's loads, assigned and not yet picked up, with a second car on it.
    const order = await server.db
      .selectFrom('book_orders')
      .select(['id', 'shipper_id', 'broker_id'])
      .where('driver_id', '=', me.id)
      .where('deleted_at', 'is', null)
      .where('status', '<>', 'CANCELLED')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    ({ id: orderId, shipper_id: shipperId, broker_id: brokerId } = order);
    await server.db
      .updateTable('book_orders')
      .set({ status: 'ASSIGNED', vehicle_count: 2 })
      .where('id', '=', orderId)
      .execute();
    const first = await server.db
      .selectFrom('book_order_vehicles')
      .selectAll()
      .where('book_order_id', '=', orderId)
      .orderBy('position')
      .executeTakeFirstOrThrow();
    await server.db
      .deleteFrom('book_order_vehicles')
      .where('book_order_id', '=', orderId)
      .where('id', '<>', first.id)
      .execute();
    const { id: _id, ...copy } = first;
    await server.db
      .insertInto('book_order_vehicles')
      .values({ ...copy, position: first.position + 1, vin: SECOND_VIN })
      .execute();
    vins = [first.vin, SECOND_VIN];
  }, 60_000);
  afterAll(() => server?.close());

  const url = (stage: string, vin: string) => `/api/MyLoads/${orderId}/inspections/${stage}/${vin}`;
  /** A standard inspection of one car, saved and signed: what the phone sends at a stop. */
  const inspect = async (stage: string, vin: string) => {
    const saved = await server.call({
      method: 'PUT',
      url: url(stage, vin),
      token: driver,
      payload: { clientKey: key('insp'), vinConfirmed: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return () =>
      server.call({
        method: 'POST',
        url: `${url(stage, vin)}/complete`,
        token: driver,
        payload: { version: saved.body.value.version, signerName: 'Pat Shipper', signaturePng: SIGNATURE },
      });
  };
  const order = async () =>
    (await server.call({ method: 'GET', url: `/api/BookOrder/${orderId}`, token: dispatcher })).body.value;
  const history = () =>
    server.db
      .selectFrom('book_order_status_history')
      .select(['to_status', 'note', 'actor_id'])
      .where('book_order_id', '=', orderId)
      .orderBy('id')
      .execute();

  it('the load asks for the stricter of its shipper’s and broker’s inspection, else the company’s', async () => {
    const typeOfLoad = async () =>
      ((await server.call({ method: 'GET', url: `/api/MyLoads/${orderId}`, token: driver })).body.value as MyLoad)
        .inspectionType;
    expect(await typeOfLoad()).toBe('STANDARD');
    await server.db.updateTable('brokers').set({ inspection_type: 'ADVANCED' }).where('id', '=', brokerId).execute();
    expect(await typeOfLoad()).toBe('ADVANCED');
    await server.db.updateTable('shippers').set({ inspection_type: 'CODED' }).where('id', '=', shipperId).execute();
    expect(await typeOfLoad()).toBe('CODED');
    const refused = await server.call({
      method: 'PUT',
      url: url('PICKUP', vins[0]),
      token: driver,
      payload: { clientKey: key('insp'), type: 'STANDARD', vinConfirmed: true },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/Coded inspection/);
    await server.db.updateTable('brokers').set({ inspection_type: null }).where('id', '=', brokerId).execute();
    await server.db.updateTable('shippers').set({ inspection_type: null }).where('id', '=', shipperId).execute();

    // The company's default: administrators only, validated.
    const put = (payload: object, token = admin) =>
      server.call({ method: 'PUT', url: '/api/Company/inspections', token, payload });
    expect((await put({ inspectionType: 'ADVANCED', inspectionRequired: false }, dispatcher)).status).toBe(403);
    expect((await put({ inspectionType: 'PERFECT', inspectionRequired: false })).status).toBe(400);
    const changed = await put({ inspectionType: 'ADVANCED', inspectionRequired: false });
    expect(changed.status).toBe(200);
    expect(changed.body.value).toMatchObject({
      inspectionType: 'ADVANCED',
      inspectionRequired: false,
      canChange: true,
    });
    expect(await typeOfLoad()).toBe('ADVANCED');
    const read = await server.call({ method: 'GET', url: '/api/Company/inspections', token: dispatcher });
    expect(read.body.value as InspectionSettingsDto).toMatchObject({ inspectionType: 'ADVANCED', canChange: false });
    expect((await put({ inspectionType: 'STANDARD', inspectionRequired: false })).status).toBe(200);
  });

  it('moves the order to Picked up with its last car’s pickup inspection, and counts the cars on the order', async () => {
    const before = (await history()).length;
    const firstDone = await (await inspect('PICKUP', vins[0]))();
    expect(firstDone.status, JSON.stringify(firstDone.body)).toBe(200);
    expect(await order()).toMatchObject({ status: 'ASSIGNED', inspected: { pickup: 1, delivery: 0 } });
    expect((await (await inspect('PICKUP', vins[1]))()).status).toBe(200);
    expect(await order()).toMatchObject({ status: 'PICKED_UP', inspected: { pickup: 2, delivery: 0 } });
    const rows = (await history()).slice(before);
    expect(rows.map((row) => row.to_status)).toEqual(['PICKED_UP']);
    // Each inspection names the driver who made it, as the order names its driver.
    const inspections = await server.call({
      method: 'GET',
      url: `/api/BookOrder/${orderId}/inspections`,
      token: dispatcher,
    });
    const { driverName } = await order();
    expect(driverName).toEqual(expect.any(String));
    expect(inspections.body.value.map((one: { driverName: string }) => one.driverName)).toEqual([
      driverName,
      driverName,
    ]);
    expect(rows[0].note).toMatch(/inspected at pickup/);
  });

  it('with the company’s rule on, Delivered waits for the inspections, then two at once deliver it once', async () => {
    expect(
      (
        await server.call({
          method: 'PUT',
          url: '/api/Company/inspections',
          token: admin,
          payload: { inspectionType: 'STANDARD', inspectionRequired: true },
        })
      ).status,
    ).toBe(200);
    const current = await order();
    const refused = await server.call({
      method: 'POST',
      url: `/api/BookOrder/${orderId}/status`,
      token: dispatcher,
      payload: { status: 'DELIVERED', version: current.version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/inspection at delivery.*0 of 2/);
    expect((await order()).status).toBe('PICKED_UP');

    const before = (await history()).length;
    const completions = await Promise.all(vins.map((vin) => inspect('DELIVERY', vin)));
    const answers = await Promise.all(completions.map((complete) => complete()));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await order()).toMatchObject({ status: 'DELIVERED', inspected: { pickup: 2, delivery: 2 } });
    expect((await history()).slice(before).map((row) => row.to_status)).toEqual(['DELIVERED']);
    await server.call({
      method: 'PUT',
      url: '/api/Company/inspections',
      token: admin,
      payload: { inspectionType: 'STANDARD', inspectionRequired: false },
    });
  });
});
