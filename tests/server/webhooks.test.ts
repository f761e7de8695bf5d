import crypto from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../schema/businessDay';
import { bookOrderInput, stopInput, vehicleInput } from '../../schema/bookOrders';
import type { WebhookDeliveryDto, WebhookWithSecret } from '../../schema/webhooks';
import { transact } from '../../server/db/transaction';
import { guardedLookup } from '../../server/modules/webhooks/destination';
import { emitWebhook } from '../../server/modules/webhooks/events';
import { importBankRows } from '../helpers/bankRows';
import { hurryJobs } from '../helpers/jobs';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { secondApp } from '../helpers/twoServers';
import { type Receiver, startReceiver, verifySignature } from '../helpers/webhookReceiver';

/**
 * Webhooks (server/modules/webhooks, docs/product/webhooks.md) on both databases: who may subscribe and to what; the
 * addresses refused (server-side request forgery); every event delivered once, in order per order, signed as the docs
 * say, through a receiver that fails for ten (simulated) minutes; the same with two servers on one PostgreSQL; the
 * pause after a day of failures and its notice; resume, replay, rotation and the test event.
 */

const JWT_SECRET = 'a-webhook-test-secret-of-at-least-thirty-two-characters';
const ORDER_EVENTS = ['order.created', 'order.status_changed', 'order.assigned'];

/** Waits until no job is running or due; what waits for a later time stays waiting. */
async function settle(...servers: { app: TestServer['app'] }[]): Promise<void> {
  await Promise.all(servers.map((server) => server.app.jobs.idle()));
}

describe.each(DATABASES)('webhooks on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let dispatcher: string;
  let receiver: Receiver;
  /** Orders of the demo data that can move ASSIGNED ⇄ ON_HOLD as often as a test likes. */
  let orders: number[];

  beforeAll(async () => {
    server = await startTestServer(kind, { JWT_SECRET });
    [admin, dispatcher] = await Promise.all(
      ['administrator', 'dispatcher'].map((r) => server.login(`${r}@haulboard.demo`)),
    );
    orders = (
      await server.db
        .selectFrom('book_orders')
        .select('id')
        .where('status', '=', 'ASSIGNED')
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .limit(6)
        .execute()
    ).map((row) => row.id);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await server.close();
  });
  afterEach(async () => {
    // Each test subscribes its own: none is left to get the next test's events (those under way arrive first).
    await settle(server);
    await server.db.deleteFrom('webhook_attempts').execute();
    await server.db.deleteFrom('webhook_deliveries').execute();
    await server.db.deleteFrom('webhook_subscriptions').execute();
    receiver.received.length = 0;
    receiver.answer = () => 200;
  });

  const subscribe = async (payload: Record<string, unknown>, token = admin) =>
    server.call({ method: 'POST', url: '/api/Webhooks', token, payload });
  const subscribeHere = async (events = ORDER_EVENTS) => {
    const response = await subscribe({ url: receiver.url, events, allowPrivateNetwork: true });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.value as WebhookWithSecret;
  };
  const move = async (call: TestServer['call'], orderId: number, status: string) => {
    const { body } = await call({ method: 'GET', url: `/api/BookOrder/${orderId}`, token: dispatcher });
    const moved = await call({
      method: 'POST',
      url: `/api/BookOrder/${orderId}/status`,
      token: dispatcher,
      payload: { status, version: body.value.version },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
  };
  /** ASSIGNED → ON_HOLD → ASSIGNED … `times` moves of each order, the orders interleaved. */
  const moveOrders = async (call: TestServer['call'], ids: number[], times: number) => {
    for (let i = 0; i < times; i++) for (const id of ids) await move(call, id, i % 2 ? 'ASSIGNED' : 'ON_HOLD');
  };
  /** The accepted (2xx) deliveries, and each order's accepted status moves in the order received. */
  const accepted = () => receiver.received.filter((got) => got.status < 300);
  const movesOf = (orderId: number) =>
    accepted()
      .filter((got) => got.event.type === 'order.status_changed' && got.event.data.orderId === orderId)
      .map((got) => `${got.event.data.from}→${got.event.data.to}`);
  const expectedMoves = (times: number) =>
    Array.from({ length: times }, (_, i) => (i % 2 ? 'ON_HOLD→ASSIGNED' : 'ASSIGNED→ON_HOLD'));

  it('is an administrator’s: 401 without a token, 403 for a dispatcher, and an app only with the scope', async () => {
    expect((await server.call({ method: 'GET', url: '/api/Webhooks' })).status).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/Webhooks', token: dispatcher })).status).toBe(403);
    expect((await subscribe({ url: 'https://93.184.216.34/hook', events: ['order.created'] }, dispatcher)).status).toBe(
      403,
    );
    const registered = await server.call({
      method: 'POST',
      url: '/api/ConnectedApps',
      token: admin,
      payload: {
        name: 'Hooks app',
        callerId: 'hooks-app',
        scopes: { Webhooks: ['Read', 'Create'], BookOrders: ['Read'] },
      },
    });
    expect(registered.status).toBe(200);
    const { clientId, secretKey } = registered.body.value;
    const exchanged = await server.call({
      method: 'POST',
      url: '/apps/auth-token',
      payload: { clientId, secretKey, callerId: 'hooks-app' },
    });
    const appToken = exchanged.body.data.applicationToken as string;
    const ok = await subscribe({ url: 'https://93.184.216.34/hook', events: ['order.created'] }, appToken);
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(ok.body.value).toMatchObject({ appName: 'Hooks app', events: ['order.created'] });
    // Invoices are outside its scopes; private addresses are never an app's to allow.
    const invoices = await subscribe({ url: 'https://93.184.216.34/hook', events: ['invoice.paid'] }, appToken);
    expect(invoices.status).toBe(403);
    expect(invoices.body.message).toMatch(/Invoices/);
    const privately = await subscribe(
      { url: receiver.url, events: ['order.created'], allowPrivateNetwork: true },
      appToken,
    );
    expect(privately.status).toBe(403);
    // Revoked, the app's subscription hears nothing more.
    const revoked = await server.call({
      method: 'POST',
      url: `/api/ConnectedApps/${registered.body.value.id}/revoke`,
      token: admin,
      payload: { version: registered.body.value.version },
    });
    expect(revoked.status).toBe(200);
    await transact(server.db, (trx) => emitWebhook(trx, { type: 'order.created', data: { orderId: 1 } }));
    const heard = await server.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('subscription_id', '=', ok.body.value.id)
      .execute();
    expect(heard).toEqual([]);
  });

  it('refuses its own, private and local addresses unless an administrator allows them', async () => {
    const before = await server.db.selectFrom('webhook_subscriptions').select('id').execute();
    for (const url of [
      receiver.url,
      'http://10.0.0.1/hook',
      'http://192.168.1.20/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://localhost:8080/hook',
      'http://0.0.0.0/hook',
    ]) {
      const refused = await subscribe({ url, events: ['order.created'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.message, url).toMatch(/private or local address/);
    }
    for (const url of ['ftp://93.184.216.34/hook', 'not a url', 'https://user:pass@93.184.216.34/hook'])
      expect((await subscribe({ url, events: ['order.created'] })).status, url).toBe(400);
    expect((await subscribe({ url: 'https://93.184.216.34/hook', events: [] })).status).toBe(400);
    expect((await subscribe({ url: 'https://93.184.216.34/hook', events: ['order.deleted'] })).status).toBe(400);
    expect(await server.db.selectFrom('webhook_subscriptions').select('id').execute()).toEqual(before);
    // A name that resolves to a private address when a delivery connects is refused then too.
    const lookedUp = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(false)('localhost', { all: true }, (error) => resolve(error)),
    );
    expect(lookedUp?.code).toBe('EPRIVATEADDRESS');
    const allowed = await subscribe({
      url: 'http://10.0.0.1/hook',
      events: ['order.created'],
      allowPrivateNetwork: true,
    });
    expect(allowed.status).toBe(201);
    expect(allowed.body.value.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const again = await server.call({ method: 'GET', url: `/api/Webhooks/${allowed.body.value.id}`, token: admin });
    expect(again.body.value.secret).toBeUndefined();
  });

  it('delivers each event once, in order per order, signed as documented, through ten minutes of 500s', async () => {
    const hook = await subscribeHere();
    // The receiver fails until ten minutes have passed on the retry clock the server keeps.
    let simulatedMs = 0;
    receiver.answer = () => (simulatedMs < 10 * 60_000 ? 500 : 200);
    const ids = orders.slice(0, 3);
    await moveOrders(server.call, ids, 4);
    for (let round = 0; round < 40; round++) {
      await settle(server);
      const row = await server.db
        .selectFrom('webhook_subscriptions')
        .select(['next_attempt_at', 'status'])
        .where('id', '=', hook.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('ACTIVE');
      if (!row.next_attempt_at) break;
      // Time passes until the retry the server scheduled: then it is due.
      simulatedMs += Date.parse(row.next_attempt_at) - Date.now();
      await server.db
        .updateTable('webhook_subscriptions')
        .set({ next_attempt_at: new Date().toISOString() })
        .where('id', '=', hook.id)
        .execute();
      await hurryJobs(server);
    }
    expect(simulatedMs).toBeGreaterThanOrEqual(10 * 60_000);
    expect(receiver.received.filter((got) => got.status === 500).length).toBeGreaterThanOrEqual(5);
    const events = await server.db.selectFrom('webhook_events').select('id').execute();
    const delivered = accepted().map((got) => got.id);
    expect(new Set(delivered).size).toBe(delivered.length);
    expect(delivered.length).toBe(12);
    for (const id of ids) expect(movesOf(id)).toEqual(expectedMoves(4));
    expect(events.length).toBeGreaterThanOrEqual(12);
    for (const got of receiver.received) expect(verifySignature(hook.secret, got), got.id).toBe(true);
    expect(verifySignature(hook.secret.replace(/^whsec_./, 'whsec_A'), receiver.received[0])).toBe(false);
    // The log holds every attempt with the receiver's answer.
    const log = await server.call({ method: 'GET', url: `/api/Webhooks/${hook.id}/deliveries?size=50`, token: admin });
    const first = (log.body.value.items as WebhookDeliveryDto[]).at(-1)!;
    expect(first.status).toBe('DELIVERED');
    expect(first.history.map((attempt) => attempt.statusCode)).toContain(500);
    expect(first.history[0]).toMatchObject({ statusCode: 200 });
  });

  it('tells of orders created and assigned and claims opened, with ids and numbers only', async () => {
    await subscribeHere([...ORDER_EVENTS, 'claim.opened']);
    const { body } = await server.call({ method: 'GET', url: `/api/BookOrder/${orders[0]}`, token: dispatcher });
    const { id, orderNumber, version, status, createdAt, updatedAt, ...rest } = body.value;
    void [id, orderNumber, version, status, createdAt, updatedAt];
    const created = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: dispatcher,
      payload: { ...pickInput(rest), externalLoadId: `WH-${Date.now()}`, allowDuplicate: true },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await settle(server);
    const types = accepted().map((got) => got.event.type);
    expect(types.slice(0, 2)).toEqual(['order.created', 'order.assigned']);
    expect(accepted()[0].event.data).toEqual({
      orderId: created.body.value.id,
      orderNumber: created.body.value.orderNumber,
      status: 'ASSIGNED',
    });
    // A claim on a delivered order: opened, then decided.
    const delivered = await server.db
      .selectFrom('book_orders as o')
      .innerJoin('book_order_vehicles as v', 'v.book_order_id', 'o.id')
      .select(['o.id', 'v.id as vehicleId'])
      .where('o.status', '=', 'DELIVERED')
      .where('o.deleted_at', 'is', null)
      .orderBy('o.delivery_actual_at', 'desc')
      .executeTakeFirstOrThrow();
    const claim = await server.call({
      method: 'POST',
      url: '/api/ClaimTracker',
      token: admin,
      payload: {
        bookOrderId: delivered.id,
        claimantCompany: 'Webhook Dealer',
        type: 'DAMAGE',
        priority: 'MEDIUM',
        receivedOn: new Date().toISOString().slice(0, 10),
        vehicles: [{ bookOrderVehicleId: delivered.vehicleId, damage: 'Scratched rear bumper' }],
        claimed: 1250.5,
        description: null,
      },
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    await settle(server);
    const opened = accepted().find((got) => got.event.type === 'claim.opened')!;
    expect(opened.event.data).toMatchObject({
      claimId: claim.body.value.id,
      claimNumber: claim.body.value.claimNumber,
      orderId: delivered.id,
      status: 'RECEIVED',
    });
    // Nothing personal or commercial in any event: no names, money or places.
    for (const got of accepted()) expect(got.body).not.toMatch(/Webhook Dealer|1250|price|driverName|city/i);
  });

  it('tells of inspections completed, invoices sent and paid, and claims decided', async () => {
    const hook = await subscribeHere(['inspection.completed', 'invoice.sent', 'invoice.paid', 'claim.decided']);
    const heard = (type: string) => accepted().filter((got) => got.event.type === type);

    // The driver signs a pickup inspection of a load given them (none the other tests move; the standard inspection).
    const driver = await server.login('driver@haulboard.demo');
    const me = await server.db
      .selectFrom('drivers as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .select('d.id')
      .where('u.email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    const load = await server.db
      .selectFrom('book_orders as o')
      .innerJoin('shippers as s', 's.id', 'o.shipper_id')
      .innerJoin('brokers as b', 'b.id', 'o.broker_id')
      .innerJoin('book_order_vehicles as v', 'v.book_order_id', 'o.id')
      .select(['o.id', 'v.vin'])
      .where('o.status', '=', 'ASSIGNED')
      .where('o.deleted_at', 'is', null)
      .where('o.id', 'not in', orders)
      .where('s.inspection_type', 'is', null)
      .where('b.inspection_type', 'is', null)
      .orderBy('o.id', 'desc')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('book_orders').set({ driver_id: me.id }).where('id', '=', load.id).execute();
    const inspection = `/api/MyLoads/${load.id}/inspections/PICKUP/${load.vin}`;
    const saved = await server.call({
      method: 'PUT',
      url: inspection,
      token: driver,
      payload: { clientKey: `webhook-${crypto.randomUUID()}`, vinConfirmed: true },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const signature = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('sig'),
    ]);
    const completed = await server.call({
      method: 'POST',
      url: `${inspection}/complete`,
      token: driver,
      payload: {
        version: saved.body.value.version,
        customerNotAvailable: true,
        signaturePng: signature.toString('base64'),
      },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    await settle(server);
    expect(heard('inspection.completed').map((got) => got.event.data)).toEqual([
      {
        inspectionId: completed.body.value.id,
        orderId: load.id,
        orderNumber: expect.any(String),
        stage: 'PICKUP',
        vin: load.vin,
      },
    ]);

    // Finance invoices a delivered order and sends it; the bank's deposit for it pays it in full.
    const [finance, banking] = await Promise.all(
      ['finance', 'banking'].map((role) => server.login(`${role}@haulboard.demo`)),
    );
    const billable = await server.db
      .selectFrom('book_orders')
      .select(['id', 'broker_id'])
      .where('status', '=', 'DELIVERED')
      .where('deleted_at', 'is', null)
      .where('id', 'not in', server.db.selectFrom('invoice_orders').select('book_order_id'))
      .where('id', 'not in', server.db.selectFrom('bank_item_settlements').select('item_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const made = await server.call({
      method: 'POST',
      url: '/api/Invoices',
      token: finance,
      payload: { payerKind: 'BROKER', payerId: billable.broker_id, orderIds: [billable.id] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const sent = await server.call({
      method: 'POST',
      url: `/api/Invoices/${made.body.value.id}/send`,
      token: finance,
      payload: { version: made.body.value.version },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const invoice = sent.body.value as { id: number; numberText: string; totalCents: number };
    await settle(server);
    expect(heard('invoice.sent').map((got) => got.event.data)).toEqual([
      { invoiceId: invoice.id, invoiceNumber: invoice.numberText, resent: false },
    ]);
    const [deposit] = await importBankRows(server, banking, `WEBHOOK${Date.now()}`, [
      { day: todayIso(), description: `PAYMENT ${invoice.numberText}`, cents: invoice.totalCents },
    ]);
    const matched = await server.call({
      method: 'POST',
      url: `/api/TransactionsMatching/transactions/${deposit.id}/matches`,
      token: banking,
      payload: {
        version: deposit.version,
        lines: [{ itemType: 'INVOICE', itemId: invoice.id, amount: invoice.totalCents / 100 }],
      },
    });
    expect(matched.status, JSON.stringify(matched.body)).toBe(200);
    await settle(server);
    expect(heard('invoice.paid').map((got) => got.event.data)).toEqual([
      { invoiceId: invoice.id, invoiceNumber: invoice.numberText },
    ]);

    // A claim moved through its steps to a decision: told once, at the decision.
    const claim = await server.call({
      method: 'POST',
      url: '/api/ClaimTracker',
      token: admin,
      payload: {
        bookOrderId: billable.id,
        claimantCompany: 'Webhook Dealer',
        type: 'DELAY',
        priority: 'MEDIUM',
        receivedOn: todayIso(),
        vehicles: [],
        claimed: 300,
        description: null,
      },
    });
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    for (const [step, payload] of [
      ['ACKNOWLEDGE', {}],
      ['COLLECT_DOCUMENTS', {}],
      ['DECISION', { decision: 'DECLINED' }],
    ] as const) {
      const done = await server.call({
        method: 'POST',
        url: `/api/ClaimTracker/${claim.body.value.id}/steps/${step}/complete`,
        token: admin,
        payload,
      });
      expect(done.status, `${step}: ${JSON.stringify(done.body)}`).toBe(200);
    }
    await settle(server);
    expect(heard('claim.decided').map((got) => got.event.data)).toEqual([
      {
        claimId: claim.body.value.id,
        claimNumber: claim.body.value.claimNumber,
        orderId: billable.id,
        orderNumber: expect.any(String),
        status: 'DECLINED',
      },
    ]);
    // Only the events subscribed to, each once, each signed; nothing personal or commercial.
    expect(accepted().map((got) => got.event.type)).toEqual([
      'inspection.completed',
      'invoice.sent',
      'invoice.paid',
      'claim.decided',
    ]);
    for (const got of accepted()) {
      expect(verifySignature(hook.secret, got), got.id).toBe(true);
      expect(got.body).not.toMatch(/Webhook Dealer|price|driverName|city|amount/i);
    }
  });

  it('pauses a subscription failing for a day, tells its owner, and resumes in order', async () => {
    const hook = await subscribeHere();
    receiver.answer = () => 500;
    await moveOrders(server.call, [orders[3]], 2);
    await settle(server);
    // A day of failures later (the streak's start moved back), the next failure pauses it.
    await server.db
      .updateTable('webhook_subscriptions')
      .set({
        failing_since: new Date(Date.now() - 25 * 3_600_000).toISOString(),
        next_attempt_at: new Date().toISOString(),
      })
      .where('id', '=', hook.id)
      .execute();
    await hurryJobs(server);
    await settle(server);
    const paused = (await server.call({ method: 'GET', url: `/api/Webhooks/${hook.id}`, token: admin })).body.value;
    expect(paused).toMatchObject({ status: 'PAUSED', pendingCount: 2 });
    expect(paused.pausedReason).toMatch(/over 24 hours/);
    const notice = await server.db
      .selectFrom('notifications')
      .select(['title', 'link'])
      .where('type', '=', 'webhookPaused')
      .executeTakeFirst();
    expect(notice).toEqual({ title: 'A webhook was paused', link: `/app/webhooks/${hook.id}` });
    const mail = await server.db
      .selectFrom('mail_messages')
      .select('subject')
      .where('kind', '=', 'webhookPaused')
      .execute();
    expect(mail.map((m) => m.subject)).toContain(`Webhook paused: ${receiver.url}`);
    // Paused: events still wait for it; nothing is sent.
    await moveOrders(server.call, [orders[3]], 1);
    const tried = receiver.received.length;
    await hurryJobs(server);
    await settle(server);
    expect(receiver.received.length).toBe(tried);
    receiver.answer = () => 200;
    const resumed = await server.call({
      method: 'POST',
      url: `/api/Webhooks/${hook.id}/resume`,
      token: admin,
      payload: { version: paused.version },
    });
    expect(resumed.status).toBe(200);
    await settle(server);
    expect(movesOf(orders[3])).toEqual([...expectedMoves(2), 'ASSIGNED→ON_HOLD']);
    const stale = await server.call({
      method: 'POST',
      url: `/api/Webhooks/${hook.id}/resume`,
      token: admin,
      payload: { version: paused.version },
    });
    expect(stale.status).toBe(409);
    await move(server.call, orders[3], 'ASSIGNED');
  });

  it('pauses at once on 410 Gone', async () => {
    const hook = await subscribeHere();
    receiver.answer = () => 410;
    await moveOrders(server.call, [orders[4]], 2);
    await settle(server);
    expect(receiver.received.map((r) => r.status)).toEqual([410]);
    const row = await server.db
      .selectFrom('webhook_subscriptions')
      .select('status')
      .where('id', '=', hook.id)
      .executeTakeFirst();
    expect(row?.status).toBe('PAUSED');
  });

  it('replays from the log, rotates the secret with both signing for the grace, and sends a test event', async () => {
    const hook = await subscribeHere();
    await moveOrders(server.call, [orders[5]], 2);
    await settle(server);
    const log = await server.call({ method: 'GET', url: `/api/Webhooks/${hook.id}/deliveries`, token: admin });
    const [latest] = log.body.value.items as WebhookDeliveryDto[];
    expect(latest.status).toBe('DELIVERED');
    const replayed = await server.call({
      method: 'POST',
      url: `/api/Webhooks/${hook.id}/deliveries/${latest.id}/replay`,
      token: admin,
    });
    expect(replayed.status).toBe(202);
    await settle(server);
    expect(accepted().at(-1)!.id).toBe(`evt_${latest.eventId}`);
    expect(accepted().filter((got) => got.id === `evt_${latest.eventId}`)).toHaveLength(2);
    expect(
      (await server.call({ method: 'POST', url: `/api/Webhooks/${hook.id}/deliveries/999999/replay`, token: admin }))
        .status,
    ).toBe(404);

    const current = (await server.call({ method: 'GET', url: `/api/Webhooks/${hook.id}`, token: admin })).body.value;
    const rotated = await server.call({
      method: 'POST',
      url: `/api/Webhooks/${hook.id}/rotate-secret`,
      token: admin,
      payload: { graceMinutes: 60, version: current.version },
    });
    expect(rotated.status).toBe(200);
    const { secret, version } = rotated.body.value as WebhookWithSecret;
    expect(secret).not.toBe(hook.secret);
    const pinged = await server.call({
      method: 'POST',
      url: `/api/Webhooks/${hook.id}/ping`,
      token: admin,
      payload: { version },
    });
    expect(pinged.status).toBe(202);
    await settle(server);
    const ping = accepted().at(-1)!;
    expect(ping.event.type).toBe('webhook.ping');
    expect(ping.signature.split(' ')).toHaveLength(2);
    expect(verifySignature(secret, ping)).toBe(true);
    expect(verifySignature(hook.secret, ping)).toBe(true);
  });
});

/** The fields of an order the create takes, from an order read back. */
function pickInput(order: Record<string, unknown>) {
  const fields = (shape: object, from: Record<string, unknown>) =>
    Object.fromEntries(
      Object.keys(shape)
        .filter((key) => from[key] != null)
        .map((key) => [key, from[key]]),
    );
  const { shape } = bookOrderInput;
  return {
    ...fields(shape, order),
    pickup: fields(stopInput.shape, order.pickup as Record<string, unknown>),
    delivery: fields(stopInput.shape, order.delivery as Record<string, unknown>),
    vehicles: (order.vehicles as Record<string, unknown>[]).map((vehicle) => fields(vehicleInput.shape, vehicle)),
  };
}

describe('webhooks in production', () => {
  it('takes https addresses only (NODE_ENV=production turns WEBHOOK_ALLOW_HTTP off)', async () => {
    const server = await startTestServer('sqlite', { JWT_SECRET, NODE_ENV: 'production' });
    try {
      const admin = await server.login('administrator@haulboard.demo');
      const subscribe = (url: string, allowPrivateNetwork = false) =>
        server.call({
          method: 'POST',
          url: '/api/Webhooks',
          token: admin,
          payload: { url, events: ['order.created'], allowPrivateNetwork },
        });
      for (const [url, allowed] of [
        ['http://93.184.216.34/hook', false],
        ['http://10.0.0.1/hook', true],
      ] as const) {
        const refused = await subscribe(url, allowed);
        expect(refused.status, url).toBe(400);
        expect(refused.body.message, url).toMatch(/Use an https:\/\/ address/);
      }
      expect((await subscribe('https://93.184.216.34/hook')).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('webhooks of two servers on one PostgreSQL', () => {
  it('delivers each event once, in order per order, whichever server takes the job, through ten minutes of 500s', async () => {
    const first = await startTestServer('postgres', { JWT_SECRET });
    const second = await secondApp(first);
    const receiver = await startReceiver();
    try {
      const admin = await first.login('administrator@haulboard.demo');
      const dispatcher = await first.login('dispatcher@haulboard.demo');
      const created = await first.call({
        method: 'POST',
        url: '/api/Webhooks',
        token: admin,
        payload: { url: receiver.url, events: ['order.status_changed'], allowPrivateNetwork: true },
      });
      const { id: hookId, secret } = created.body.value as WebhookWithSecret;
      // The receiver fails until ten minutes have passed on the retry clock the servers keep.
      let simulatedMs = 0;
      receiver.answer = () => (simulatedMs < 10 * 60_000 ? 500 : 200);
      const ids = (
        await first.db
          .selectFrom('book_orders')
          .select('id')
          .where('status', '=', 'ASSIGNED')
          .where('deleted_at', 'is', null)
          .limit(4)
          .execute()
      ).map((row) => row.id);
      // Each order moved through one server or the other, alternately, the orders at once.
      await Promise.all(
        ids.map(async (id, n) => {
          for (let i = 0; i < 6; i++) {
            const call = (i + n) % 2 ? second.call : first.call;
            const { body } = await call({ method: 'GET', url: `/api/BookOrder/${id}`, token: dispatcher });
            const moved = await call({
              method: 'POST',
              url: `/api/BookOrder/${id}/status`,
              token: dispatcher,
              payload: { status: i % 2 ? 'ASSIGNED' : 'ON_HOLD', version: body.value.version },
            });
            expect(moved.status).toBe(200);
          }
        }),
      );
      for (let round = 0; round < 40; round++) {
        await Promise.all([first.app.jobs.idle(), second.app.jobs.idle()]);
        const row = await first.db
          .selectFrom('webhook_subscriptions')
          .select('next_attempt_at')
          .where('id', '=', hookId)
          .executeTakeFirstOrThrow();
        if (!row.next_attempt_at) break;
        simulatedMs += Date.parse(row.next_attempt_at) - Date.now();
        await first.db
          .updateTable('webhook_subscriptions')
          .set({ next_attempt_at: new Date().toISOString() })
          .where('id', '=', hookId)
          .execute();
        await hurryJobs(first);
      }
      expect(simulatedMs).toBeGreaterThanOrEqual(10 * 60_000);
      expect(receiver.received.filter((r) => r.status === 500).length).toBeGreaterThanOrEqual(5);
      const got = receiver.received.filter((r) => r.status < 300);
      expect(got).toHaveLength(24);
      expect(new Set(got.map((r) => r.id)).size).toBe(24);
      for (const id of ids)
        expect(got.filter((r) => r.event.data.orderId === id).map((r) => r.event.data.to)).toEqual([
          'ON_HOLD',
          'ASSIGNED',
          'ON_HOLD',
          'ASSIGNED',
          'ON_HOLD',
          'ASSIGNED',
        ]);
      for (const r of got) expect(verifySignature(secret, r)).toBe(true);
    } finally {
      await receiver.close();
      await second.close();
      await first.close();
    }
  });
});
