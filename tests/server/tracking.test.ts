import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../schema/businessDay';
import { addDays } from '../../schema/expiry';
import { type TrackingDto, type TrackingView, trackingStatusDetail } from '../../schema/tracking';
import type { ServerContext } from '../../server/context';
import { CompanyTimeZone } from '../../server/modules/company/timeZone';
import { checkSlippedEtas } from '../../server/modules/tracking/notices';
import { bolOf } from '../../server/modules/vehicleInspections/bol';
import { DATABASES, TEST_TIME_ZONE, type TestServer, startTestServer } from '../helpers/server';

/**
 * Tracking links and customer notices (server/modules/tracking, docs/product/tracking.md): the public JSON holds only
 * allowed keys and nothing personal or commercial; revoked and expired links say so; an unknown token is 404; the
 * public routes are rate-limited; only staff who update orders make links and only a load's driver reports its
 * position; the pickup and delivery notices go once to the shipper's and broker's addresses, an opt-out stops them,
 * and the estimate-slip notice goes once.
 */

const PUBLIC_URL = 'https://haulboard.example.com';
const JWT_SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const SHIPPER_EMAIL = 'ship-desk@shipper.example';
const BROKER_EMAIL = 'ops@broker.example';
const CONTACT_EMAIL = 'dana@broker.example';
const ADDRESSES = [SHIPPER_EMAIL, BROKER_EMAIL, CONTACT_EMAIL];

/** Every key path the public JSON may hold ("pickup.city", "vehicles[]", …): anything else fails. */
const ALLOWED_KEYS = new Set([
  'company',
  'orderNumber',
  'status',
  'statusText',
  'statusDetail',
  'pickup',
  'pickup.city',
  'pickup.state',
  'pickup.date',
  'pickup.dateTo',
  'pickup.dateText',
  'delivery',
  'delivery.city',
  'delivery.state',
  'delivery.date',
  'delivery.dateTo',
  'delivery.dateText',
  'pickedUpAt',
  'deliveredAt',
  'eta',
  'eta.date',
  'eta.text',
  'eta.basis',
  'lastKnown',
  'lastKnown.city',
  'lastKnown.state',
  'lastKnown.at',
  'lastKnown.source',
  'vehicles',
  'vehicles[]',
  'bolUrl',
  'expiresAt',
  'refreshSeconds',
]);
/** Words no key may contain, whatever the allow-list says. */
const DENIED_KEY =
  /driver|phone|price|fee|cents|note|address|venue|contact|lat|lon|email|shipper|broker|vin|zip|dispatcher/i;

/** Every key path of a JSON value, arrays as "[]". */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => [`${prefix}[]`, ...keyPaths(item, `${prefix}[]`)]);
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, inner]) => {
      const path = prefix ? `${prefix}.${key}` : key;
      return [path, ...keyPaths(inner, path)];
    });
  return [];
}

describe.each(DATABASES)('tracking on %s', (kind) => {
  let server: TestServer;
  let driver: string;
  let dispatcher: string;
  let admin: string;
  let orderId: number;
  let otherOrderId: number;
  let secrets: string[];
  let ctx: ServerContext;
  const today = todayIso();

  beforeAll(async () => {
    server = await startTestServer(kind, { PUBLIC_URL, JWT_SECRET });
    [driver, dispatcher, admin] = await Promise.all(
      ['driver', 'dispatcher', 'administrator'].map((role) => server.login(`${role}@haulboard.demo`)),
    );
    const me = await server.db
      .selectFrom('drivers as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select(['d.id', 'd.first_name', 'd.last_name', 'd.phone'])
      .where('u.email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    const orders = await server.db
      .selectFrom('book_orders')
      .select(['id', 'shipper_id', 'broker_id', 'price_cents', 'broker_fee_cents'])
      .where('driver_id', '=', me.id)
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    [orderId, otherOrderId] = orders.map((order) => order.id);
    const [order] = orders;
    // One shipper and broker of their own, with known addresses and one broker contact.
    const shipper = await server.db
      .insertInto('shippers')
      .values({
        ...(await server.db
          .selectFrom('shippers')
          .selectAll()
          .where('id', '=', order.shipper_id)
          .executeTakeFirstOrThrow()),
        id: undefined,
        name: `Tracking shipper ${crypto.randomUUID()}`,
        email: SHIPPER_EMAIL,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const broker = await server.db
      .insertInto('brokers')
      .values({
        ...(await server.db
          .selectFrom('brokers')
          .selectAll()
          .where('id', '=', order.broker_id)
          .executeTakeFirstOrThrow()),
        id: undefined,
        name: `Tracking broker ${crypto.randomUUID()}`,
        email: BROKER_EMAIL,
        mc_number: null,
        usdot_number: null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db
      .insertInto('broker_contacts')
      .values({
        broker_id: broker.id,
        position: 0,
        name: 'Dana Ops',
        phone: null,
        email: CONTACT_EMAIL,
        role: 'Dispatch',
      } as never)
      .execute();
    const stateId = Object.fromEntries(
      (await server.db.selectFrom('states').select(['id', 'abbreviation']).execute()).map((s) => [
        s.abbreviation,
        s.id,
      ]),
    );
    for (const [id, delivery] of [
      [orderId, addDays(today, 10)],
      [otherOrderId, today],
    ] as const)
      await server.db
        .updateTable('book_orders')
        .set({
          status: 'ASSIGNED',
          shipper_id: shipper.id,
          broker_id: broker.id,
          pickup_city: 'New York',
          pickup_state_id: stateId.NY,
          pickup_zip: '10001',
          delivery_city: 'Los Angeles',
          delivery_state_id: stateId.CA,
          pickup_actual_at: null,
          delivery_zip: '90012',
          delivery_actual_at: null,
          pickup_date: today,
          delivery_date: delivery,
          delivery_date_to: null,
          delivery_date_type: 'ESTIMATED',
          notes: 'Gate code 4411, call Sam',
        })
        .where('id', '=', id)
        .execute();
    const money = (cents: number) => (cents / 100).toFixed(2);
    secrets = [
      me.first_name,
      me.last_name,
      me.phone ?? '',
      money(order.price_cents),
      'Gate code',
      SHIPPER_EMAIL,
      BROKER_EMAIL,
    ].filter((text) => text && text !== '0.00');
    ctx = {
      db: server.db,
      config: server.config,
      jwtSecret: JWT_SECRET,
      files: null,
      companyZone: new CompanyTimeZone(TEST_TIME_ZONE),
    } as unknown as ServerContext;
  }, 60_000);
  afterAll(() => server?.close());

  const tracking = async (id = orderId) =>
    (await server.call({ method: 'GET', url: `/api/BookOrder/${id}/tracking`, token: dispatcher })).body
      .value as TrackingDto;
  const makeLink = async (id = orderId, token = dispatcher) =>
    server.call({ method: 'POST', url: `/api/BookOrder/${id}/tracking-links`, token });
  const tokenOf = (url: string) => url.split('/track/')[1];
  const state = (token: string, remoteAddress?: string) =>
    server.call({ method: 'GET', url: `/track/${token}/state`, remoteAddress });
  const moveTo = async (status: string, id = orderId) => {
    const order = (await server.call({ method: 'GET', url: `/api/BookOrder/${id}`, token: dispatcher })).body.value;
    const moved = await server.call({
      method: 'POST',
      url: `/api/BookOrder/${id}/status`,
      token: dispatcher,
      payload: { status, version: order.version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  };
  const mails = () =>
    server.db
      .selectFrom('mail_messages')
      .select(['to_address', 'subject', 'text_body'])
      .where('kind', '=', 'tracking')
      .orderBy('id')
      .execute();
  let linkToken: string;

  it('only staff who update orders make links; an order has one link at a time, copied again as often as asked', async () => {
    expect((await makeLink(orderId, driver)).status).toBe(403);
    expect(
      (await server.call({ method: 'GET', url: `/api/BookOrder/${orderId}/tracking`, token: driver })).status,
    ).toBe(403);
    const made = await makeLink();
    expect(made.status).toBe(200);
    const [link] = (made.body.value as TrackingDto).links;
    expect(link).toMatchObject({ status: 'active', createdBy: expect.any(String), revokedAt: null });
    expect(link.url).toMatch(new RegExp(`^${PUBLIC_URL}/track/[A-Za-z0-9_-]{43}$`));
    const again = (await makeLink()).body.value as TrackingDto;
    expect(again.links).toHaveLength(1);
    expect(again.links[0].url).toBe(link.url);
    expect((await tracking()).links[0].url).toBe(link.url);
    // Only the token's SHA-256 and a salt are kept: the token is nowhere in the database.
    linkToken = tokenOf(link.url!);
    const row = await server.db
      .selectFrom('tracking_links')
      .selectAll()
      .where('book_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(linkToken);
    expect(row.token_sha256).toBe(crypto.createHash('sha256').update(linkToken).digest('hex'));
  });

  it('the public JSON holds allowed keys only, and nothing personal or commercial', async () => {
    const answer = await state(linkToken);
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const view = answer.body.value;
    const paths = keyPaths(view);
    for (const path of paths) {
      expect(ALLOWED_KEYS.has(path), `allowed: ${path}`).toBe(true);
      expect(DENIED_KEY.test(path), `denied: ${path}`).toBe(false);
    }
    const text = JSON.stringify(view);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(view).toMatchObject({
      status: 'SCHEDULED',
      statusText: 'Scheduled for pickup',
      pickup: { state: expect.stringMatching(/^[A-Z]{2}$/) },
      lastKnown: null,
      bolUrl: null,
      expiresAt: null,
    });
    // The page says the same, allows its one script by hash, and shows none of it either.
    const page = await server.call({ method: 'GET', url: `/track/${linkToken}` });
    expect(page.status).toBe(200);
    expect(String(page.headers['content-security-policy'])).toMatch(
      /script-src 'sha256-[A-Za-z0-9+/=]+'; connect-src 'self'/,
    );
    expect(page.body).toContain('Scheduled for pickup');
    for (const secret of secrets) expect(page.body, secret).not.toContain(secret);
  });

  it('an unknown or malformed token is 404, on the page and the JSON', async () => {
    const other = crypto.randomBytes(32).toString('base64url');
    expect((await state(other)).status).toBe(404);
    expect((await state('short')).status).toBe(404);
    const page = await server.call({ method: 'GET', url: `/track/${other}` });
    expect(page.status).toBe(404);
    expect(page.body).toContain('No such tracking link');
  });

  it('the driver reports a city for their own load only; the page shows the city, never the point', async () => {
    const post = (id: number, token = driver) =>
      server.call({
        method: 'POST',
        url: `/api/MyLoads/${id}/position`,
        token,
        payload: { latitudeE6: 39_739_200, longitudeE6: -104_990_300 },
      });
    expect((await post(orderId, dispatcher)).status).toBe(403);
    const someoneElses = await server.db
      .selectFrom('book_orders')
      .select('id')
      .where('driver_id', 'is not', null)
      .where('id', 'not in', [orderId, otherOrderId])
      .where(
        'driver_id',
        '<>',
        (
          await server.db
            .selectFrom('book_orders')
            .select('driver_id')
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).driver_id!,
      )
      .executeTakeFirstOrThrow();
    expect((await post(someoneElses.id)).status).toBe(404);
    const reported = await post(orderId);
    expect(reported.status).toBe(200);
    expect(reported.body.value).toMatchObject({ city: 'Denver', state: 'CO' });
    const row = await server.db
      .selectFrom('tracking_positions')
      .selectAll()
      .where('book_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(['at', 'book_order_id', 'city', 'driver_id', 'state', 'zip']);
    // The trail IFTA follows (server/modules/tracking/trail.ts) gains a place when the ZIP changes, not per report.
    expect((await post(orderId)).status).toBe(200);
    const trail = await server.db
      .selectFrom('tracking_trail')
      .select('zip')
      .where('book_order_id', '=', orderId)
      .execute();
    expect(trail).toEqual([{ zip: row.zip }]);
    expect(JSON.stringify((await state(linkToken)).body)).not.toMatch(/39\.7|104\.9/);
  });

  it('pickup and delivery each mail the shipper and broker addresses once, and the page moves', async () => {
    await moveTo('PICKED_UP');
    let sent = (await mails()).filter((mail) => mail.subject.includes('picked up'));
    expect(sent.map((mail) => mail.to_address).sort()).toEqual([...ADDRESSES].sort());
    expect(sent[0].text_body).toContain(`${PUBLIC_URL}/track/${linkToken}`);
    expect(sent[0].text_body).toMatch(new RegExp(`${PUBLIC_URL}/track/unsubscribe/\\d+\\.[A-Za-z0-9_-]{32}`));
    const view = (await state(linkToken)).body.value;
    expect(view).toMatchObject({ status: 'PICKED_UP', statusText: 'Picked up', pickedUpAt: expect.any(String) });
    // The phone's city was reported before the pickup: the last known city is the pickup's until it reports again.
    expect(view.lastKnown).toMatchObject({ source: 'pickup', city: 'New York', state: 'NY' });
    expect(view.eta.basis).toMatch(/road miles left/);

    await moveTo('DELIVERED');
    sent = await mails();
    expect(sent.filter((mail) => mail.subject.includes('delivered'))).toHaveLength(3);
    // Back and forth again: nothing more is sent.
    await moveTo('PICKED_UP');
    await moveTo('DELIVERED');
    expect(await mails()).toHaveLength(6);
    const notices = await server.db
      .selectFrom('tracking_notices')
      .select('kind')
      .where('book_order_id', '=', orderId)
      .execute();
    expect(notices.map((n) => n.kind).sort()).toEqual(['DELIVERED', 'PICKED_UP']);
    const delivered = (await state(linkToken)).body.value;
    expect(delivered).toMatchObject({ status: 'DELIVERED', bolUrl: `/track/${linkToken}/bol.pdf` });
    expect(delivered.expiresAt).toEqual(expect.any(String));
    const pdf = await server.call({ method: 'GET', url: `/track/${linkToken}/bol.pdf` });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it('a link for one vehicle shows that vehicle alone and its own bill; the order’s link shows them all', async () => {
    // One more car on the delivered load, whose customer wants a link of its own.
    const cars = await server.db
      .selectFrom('book_order_vehicles')
      .selectAll()
      .where('book_order_id', '=', orderId)
      .orderBy('position')
      .orderBy('id')
      .execute();
    const [first] = cars;
    const vin = '1HGCM82633A004352';
    await server.db
      .insertInto('book_order_vehicles')
      .values({
        ...first,
        id: undefined,
        position: cars.at(-1)!.position + 1,
        vin,
        year: 2018,
        make: 'Subaru',
        model: 'Outback',
      } as never)
      .execute();
    const forVehicle = (text: string, token = dispatcher) =>
      server.call({ method: 'POST', url: `/api/BookOrder/${orderId}/tracking-links?vin=${text}`, token });
    expect((await forVehicle(vin, driver)).status).toBe(403);
    expect((await forVehicle('1FTFW1ET5DFC10312')).status).toBe(404);
    const made = await forVehicle(vin.toLowerCase());
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const links = (made.body.value as TrackingDto).links;
    const link = links.find((one) => one.vin === vin)!;
    expect(link).toMatchObject({ status: 'active', orderId });
    expect(links.find((one) => one.vin === null)?.url).toBe(`${PUBLIC_URL}/track/${linkToken}`);
    expect(((await forVehicle(vin)).body.value as TrackingDto).links.filter((one) => one.vin === vin)).toEqual([link]);

    const vehicleToken = tokenOf(link.url!);
    const view = (await state(vehicleToken)).body.value;
    // Its words speak of the one vehicle it shows; the order's, of several.
    expect(view).toMatchObject({
      status: 'DELIVERED',
      vehicles: ['2018 Subaru Outback'],
      statusDetail: 'Your vehicle was delivered.',
    });
    for (const path of keyPaths(view)) expect(ALLOWED_KEYS.has(path), `allowed: ${path}`).toBe(true);
    expect(JSON.stringify(view)).not.toContain(vin);
    const orderView = (await state(linkToken)).body.value as TrackingView;
    expect(orderView.statusDetail).toBe('Your vehicles were delivered.');
    expect([1, 2].map((count) => trackingStatusDetail('PICKED_UP', count))).toEqual([
      'Your vehicle is on the truck, on the way to the delivery.',
      'Your vehicles are on the truck, on the way to the delivery.',
    ]);
    const all = orderView.vehicles;
    expect(all).toHaveLength(cars.length + 1);
    expect(all.at(-1)).toBe('2018 Subaru Outback');
    // Its bill of lading is that vehicle's alone; the order's lists them all.
    const [own, whole] = await Promise.all(
      [vehicleToken, linkToken].map(async (token) => {
        const pdf = await server.app.inject({ method: 'GET', url: `/track/${token}/bol.pdf` });
        expect(pdf.statusCode).toBe(200);
        expect(pdf.headers['content-type']).toBe('application/pdf');
        return pdf.rawPayload;
      }),
    );
    // One vehicle's rows against all of them: the route draws the bill bolOf makes for the link's vehicle.
    expect(own.length).toBeLessThan(whole.length);
    expect((await bolOf(ctx, orderId, 'DELIVERY', vin)).vehicles.map((one) => one.vin)).toEqual([vin]);
    expect((await bolOf(ctx, orderId, 'DELIVERY')).vehicles.map((one) => one.vin)).toEqual([
      ...cars.map((car) => car.vin),
      vin,
    ]);

    // Revoked, it stops; the order's link goes on.
    const revoked = await server.call({
      method: 'POST',
      url: `/api/BookOrder/${orderId}/tracking-links/${link.id}/revoke`,
      token: dispatcher,
    });
    expect(revoked.status).toBe(200);
    expect((await state(vehicleToken)).status).toBe(410);
    expect((await state(linkToken)).status).toBe(200);
  });

  it('an opted-out address gets no more notices for that customer', async () => {
    const [first] = await mails();
    const unsubscribe = /\/track\/unsubscribe\/(\S+)/.exec(first.text_body)![1];
    const page = await server.call({ method: 'GET', url: `/track/unsubscribe/${unsubscribe}` });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post">');
    expect((await server.call({ method: 'GET', url: `/track/unsubscribe/${unsubscribe.slice(0, -1)}x` })).status).toBe(
      404,
    );
    const stopped = await server.call({
      method: 'POST',
      url: `/track/unsubscribe/${unsubscribe}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toContain('Notices stopped');
    const before = (await mails()).length;
    // The other order shares the customers: its pickup mails the two addresses left.
    await moveTo('PICKED_UP', otherOrderId);
    const after = (await mails()).slice(before);
    expect(after.map((mail) => mail.to_address).sort()).toEqual(ADDRESSES.filter((a) => a !== first.to_address).sort());
    expect((await tracking(otherOrderId)).recipients).toContainEqual({ email: first.to_address, optedOut: true });
  });

  it('a delivery estimate past the window mails once', async () => {
    // The other order: picked up in New York today, promised in Los Angeles today — days of driving left.
    const before = (await mails()).length;
    expect(await checkSlippedEtas(ctx)).toBeGreaterThanOrEqual(1);
    const slipped = (await mails()).slice(before).filter((mail) => mail.subject.includes('later than planned'));
    expect(slipped).toHaveLength(2);
    expect(slipped[0].text_body).toMatch(/running late: we now expect to deliver it by \d\d\/\d\d\/\d{4}/);
    await checkSlippedEtas(ctx);
    expect((await mails()).length).toBe(before + 2);
  });

  it('a dispatcher mails the link by hand to the addresses not opted out; a driver never; 400 when none is left', async () => {
    const mailLink = (token = dispatcher) =>
      server.call({ method: 'POST', url: `/api/BookOrder/${otherOrderId}/tracking-links/mail`, token });
    expect((await mailLink(driver)).status).toBe(403);
    const before = (await mails()).length;
    const sent = await mailLink();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { links, recipients } = sent.body.value as TrackingDto;
    const optedOut = recipients.filter((one) => one.optedOut).map((one) => one.email);
    expect(optedOut).toHaveLength(1);
    const mailed = (await mails()).slice(before);
    expect(mailed.map((mail) => mail.to_address).sort()).toEqual(ADDRESSES.filter((a) => !optedOut.includes(a)).sort());
    const link = links.find((one) => one.vin === null && one.status === 'active')!;
    for (const mail of mailed) expect(mail.text_body).toContain(link.url!);
    // Every address left opts out too: nothing to mail to.
    for (const mail of mailed) {
      const unsubscribe = /\/track\/unsubscribe\/(\S+)/.exec(mail.text_body)![1];
      const stopped = await server.call({
        method: 'POST',
        url: `/track/unsubscribe/${unsubscribe}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(stopped.status).toBe(200);
    }
    const none = await mailLink();
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/no e-mail address/);
    expect((await mails()).length).toBe(before + mailed.length);
  });

  it('a revoked link and an expired one say so (410); the company sets the days', async () => {
    // Expiry: the first order was delivered just now; one day after, moved back two.
    const put = (payload: object, token = admin) =>
      server.call({ method: 'PUT', url: '/api/Company/tracking', token, payload });
    expect((await put({ daysAfterDelivery: 1 }, dispatcher)).status).toBe(403);
    expect((await put({ daysAfterDelivery: -1 })).status).toBe(400);
    expect((await put({ daysAfterDelivery: 91 })).status).toBe(400);
    expect((await put({ daysAfterDelivery: 1 })).body.value).toMatchObject({ daysAfterDelivery: 1, canChange: true });
    expect((await state(linkToken)).status).toBe(200);
    await server.db
      .updateTable('book_orders')
      .set({ delivery_actual_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('id', '=', orderId)
      .execute();
    const expired = await state(linkToken);
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ state: 'expired' });
    const page = await server.call({ method: 'GET', url: `/track/${linkToken}` });
    expect(page.status).toBe(410);
    expect(page.body).toContain('This tracking link has expired');
    expect((await tracking()).links.find((link) => link.vin === null)).toMatchObject({ status: 'expired', url: null });

    const other = (await tracking(otherOrderId)).links.find((link) => link.status === 'active')!;
    const otherToken = tokenOf(other.url!);
    expect((await state(otherToken)).status).toBe(200);
    const revoked = await server.call({
      method: 'POST',
      url: `/api/BookOrder/${otherOrderId}/tracking-links/${other.id}/revoke`,
      token: dispatcher,
    });
    expect(revoked.status).toBe(200);
    expect((revoked.body.value as TrackingDto).links.find((link) => link.id === other.id)).toMatchObject({
      status: 'revoked',
      url: null,
    });
    const gone = await server.call({ method: 'GET', url: `/track/${otherToken}` });
    expect(gone.status).toBe(410);
    expect(gone.body).toContain('turned off');
    // A link of one order never opens another: a revoked one is not replaced by guessing.
    expect((await makeLink(otherOrderId)).body.value.links[0].url).not.toBe(other.url);
  });

  it('the public routes answer 429 past 60 requests a minute from one address', async () => {
    const address = `10.9.${Math.floor(Math.random() * 200)}.7`;
    // The bucket refills a request a second: a slow machine may earn a few more before the first 429, never fewer.
    const answers: number[] = [];
    while (answers.length < 200 && answers.at(-1) !== 429) answers.push((await state(linkToken, address)).status);
    expect(answers.slice(0, 60).every((status) => status !== 429)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    const limited = await server.call({ method: 'GET', url: `/track/${linkToken}`, remoteAddress: address });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
