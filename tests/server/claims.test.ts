import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acknowledgeBy,
  claimIdOf,
  claimNumberOf,
  deadlineOf,
  decideBy,
  filingDeadline,
  nextStatusLetter,
  plusMonths,
} from '../../schema/claims';
import { todayIso } from '../../schema/expiry';
import { claimSettlementItems } from '../../server/modules/claims/bankItems';
import { sendClaimReminders } from '../../server/modules/claims/reminders';
import { expectRefused, inDays } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Claims (docs/product/claims.md; 49 CFR 370): every ClaimTracker call answers under `value`; each filter of
 * get-all-claimtrackers narrows, alone and combined; the charts' figures equal a computation of the test's own over
 * the table; a step waits for its prerequisites (a skip is refused naming them, and writes nothing); the deadlines are
 * 30 and 120 days from receipt and the filing window 9 months from delivery, month ends and leap years included; a
 * chargeback posts once to the driver's ledger and a change voids and reposts it; ClaimsTracker decides who may; bad
 * input is a 400, 404 or 409 that writes nothing.
 */

const API = '/api/ClaimTracker';
const today = todayIso();
type Body = Record<string, any>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const INPUT = [
  'claimantCompany',
  'type',
  'priority',
  'status',
  'assigneeId',
  'driverId',
  'receivedOn',
  'vehicles',
  'claimed',
  'approved',
  'settled',
  'recoveredFromInsurance',
  'description',
];
const pick = (record: Body, keys: string[]) => Object.fromEntries(keys.map((key) => [key, record[key]]));
const ids = (items: { id: number }[]) => items.map((item) => item.id).sort((a, b) => a - b);
const cents = (dollars: number) => Math.round(dollars * 100);

describe('claim deadlines (pure)', () => {
  it('acknowledge by 30 days and decide by 120 days after receipt, across month and year ends', () => {
    expect(acknowledgeBy('2026-01-15')).toBe('2026-02-14');
    expect(acknowledgeBy('2026-02-01')).toBe('2026-03-03');
    expect(acknowledgeBy('2024-02-01')).toBe('2024-03-02'); // 29 days in February 2024
    expect(acknowledgeBy('2025-12-15')).toBe('2026-01-14');
    expect(decideBy('2026-01-01')).toBe('2026-05-01');
    expect(decideBy('2024-01-01')).toBe('2024-04-30'); // leap year: one day earlier
    expect(decideBy('2025-11-01')).toBe('2026-03-01');
  });

  it('the filing window is 9 months after delivery: the same day, or the last day of a shorter month', () => {
    expect(filingDeadline('2026-01-15')).toBe('2026-10-15');
    expect(filingDeadline('2025-05-31')).toBe('2026-02-28');
    expect(filingDeadline('2023-05-31')).toBe('2024-02-29'); // leap year
    expect(filingDeadline('2023-05-29')).toBe('2024-02-29');
    expect(filingDeadline('2024-05-29')).toBe('2025-02-28');
    expect(filingDeadline('2026-01-31')).toBe('2026-10-31');
    expect(filingDeadline('2026-07-31')).toBe('2027-04-30');
    expect(filingDeadline('2026-04-30')).toBe('2027-01-30');
    expect(plusMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(plusMonths('2027-11-30', 3)).toBe('2028-02-29');
  });

  it('a claim is overdue past its next deadline, due soon within 7 days, done once decided; status letters every 60 days past 120', () => {
    expect(deadlineOf('2026-01-01', false, false, '2026-01-20')).toEqual({
      state: 'ON_TRACK',
      nextDeadline: '2026-01-31',
      what: 'ACKNOWLEDGE',
    });
    expect(deadlineOf('2026-01-01', false, false, '2026-01-24').state).toBe('DUE_SOON');
    expect(deadlineOf('2026-01-01', false, false, '2026-01-31').state).toBe('DUE_SOON');
    expect(deadlineOf('2026-01-01', false, false, '2026-02-01').state).toBe('OVERDUE');
    expect(deadlineOf('2026-01-01', true, false, '2026-02-01')).toEqual({
      state: 'ON_TRACK',
      nextDeadline: '2026-05-01',
      what: 'DECIDE',
    });
    expect(deadlineOf('2026-01-01', true, false, '2026-05-02').state).toBe('OVERDUE');
    expect(deadlineOf('2026-01-01', true, true, '2027-01-01').state).toBe('DONE');
    expect(nextStatusLetter('2026-01-01', '2026-04-01')).toBeNull();
    expect(nextStatusLetter('2026-01-01', '2026-05-02')).toBe('2026-06-30');
    expect(nextStatusLetter('2026-01-01', '2026-07-01')).toBe('2026-08-29');
  });

  it('claim numbers: CLM-year-id, found again from any typed part', () => {
    expect(claimNumberOf(17, '2026-03-04T10:00:00.000Z')).toBe('CLM-2026-00017');
    expect(claimIdOf('CLM-2026-00017')).toBe(17);
    expect(claimIdOf('00017')).toBe(17);
    expect(claimIdOf('clm-2026-')).toBeNull();
  });
});

describe.each(DATABASES)('claims on %s', (kind) => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let world: {
    orderA: { id: number; number: string; driverId: number; vehicles: number[] };
    orderB: { id: number; number: string; driverId: number; vehicles: number[] };
    orderNoDriver: number;
    orderOld2025: number;
    orderOld2024: number;
    driverB: number;
    assigneeA: number;
    assigneeB: number;
  };
  let serial = 0;
  const next = () => ++serial;

  beforeAll(async () => {
    server = await startTestServer(kind);
    const { db } = server;
    for (const role of [
      'Manager',
      'Administrator',
      'ClaimTrackerTeam',
      'DispatchManager',
      'Dispatcher',
      'Driver',
      'Finance',
    ])
      tokens[role] = await server.login(`${role.toLowerCase()}@haulboard.demo`);
    const orders = await db
      .selectFrom('book_orders')
      .select(['id', 'order_number', 'driver_id'])
      .where('driver_id', 'is not', null)
      .where('deleted_at', 'is', null)
      .where('vehicle_count', '>=', 2)
      .orderBy('id')
      .limit(5)
      .execute();
    const drivers = [...new Set(orders.map((o) => Number(o.driver_id)))];
    const vehiclesOf = async (orderId: number) =>
      (
        await db
          .selectFrom('book_order_vehicles')
          .select('id')
          .where('book_order_id', '=', orderId)
          .orderBy('position')
          .execute()
      ).map((v) => Number(v.id));
    // Known delivery days: recent ones, and two whose 9 months end on a short February (2025 and leap 2024).
    const delivered = async (id: number, day: string) =>
      db
        .updateTable('book_orders')
        .set({ delivery_actual_at: `${day}T15:00:00.000Z`, status: 'DELIVERED' })
        .where('id', '=', id)
        .execute();
    await delivered(orders[0].id, inDays(-40));
    await delivered(orders[1].id, inDays(-60));
    await delivered(orders[2].id, inDays(-20));
    await db.updateTable('book_orders').set({ driver_id: null }).where('id', '=', orders[2].id).execute();
    await delivered(orders[3].id, '2024-05-31');
    await delivered(orders[4].id, '2023-05-31');
    const userId = async (email: string) =>
      Number((await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id);
    world = {
      orderA: {
        id: orders[0].id,
        number: orders[0].order_number,
        driverId: Number(orders[0].driver_id),
        vehicles: await vehiclesOf(orders[0].id),
      },
      orderB: {
        id: orders[1].id,
        number: orders[1].order_number,
        driverId: Number(orders[1].driver_id),
        vehicles: await vehiclesOf(orders[1].id),
      },
      orderNoDriver: orders[2].id,
      orderOld2025: orders[3].id,
      orderOld2024: orders[4].id,
      driverB:
        drivers.find((d) => d !== Number(orders[0].driver_id)) ??
        Number(
          (
            await db
              .selectFrom('drivers')
              .select('id')
              .where('id', '!=', Number(orders[0].driver_id))
              .executeTakeFirstOrThrow()
          ).id,
        ),
      assigneeA: await userId('claimtrackerteam@haulboard.demo'),
      assigneeB: await userId('manager@haulboard.demo'),
    };
  }, 60_000);
  afterAll(() => server?.close());

  const req = (method: Method, url: string, payload?: unknown, token: string | null = tokens.ClaimTrackerTeam) => ({
    method,
    url,
    token: token ?? undefined,
    payload: payload as Body,
  });
  const send = (request: ReturnType<typeof req>) => server.call(request);
  const value = async (request: ReturnType<typeof req>) => {
    const response = await send(request);
    expect(
      response.status,
      `${request.method} ${request.url} ${JSON.stringify(request.payload)} → ${JSON.stringify(response.body)}`,
    ).toBe(200);
    expect(response.body).toHaveProperty('value');
    expect(response.body).not.toBe('Something went wrong');
    return response.body.value;
  };
  const get = (url: string, token?: string) => value(req('GET', url, undefined, token));
  const claimBody = (over: Body = {}): Body => ({
    bookOrderId: world.orderA.id,
    claimantCompany: `Dealer ${next()}`,
    type: 'DAMAGE',
    priority: 'MEDIUM',
    receivedOn: inDays(-5),
    assigneeId: world.assigneeA,
    vehicles: [{ bookOrderVehicleId: world.orderA.vehicles[0], damage: 'Scratched rear bumper' }],
    claimed: 1250.5,
    description: null,
    ...over,
  });
  const create = (over: Body = {}) => value(req('POST', API, claimBody(over)));
  const read = (id: number) => get(`${API}/${id}`);
  const put = (claim: Body, over: Body = {}) =>
    req('PUT', `${API}/${claim.id}`, { ...pick(claim, INPUT), version: claim.version, ...over });
  const list = (query: string) => get(`${API}/get-all-claimtrackers?${query}`);
  const complete = (id: number, step: string | number, body: Body = {}) =>
    req('POST', `${API}/${id}/steps/${step}/complete`, body);
  const steps = (id: number) => get(`${API}/get-step-prerequisite?claimId=${id}`);
  const entriesOf = async (claimId: number) =>
    server.db
      .selectFrom('driver_transactions')
      .selectAll()
      .where('link_type', '=', 'CLAIM')
      .where('link_id', '=', claimId)
      .orderBy('id')
      .execute();

  describe('create, read, update', () => {
    it('a claim gets its number, order, VINs, driver, deadlines and the steps of its type', async () => {
      const claim = await create({ receivedOn: inDays(-3) });
      expect(claim.claimNumber).toBe(`CLM-${claim.createdAt.slice(0, 4)}-${String(claim.id).padStart(5, '0')}`);
      expect(claim).toMatchObject({
        status: 'RECEIVED',
        bookOrderName: world.orderA.number,
        orderNumber: world.orderA.number,
        driverId: world.orderA.driverId,
        deliveredOn: inDays(-40),
      });
      expect(claim.vins).toHaveLength(1);
      expect(await read(claim.id)).toEqual(claim);
      expect(claim.acknowledgeBy).toBe(acknowledgeBy(inDays(-3)));
      expect(claim.decideBy).toBe(decideBy(inDays(-3)));
      expect(claim.filingDeadline).toBe(filingDeadline(inDays(-40)));
      expect(claim).toMatchObject({
        deadlineState: 'ON_TRACK',
        overdue: false,
        dueSoon: false,
        stepsDone: 0,
        stepsTotal: 7,
        paid: 0,
        chargedBackToDriver: 0,
      });
      const theft = await create({ type: 'THEFT' });
      expect((await steps(theft.id)).map((s: Body) => s.step)).toEqual([
        'ACKNOWLEDGE',
        'COLLECT_DOCUMENTS',
        'DRIVER_STATEMENT',
        'POLICE_REPORT',
        'DECISION',
        'PAYMENT',
        'RECOVERY',
      ]);
      // Overdue: received 31 days ago and not acknowledged; due soon: 25 days ago.
      expect((await create({ receivedOn: inDays(-31) })).deadlineState).toBe('OVERDUE');
      expect((await create({ receivedOn: inDays(-25) })).dueSoon).toBe(true);
    });

    it('the 9-month filing window is checked at creation, month ends and leap years included (400 naming receivedOn, nothing written)', async () => {
      // Delivered 05/31/2024: the last day is 02/28/2025.
      await expectRefused(
        server,
        req('POST', API, claimBody({ bookOrderId: world.orderOld2025, vehicles: [], receivedOn: '2025-03-01' })),
        400,
        'receivedOn',
        /02\/28\/2025/,
      );
      expect(
        (await create({ bookOrderId: world.orderOld2025, vehicles: [], receivedOn: '2025-02-28' })).filingDeadline,
      ).toBe('2025-02-28');
      // Delivered 05/31/2023: the last day is 02/29/2024.
      await expectRefused(
        server,
        req('POST', API, claimBody({ bookOrderId: world.orderOld2024, vehicles: [], receivedOn: '2024-03-01' })),
        400,
        'receivedOn',
        /02\/29\/2024/,
      );
      expect(
        (await create({ bookOrderId: world.orderOld2024, vehicles: [], receivedOn: '2024-02-29' })).filingDeadline,
      ).toBe('2024-02-29');
    });

    it('bad input is refused naming the field and writes nothing: 400, 404, 409', async () => {
      await expectRefused(
        server,
        req('POST', API, claimBody({ vehicles: [{ bookOrderVehicleId: world.orderB.vehicles[0] }] })),
        400,
        'vehicles.0.bookOrderVehicleId',
      );
      await expectRefused(
        server,
        req(
          'POST',
          API,
          claimBody({
            vehicles: [
              { bookOrderVehicleId: world.orderA.vehicles[0] },
              { bookOrderVehicleId: world.orderA.vehicles[0] },
            ],
          }),
        ),
        400,
        'vehicles.1.bookOrderVehicleId',
      );
      await expectRefused(server, req('POST', API, claimBody({ bookOrderId: 99_999_999 })), 400, 'bookOrderId');
      await expectRefused(server, req('POST', API, claimBody({ type: 'FIRE' })), 400, 'type');
      await expectRefused(server, req('POST', API, claimBody({ claimed: -1 })), 400, 'claimed');
      await expectRefused(server, req('POST', API, claimBody({ receivedOn: inDays(2) })), 400, 'receivedOn');
      await expectRefused(server, req('POST', API, claimBody({ claimantCompany: '' })), 400, 'claimantCompany');
      await expectRefused(server, req('GET', `${API}/99999999`), 404);
      await expectRefused(server, req('GET', `${API}/get-all-claimtrackers?ClaimStatus=LOST`), 400);
      await expectRefused(server, req('GET', `${API}/get-all-claimtrackers?Colour=red`), 400);
      const claim = await create();
      const updated = await value(put(claim, { priority: 'HIGH' }));
      expect(updated.priority).toBe('HIGH');
      await expectRefused(server, put(claim, { priority: 'LOW' }), 409);
      await expectRefused(server, put(updated, { bookOrderId: world.orderB.id }), 400, 'bookOrderId');
      await expectRefused(server, req('POST', `${API}/${claim.id}/comments`, { body: '' }), 400, 'body');
      await expectRefused(server, complete(claim.id, 'NOT_A_STEP'), 400);
      await expectRefused(server, complete(99_999_999, 'ACKNOWLEDGE'), 404);
      await expectRefused(server, complete(claim.id, 99_999_999), 404);
    });

    it('a type changes (new steps) only while no step is done; delete and restore', async () => {
      const claim = await create({ type: 'DELAY' });
      expect((await steps(claim.id)).map((s: Body) => s.step)).toEqual([
        'ACKNOWLEDGE',
        'COLLECT_DOCUMENTS',
        'DECISION',
        'PAYMENT',
      ]);
      const damage = await value(put(claim, { type: 'DAMAGE' }));
      expect(damage.stepsTotal).toBe(7);
      const acknowledged = await value(complete(claim.id, 'ACKNOWLEDGE'));
      await expectRefused(server, put(acknowledged, { type: 'LOSS' }), 400, 'type');
      const deleted = await value(req('DELETE', `${API}/${claim.id}`));
      expect(deleted.deleted).toBe(true);
      expect(ids((await list(`search=${encodeURIComponent(claim.claimantCompany)}`)).items)).toEqual([]);
      expect((await value(req('POST', `${API}/${claim.id}/restore`))).deleted).toBe(false);
    });
  });

  describe("the original API's reads", () => {
    it('get-all-claimtrackers: each filter narrows, and they combine', async () => {
      const marker = `zulu${next()}`;
      const made = [
        await create({
          description: `${marker} 1`,
          type: 'DAMAGE',
          priority: 'HIGH',
          assigneeId: world.assigneeA,
          receivedOn: inDays(-10),
        }),
        await create({
          description: `${marker} 2`,
          type: 'THEFT',
          priority: 'LOW',
          assigneeId: world.assigneeB,
          receivedOn: inDays(-50),
          bookOrderId: world.orderB.id,
          vehicles: [{ bookOrderVehicleId: world.orderB.vehicles[1] }],
        }),
        await create({
          description: `${marker} 3`,
          type: 'DAMAGE',
          priority: 'LOW',
          assigneeId: world.assigneeB,
          receivedOn: inDays(-2),
          driverId: world.driverB,
        }),
        await create({
          description: `${marker} 4`,
          type: 'DELAY',
          priority: 'URGENT',
          assigneeId: null,
          receivedOn: inDays(-30),
          bookOrderId: world.orderNoDriver,
          vehicles: [],
        }),
      ];
      await value(complete(made[2].id, 'ACKNOWLEDGE'));
      const found = async (query: string) => ids((await list(`search=${marker}&Size=500&${query}`)).items);
      const only = (pred: (c: Body) => boolean) => ids(made.filter(pred));
      expect(await found('')).toEqual(ids(made));
      expect(await found('ClaimType=DAMAGE')).toEqual(only((c) => c.type === 'DAMAGE'));
      expect(await found('ClaimPriority=LOW')).toEqual(only((c) => c.priority === 'LOW'));
      expect(await found('ClaimStatus=ACKNOWLEDGED')).toEqual([made[2].id]);
      expect(await found('ClaimStatus=RECEIVED')).toEqual(ids([made[0], made[1], made[3]]));
      expect(await found(`AssignUserId=${world.assigneeB}`)).toEqual(only((c) => c.assigneeId === world.assigneeB));
      expect(await found(`DriverId=${world.driverB}`)).toEqual(only((c) => c.driverId === world.driverB));
      expect(await found(`DriverId=${world.driverB}`)).toContain(made[2].id);
      expect(await found(`DriverId=${world.orderA.driverId}`)).toEqual(
        only((c) => c.driverId === world.orderA.driverId),
      );
      expect(await found(`ClaimNumber=${made[1].claimNumber}`)).toEqual([made[1].id]);
      expect(await found(`ClaimNumber=${String(made[3].id).padStart(5, '0')}`)).toEqual([made[3].id]);
      expect(await found(`Filtered=custom&From=${inDays(-35)}&To=${inDays(-5)}`)).toEqual(ids([made[0], made[3]]));
      expect(await found('Filtered=all')).toEqual(ids(made));
      expect(await found(`ClaimType=DAMAGE&ClaimPriority=LOW&AssignUserId=${world.assigneeB}`)).toEqual([made[2].id]);
      expect(await found(`ClaimType=THEFT&ClaimPriority=HIGH`)).toEqual([]);
      // Search by order number and VIN too.
      const vin = (
        await server.db
          .selectFrom('book_order_vehicles')
          .select('vin')
          .where('id', '=', world.orderB.vehicles[1])
          .executeTakeFirstOrThrow()
      ).vin;
      expect(ids((await list(`search=${vin}&Size=500`)).items)).toEqual([made[1].id]);
      expect(ids((await list(`search=${world.orderB.number}&Size=500`)).items)).toContain(made[1].id);
      expect(ids((await list(`search=${made[3].claimNumber.toLowerCase()}&Size=500`)).items)).toEqual([made[3].id]);
      // Page and Size.
      const page = await list(`search=${marker}&Size=3&Page=1`);
      expect(page).toMatchObject({ totalCount: 4, page: 1, size: 3 });
      expect(page.items).toHaveLength(1);
      // Over every claim: the table agrees.
      const live = await server.db
        .selectFrom('claims')
        .select(['id', 'type', 'status'])
        .where('deleted_at', 'is', null)
        .execute();
      expect(ids((await list('Size=500&ClaimType=THEFT')).items)).toEqual(
        live
          .filter((c) => c.type === 'THEFT')
          .map((c) => Number(c.id))
          .sort((a, b) => a - b),
      );
    });

    it('the dropdowns, companies, users and order numbers', async () => {
      const codes = async (name: string) => ((await get(`${API}/${name}`)) as Body[]).map((row) => row.code);
      expect(await codes('get-claim-statuses')).toEqual([
        'RECEIVED',
        'ACKNOWLEDGED',
        'INVESTIGATING',
        'APPROVED',
        'OFFERED',
        'DECLINED',
        'SETTLED',
        'CLOSED',
      ]);
      expect(await codes('get-claim-priorities')).toEqual(['LOW', 'MEDIUM', 'HIGH', 'URGENT']);
      expect(await codes('get-claim-tracker-types')).toEqual(['DAMAGE', 'LOSS', 'THEFT', 'DELAY', 'OTHER']);
      const claim = await create({ claimantCompany: 'Zeta Auto Group' });
      const companies = (await get(`${API}/get-claim-companies`)) as Body[];
      expect(companies.map((c) => c.name)).toContain('Zeta Auto Group');
      expect(companies.some((c) => c.source === 'SHIPPER') && companies.some((c) => c.source === 'BROKER')).toBe(true);
      const assignable = (await get(`${API}/get-assign-to-user-list`)) as Body[];
      expect(assignable.map((u) => u.id)).toEqual(expect.arrayContaining([world.assigneeA, world.assigneeB]));
      const driverUser = Number(
        (
          await server.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'driver@haulboard.demo')
            .executeTakeFirstOrThrow()
        ).id,
      );
      expect(assignable.map((u) => u.id)).not.toContain(driverUser);
      expect(((await get(`${API}/get-assign-to-user-list?ShowDeleted=true`)) as Body[]).length).toBeGreaterThanOrEqual(
        assignable.length,
      );
      expect(((await get(`${API}/get-user-names`)) as Body[]).find((u) => u.id === world.assigneeA)?.name).toBeTruthy();
      const prefix = world.orderA.number.slice(0, -1);
      const orders = (await get(`${API}/get-orderIds?startsWith=${prefix}`)) as Body[];
      expect(orders.length).toBeGreaterThan(0);
      expect(orders.length).toBeLessThanOrEqual(20);
      expect(orders.every((o) => o.orderNumber.startsWith(prefix))).toBe(true);
      const a = orders.find((o) => o.id === world.orderA.id)!;
      expect(a).toMatchObject({
        orderNumber: world.orderA.number,
        deliveredOn: inDays(-40),
        driverId: world.orderA.driverId,
      });
      expect(a.vehicles.map((v: Body) => v.id)).toEqual(world.orderA.vehicles);
      expect(await get(`${API}/get-orderIds?startsWith=${prefix.toLowerCase()}`)).toEqual(orders);
      expect(await get(`${API}/get-orderIds?startsWith=`)).toEqual([]);
      expect(claim.id).toBeGreaterThan(0);
    });

    it('the charts equal the test’s own sums over the table', async () => {
      const settledClaim = await create({ receivedOn: inDays(-8), type: 'DELAY', claimed: 900 });
      for (const step of ['ACKNOWLEDGE', 'COLLECT_DOCUMENTS']) await value(complete(settledClaim.id, step));
      await value(complete(settledClaim.id, 'DECISION', { decision: 'APPROVED', approvedAmount: 800 }));
      await value(
        req('POST', `${API}/${settledClaim.id}/settle`, {
          amount: 800,
          paidOn: today,
          method: 'Check',
          reference: 'CHK 1001',
        }),
      );
      const from = inDays(-100);
      const to = today;
      const claims = await server.db
        .selectFrom('claims')
        .select(['status', 'received_on', 'claimed_cents'])
        .where('deleted_at', 'is', null)
        .execute();
      const inRange = claims.filter((c) => c.received_on >= from && c.received_on <= to);
      const statuses = (await get(`${API}/get-claim-statuses-chart?From=${from}&To=${to}`)) as Body[];
      for (const row of statuses)
        expect(row.count, row.status).toBe(inRange.filter((c) => c.status === row.status).length);
      expect(statuses.reduce((sum, row) => sum + row.count, 0)).toBe(inRange.length);
      expect(statuses.find((row) => row.status === 'SETTLED')!.count).toBeGreaterThan(0);

      const payments = await server.db
        .selectFrom('claim_settlements as s')
        .innerJoin('claims as c', 'c.id', 's.claim_id')
        .select(['s.paid_on', 's.amount_cents'])
        .where('c.deleted_at', 'is', null)
        .execute();
      const months = (await get(`${API}/get-claim-chart?From=${from}&To=${to}`)) as Body[];
      expect(months[0].month).toBe(from.slice(0, 7));
      expect(months.at(-1)!.month).toBe(to.slice(0, 7));
      for (const row of months) {
        const ofMonth = inRange.filter((c) => c.received_on.startsWith(row.month));
        expect(row.claims, row.month).toBe(ofMonth.length);
        expect(cents(row.claimed), row.month).toBe(ofMonth.reduce((sum, c) => sum + Number(c.claimed_cents), 0));
        expect(cents(row.paid), row.month).toBe(
          payments
            .filter((p) => p.paid_on.startsWith(row.month) && p.paid_on >= from && p.paid_on <= to)
            .reduce((sum, p) => sum + Number(p.amount_cents), 0),
        );
      }
      expect(cents(months.at(-1)!.paid)).toBeGreaterThanOrEqual(80_000);
      await expectRefused(server, req('GET', `${API}/get-claim-chart?From=${to}&To=${from}`), 400, 'from');
      await expectRefused(server, req('GET', `${API}/get-claim-statuses-chart?From=yesterday`), 400);
    });
  });

  describe('steps', () => {
    it('a step waits for its prerequisites: a skip is refused naming them and writes nothing; undo waits for dependants', async () => {
      const claim = await create();
      const before = await steps(claim.id);
      expect(before.find((s: Body) => s.step === 'DECISION')).toMatchObject({
        canComplete: false,
        waitingFor: ['Collect photos and bill of lading', 'Driver statement', 'Inspection and repair estimate'],
      });
      expect(before.find((s: Body) => s.step === 'ACKNOWLEDGE')).toMatchObject({
        canComplete: true,
        waitingFor: [],
        dueOn: acknowledgeBy(claim.receivedOn),
      });
      await expectRefused(server, complete(claim.id, 'COLLECT_DOCUMENTS'), 409, undefined, /Acknowledge in writing/);
      await expectRefused(
        server,
        complete(claim.id, 'DECISION', { decision: 'APPROVED', approvedAmount: 10 }),
        409,
        undefined,
        /Collect photos/,
      );

      // A step is named by its code or by its id.
      const acknowledged = await value(
        complete(claim.id, before.find((s: Body) => s.step === 'ACKNOWLEDGE').id, { note: 'Letter sent' }),
      );
      expect(acknowledged).toMatchObject({ status: 'ACKNOWLEDGED', stepsDone: 1 });
      await expectRefused(server, complete(claim.id, 'ACKNOWLEDGE'), 409, undefined, /already done/);
      for (const step of ['COLLECT_DOCUMENTS', 'DRIVER_STATEMENT']) await value(complete(claim.id, step));
      await expectRefused(
        server,
        complete(claim.id, 'DECISION', { decision: 'APPROVED', approvedAmount: 10 }),
        409,
        undefined,
        /Inspection and repair estimate/,
      );
      const inspected = await value(complete(claim.id, 'INSPECTION'));
      expect(inspected.status).toBe('INVESTIGATING');
      await expectRefused(server, complete(claim.id, 'DECISION'), 400, 'decision');
      await expectRefused(server, complete(claim.id, 'DECISION', { decision: 'APPROVED' }), 400, 'approvedAmount');
      const decided = await value(complete(claim.id, 'DECISION', { decision: 'OFFERED', approvedAmount: 1000 }));
      expect(decided).toMatchObject({ status: 'OFFERED', approved: 1000, deadlineState: 'DONE' });
      // Undo: the inspection waits until the decision is undone.
      await expectRefused(
        server,
        req('POST', `${API}/${claim.id}/steps/INSPECTION/undo`, {}),
        409,
        undefined,
        /Decision/,
      );
      expect((await value(req('POST', `${API}/${claim.id}/steps/DECISION/undo`, {}))).status).toBe('INVESTIGATING');
      expect((await value(req('POST', `${API}/${claim.id}/steps/INSPECTION/undo`, {}))).stepsDone).toBe(3);
      const after = await steps(claim.id);
      expect(after.find((s: Body) => s.step === 'ACKNOWLEDGE')).toMatchObject({
        done: true,
        note: 'Letter sent',
        doneById: world.assigneeA,
        canUndo: false,
      });
      // A stale version is a 409.
      await expectRefused(server, complete(claim.id, 'INSPECTION', { version: claim.version }), 409);
    });

    it('comments and the timeline tell everything that happened, with who and when', async () => {
      const claim = await create();
      const comment = await value(req('POST', `${API}/${claim.id}/comments`, { body: 'Dealer sent photos' }));
      expect(comment).toMatchObject({ body: 'Dealer sent photos', authorId: world.assigneeA });
      expect(((await get(`${API}/${claim.id}/comments`)) as Body[]).map((c) => c.body)).toEqual(['Dealer sent photos']);
      await value(complete(claim.id, 'ACKNOWLEDGE'));
      // Photos and papers are documents of the claim (ownerType claim), governed by ClaimsTracker.
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n%%EOF\n', 'latin1');
      const added = await value({
        method: 'POST',
        url: `/api/Documents?ownerType=claim&ownerId=${claim.id}&fileName=bol.pdf`,
        token: tokens.ClaimTrackerTeam,
        payload: pdf,
        headers: { 'content-type': 'application/pdf' },
      } as never);
      expect(
        (
          await send({
            method: 'POST',
            url: `/api/Documents?ownerType=claim&ownerId=${claim.id}&fileName=bol.pdf`,
            token: tokens.Finance,
            payload: pdf as never,
            headers: { 'content-type': 'application/pdf' },
          } as never)
        ).status,
      ).toBe(403);
      expect((await read(claim.id)).documentCount).toBe(1);
      const timeline = (await get(`${API}/${claim.id}/timeline`)) as Body[];
      expect(timeline.map((t) => t.kind)).toEqual(['DOCUMENT_ADDED', 'STATUS', 'STEP_DONE', 'COMMENT', 'CREATED']);
      expect(timeline[0].text).toContain(added.fileName ?? 'bol.pdf');
      expect(timeline.every((t) => t.at && t.actorId === world.assigneeA)).toBe(true);
    });
  });

  describe('money', () => {
    it('a chargeback posts once to the driver’s ledger, a change voids and reposts, 0 takes it back; refused without a driver', async () => {
      const claim = await create();
      const first = await value(req('POST', `${API}/${claim.id}/chargeback`, { amount: 250 }));
      expect(first).toMatchObject({ chargedBackToDriver: 250 });
      expect(first.chargebackEntryId).toBeTruthy();
      let entries = await entriesOf(claim.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        type: 'CLAIM_CHARGEBACK',
        direction: 'DEBIT',
        driver_id: world.orderA.driverId,
        posted_on: today,
      });
      expect(Number(entries[0].amount_cents)).toBe(25_000);
      // The same amount again: nothing new.
      await value(req('POST', `${API}/${claim.id}/chargeback`, { amount: 250 }));
      expect(await entriesOf(claim.id)).toHaveLength(1);
      // A new amount: the old one voided, the new one posted.
      await value(req('POST', `${API}/${claim.id}/chargeback`, { amount: 300 }));
      entries = await entriesOf(claim.id);
      expect(entries.map((e) => [Number(e.amount_cents), e.direction, !!e.voids_id, !!e.voided_by_id])).toEqual([
        [25_000, 'DEBIT', false, true],
        [25_000, 'CREDIT', true, false],
        [30_000, 'DEBIT', false, false],
      ]);
      const history = await get(`${API}/${claim.id}/chargeback`);
      expect(history.transaction).toMatchObject({ amount: 300, status: 'POSTED' });
      // Deleting the claim voids it; restoring posts it again.
      await value(req('DELETE', `${API}/${claim.id}`));
      expect((await entriesOf(claim.id)).filter((e) => !e.voids_id && !e.voided_by_id)).toHaveLength(0);
      const restored = await value(req('POST', `${API}/${claim.id}/restore`));
      expect(restored.chargedBackToDriver).toBe(300);
      const taken = await value(req('POST', `${API}/${claim.id}/chargeback`, { amount: 0 }));
      expect(taken.chargedBackToDriver).toBe(0);
      expect((await entriesOf(claim.id)).filter((e) => !e.voids_id && !e.voided_by_id)).toHaveLength(0);
      // The driver's balance holds the entries: net zero after taking it back.
      const net = (await entriesOf(claim.id)).reduce(
        (sum, e) => sum + (e.direction === 'DEBIT' ? -1 : 1) * Number(e.amount_cents),
        0,
      );
      expect(net).toBe(0);

      const noDriver = await create({ bookOrderId: world.orderNoDriver, vehicles: [] });
      expect(noDriver.driverId).toBeNull();
      await expectRefused(server, req('POST', `${API}/${noDriver.id}/chargeback`, { amount: 100 }), 400, 'driverId');
      await expectRefused(server, req('POST', `${API}/${claim.id}/chargeback`, { amount: -5 }), 400, 'amount');
    });

    it('settling records the payment to the claimant, only once the claim is decided and not declined', async () => {
      const claim = await create({ type: 'DELAY' });
      const pay = { amount: 500, paidOn: today, method: 'ACH', reference: 'ACH 778' };
      await expectRefused(server, req('POST', `${API}/${claim.id}/settle`, pay), 409, undefined, /Decision/);
      for (const step of ['ACKNOWLEDGE', 'COLLECT_DOCUMENTS']) await value(complete(claim.id, step));
      await value(complete(claim.id, 'DECISION', { decision: 'DECLINED' }));
      await expectRefused(server, req('POST', `${API}/${claim.id}/settle`, pay), 409, undefined, /declined/);
      await value(req('POST', `${API}/${claim.id}/steps/DECISION/undo`, {}));
      await value(complete(claim.id, 'DECISION', { decision: 'APPROVED', approvedAmount: 500 }));
      await expectRefused(
        server,
        req('POST', `${API}/${claim.id}/settle`, { ...pay, method: 'Bitcoin' }),
        400,
        'method',
      );
      await expectRefused(server, req('POST', `${API}/${claim.id}/settle`, { ...pay, amount: 0 }), 400, 'amount');
      const settled = await value(req('POST', `${API}/${claim.id}/settle`, pay));
      expect(settled).toMatchObject({ status: 'SETTLED', paid: 500, stepsDone: 4, stepsTotal: 4 });
      const [payment] = await get(`${API}/${claim.id}/settlements`);
      expect(payment).toMatchObject({
        amount: 500,
        paidOn: today,
        method: 'ACH',
        reference: 'ACH 778',
        createdById: world.assigneeA,
      });
      // Ready for bank matching: an open item of money out, by its reference, in the Banking user's open items.
      const open = (await claimSettlementItems(server.db).execute()).find(
        (item) => Number(item.item_id) === payment.id,
      );
      expect(open).toMatchObject({
        item_type: 'CLAIM_SETTLEMENT',
        expected_on: today,
        party: claim.claimantCompany,
        reference: 'ACH 778',
      });
      expect(Number(open!.amount_cents)).toBe(50_000);
      const banking = await server.login('banking@haulboard.demo');
      const items = await value(
        req(
          'GET',
          '/api/TransactionsMatching/open-items?type=CLAIM_SETTLEMENT&direction=OUT&search=ACH%20778',
          undefined,
          banking,
        ),
      );
      expect(items.items.map((item: { itemId: number; amount: number }) => [item.itemId, item.amount])).toEqual([
        [payment.id, 500],
      ]);
    });
  });

  describe('reminders', () => {
    it('acknowledge-by and decide-by are told to the assignee 7 days ahead, once per date; nothing for a claim without an assignee or done', async () => {
      const soon = await create({ receivedOn: inDays(-25) });
      const deciding = await create({ receivedOn: inDays(-115), assigneeId: world.assigneeB });
      await value(complete(deciding.id, 'ACKNOWLEDGE'));
      const nobody = await create({ receivedOn: inDays(-26), assigneeId: null });
      const far = await create({ receivedOn: inDays(-10) });
      const first = JSON.stringify(await sendClaimReminders(server.db, today));
      for (const told of [soon, deciding]) expect(first).toContain(told.claimNumber);
      for (const untold of [nobody, far]) expect(first).not.toContain(untold.claimNumber);
      expect(JSON.stringify(await sendClaimReminders(server.db, today))).not.toContain(soon.claimNumber);
      const sent = async (id: number) =>
        server.db
          .selectFrom('deadline_reminders')
          .select(['kind', 'due_on'])
          .where('record_id', '=', id)
          .where('kind', 'like', 'claim%')
          .execute();
      expect(await sent(soon.id)).toEqual([{ kind: 'claim_acknowledge', due_on: acknowledgeBy(inDays(-25)) }]);
      expect(await sent(deciding.id)).toEqual([{ kind: 'claim_decision', due_on: decideBy(inDays(-115)) }]);
      const notes = await server.db
        .selectFrom('notifications')
        .select(['user_id', 'link'])
        .where('type', '=', 'claimDeadlineSoon')
        .where('link', 'like', `%/${deciding.id}`)
        .execute();
      expect(notes).toEqual([{ user_id: world.assigneeB, link: `/app/reports/claims-tracker/create/${deciding.id}` }]);
    });
  });

  describe('permissions (ClaimsTracker)', () => {
    it('ClaimTrackerTeam and Manager do everything, DispatchManager all but delete, Administrator all; Driver, Finance and Dispatcher 403; no token 401', async () => {
      for (const role of ['ClaimTrackerTeam', 'Manager', 'DispatchManager', 'Administrator']) {
        const claim = await value(req('POST', API, claimBody(), tokens[role]));
        await value(req('GET', `${API}/get-all-claimtrackers`, undefined, tokens[role]));
        await value(req('POST', `${API}/${claim.id}/steps/ACKNOWLEDGE/complete`, {}, tokens[role]));
        const response = await send(req('DELETE', `${API}/${claim.id}`, undefined, tokens[role]));
        expect(response.status, role).toBe(role === 'DispatchManager' ? 403 : 200);
      }
      const claim = await create();
      for (const role of ['Driver', 'Finance', 'Dispatcher']) {
        for (const request of [
          req('GET', `${API}/get-all-claimtrackers`),
          req('GET', `${API}/get-claim-statuses`),
          req('GET', `${API}/${claim.id}`),
          req('POST', API, claimBody()),
          req('POST', `${API}/${claim.id}/chargeback`, { amount: 1 }),
        ]) {
          await expectRefused(server, { ...request, token: tokens[role] }, 403);
        }
      }
      for (const request of [
        req('GET', `${API}/get-all-claimtrackers`, undefined, null),
        req('GET', `${API}/get-orderIds?startsWith=A`, undefined, null),
        req('POST', API, claimBody(), null),
      ]) {
        await expectRefused(server, request, 401);
      }
    });
  });
});
