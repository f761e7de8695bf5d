import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usDate } from '../../schema/format';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { expectRefused, inDays } from '../helpers/records';
import { orderBodyMaker } from '../helpers/orderBody';

/**
 * The dispatch rules (server/modules/dispatchRules, docs/product/compliance.md#dispatch-rules): a driver whose CDL or
 * medical card is expired, or expires before the load ends, or who lacks a credential the company requires, is
 * refused on every path that assigns a driver (the create, the update the board and the form use) with a 409 naming
 * the rule and the date, and nothing written; an administrator's override with a reason passes, audited.
 */
describe.each(DATABASES)('dispatch rules on %s', (kind) => {
  let server: TestServer;
  let order: Awaited<ReturnType<typeof orderBodyMaker>>;
  let driverId: number;
  let admin: string;
  let dispatcher: string;
  const setDriver = (values: Record<string, string | null>) =>
    server.db.updateTable('drivers').set(values).where('id', '=', driverId).execute();
  const overridesOf = (orderId: number) =>
    server.db
      .selectFrom('audit_log')
      .select(['after', 'actor_id'])
      .where('entity', '=', 'book_order')
      .where('action', '=', 'override')
      .where('entity_id', '=', String(orderId))
      .execute();

  beforeAll(async () => {
    server = await startTestServer(kind);
    order = await orderBodyMaker(server.db);
    const driver = await server.db
      .selectFrom('drivers')
      .select('id')
      .where('terminated_on', 'is', null)
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    driverId = Number(driver.id);
    admin = await server.login('administrator@haulboard.demo');
    dispatcher = await server.login('dispatcher@haulboard.demo');
  });
  afterAll(() => server.close());

  it('refuses booking a driver whose medical card expired, naming the rule and the date; an administrator overrides with a reason, audited', async () => {
    const expired = inDays(-1);
    await setDriver({ medical_card_expires_on: expired, cdl_expires_on: inDays(400) });
    const body = order({ driverId });
    const refused = await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: body },
      409,
      'driverId',
      new RegExp(`Expired medical card: .* expired on ${usDate(expired).replaceAll('/', '\\/')}`),
    );
    expect(refused.body.messages[0].code).toBe('compliance');
    expect(refused.body.refusals).toEqual([
      expect.objectContaining({ rule: 'DRIVER_CREDENTIAL_EXPIRED', field: 'driverId', date: expired }),
    ]);

    // A dispatcher may not override; a reason too short is refused as any field is.
    const override = { complianceOverride: { reason: 'Card renewed today, copy in the driver file' } };
    await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: { ...body, ...override } },
      403,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/BookOrder',
        token: admin,
        payload: { ...body, complianceOverride: { reason: 'ok' } },
      },
      400,
      'complianceOverride.reason',
    );

    const booked = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: admin,
      payload: { ...body, ...override },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.value).toMatchObject({ driverId, status: 'ASSIGNED' });
    const audited = await overridesOf(booked.body.value.id);
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0].after!)).toMatchObject({
      reason: override.complianceOverride.reason,
      driverId,
      refusals: [{ rule: 'DRIVER_CREDENTIAL_EXPIRED', date: expired }],
    });

    // Later edits of that order do not meet the rule again: it applies when a driver is chosen.
    const edited = await server.call({
      method: 'PUT',
      url: `/api/BookOrder/${booked.body.value.id}`,
      token: dispatcher,
      payload: { ...body, price: 1900, version: booked.body.value.version },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  });

  it('refuses assigning the driver to an existing order (the board and the form save through the update) until overridden', async () => {
    await setDriver({ medical_card_expires_on: inDays(-3), cdl_expires_on: inDays(400) });
    const body = order();
    const created = await server.call({ method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, version } = created.body.value;
    await expectRefused(
      server,
      { method: 'PUT', url: `/api/BookOrder/${id}`, token: dispatcher, payload: { ...body, driverId, version } },
      409,
      'driverId',
      /Expired medical card/,
    );
    const check = await server.call({
      method: 'GET',
      url: `/api/BookOrder/dispatch-check?driverId=${driverId}&deliveryDate=${body.delivery.date}&orderId=${id}`,
      token: dispatcher,
    });
    expect(check.body.value).toMatchObject({ canOverride: false, refusals: [{ rule: 'DRIVER_CREDENTIAL_EXPIRED' }] });
    const assigned = await server.call({
      method: 'PUT',
      url: `/api/BookOrder/${id}`,
      token: admin,
      payload: { ...body, driverId, version, complianceOverride: { reason: 'Renewal seen, card in the mail' } },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.value.status).toBe('ASSIGNED');
    expect(await overridesOf(id)).toHaveLength(1);
    // The order has that driver now: the check says nothing more of it.
    const again = await server.call({
      method: 'GET',
      url: `/api/BookOrder/dispatch-check?driverId=${driverId}&orderId=${id}`,
      token: admin,
    });
    expect(again.body.value).toEqual({ refusals: [], canOverride: true });
  });

  it('refuses a CDL that expires before the load ends, and passes one valid through the delivery', async () => {
    await setDriver({ medical_card_expires_on: inDays(300), cdl_expires_on: inDays(3) });
    await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: order({ driverId }) },
      409,
      'driverId',
      new RegExp(
        `Expiring CDL: the CDL of .* expires on ${usDate(inDays(3)).replaceAll('/', '\\/')}, before this load ends`,
      ),
    );
    const shortLoad = order({ driverId, delivery: { ...order().delivery, date: inDays(3) } });
    const booked = await server.call({ method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: shortLoad });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  });

  it('refuses a driver without a credential the company requires; only administrators change what is required', async () => {
    await setDriver({
      medical_card_expires_on: inDays(300),
      cdl_expires_on: inDays(400),
      mvr_checked_on: inDays(-400),
    });
    await expectRefused(
      server,
      { method: 'PUT', url: '/api/Company/dispatch-rules', token: dispatcher, payload: { required: ['mvr'] } },
      403,
    );
    const saved = await server.call({
      method: 'PUT',
      url: '/api/Company/dispatch-rules',
      token: admin,
      payload: { required: ['mvr', 'medicalCard'] },
    });
    expect(saved.body.value).toMatchObject({ required: ['medicalCard', 'mvr'], canChange: true });
    const refused = await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: order({ driverId }) },
      409,
      'driverId',
      /MVR review overdue/,
    );
    expect(refused.body.refusals.map((r: { rule: string }) => r.rule)).toEqual(['DRIVER_REVIEW_OVERDUE']);
    await setDriver({ mvr_checked_on: inDays(-10), medical_card_expires_on: null });
    await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: order({ driverId }) },
      409,
      'driverId',
      /Required credential missing: .* has no medical card expiry date on file/,
    );
    await server.call({ method: 'PUT', url: '/api/Company/dispatch-rules', token: admin, payload: { required: [] } });
    await setDriver({ medical_card_expires_on: inDays(300) });
    const booked = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: dispatcher,
      payload: order({ driverId }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
  });

  it('refuses a driver whose qualification file lacks an item when the company requires the file, naming the items', async () => {
    await setDriver({ medical_card_expires_on: inDays(300), cdl_expires_on: inDays(400), mvr_checked_on: inDays(-10) });
    const saved = await server.call({
      method: 'PUT',
      url: '/api/Company/dispatch-rules',
      token: admin,
      payload: { required: ['qualificationFile'] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.value.required).toEqual(['qualificationFile']);
    const fleet = await server.login('fleetmanager@haulboard.demo');
    const record = (item: string, extra: Record<string, string> = {}) =>
      server.call({
        method: 'POST',
        url: `/api/DriverQualification/${driverId}/records`,
        token: fleet,
        payload: { item, doneOn: inDays(-20), ...extra },
      });
    for (const item of ['APPLICATION', 'MVR_AT_HIRE', 'ANNUAL_REVIEW', 'VIOLATIONS'])
      expect((await record(item)).status).toBe(200);
    const refused = await expectRefused(
      server,
      { method: 'POST', url: '/api/BookOrder', token: dispatcher, payload: order({ driverId }) },
      409,
      'driverId',
      /Qualification file incomplete: .*'s file lacks the road test certificate or equivalent \(not on file\), the medical examiner's certificate \(not on file\)/,
    );
    expect(refused.body.refusals).toEqual([
      expect.objectContaining({ rule: 'DRIVER_QUALIFICATION_MISSING', field: 'driverId', date: null }),
    ]);

    expect((await record('ROAD_TEST')).status).toBe(200);
    expect((await record('MEDICAL_CARD', { expiresOn: inDays(300), registryVerifiedOn: inDays(-20) })).status).toBe(
      200,
    );
    const booked = await server.call({
      method: 'POST',
      url: '/api/BookOrder',
      token: dispatcher,
      payload: order({ driverId }),
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    await server.call({ method: 'PUT', url: '/api/Company/dispatch-rules', token: admin, payload: { required: [] } });
  });
});
