import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIso } from '../../schema/expiry';
import { OFFBOARDING_STEPS } from '../../schema/offboarding';
import { expectRefused, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Driver off-boarding (docs/product/people.md): the list and each driver's picture equal the test's own reading of the
 * tables (every ledger entry summed here, assignments, tickets and claims counted here); a step whose data is still
 * open is refused until it is resolved; ticking keeps who and when, unticking removes it, both audited; who may read
 * and write; bad input refused and nothing written.
 */

const today = todayIso();
const FINISHED = ['SETTLED', 'CLOSED', 'DECLINED'];

describe.each(DATABASES)('driver off-boarding on %s', (kind) => {
  let server: TestServer;
  let manager: string;

  /** What the test expects of a driver, from the tables. */
  const expectedOf = async (driverId: number) => {
    const {
      rows: [money],
    } = await sql<{ balance: number; escrow: number }>`
      select coalesce(sum(case when direction = 'CREDIT' then amount_cents else -amount_cents end), 0) as balance,
             coalesce(sum(case when type in ('ESCROW_DEPOSIT', 'ESCROW_RELEASE') then (case when direction = 'DEBIT' then amount_cents else -amount_cents end) else 0 end), 0) as escrow
      from driver_transactions where driver_id = ${driverId}`.execute(server.db);
    const running = (
      await server.db
        .selectFrom('unit_assignments')
        .select(['kind', 'ends_on'])
        .where('driver_id', '=', driverId)
        .execute()
    ).filter((a) => a.ends_on === null || a.ends_on >= today);
    const tickets = (
      await server.db.selectFrom('tickets').select(['status', 'deleted_at']).where('driver_id', '=', driverId).execute()
    ).filter((t) => !t.deleted_at && t.status !== 'CLOSED');
    const claims = (
      await server.db.selectFrom('claims').select(['status', 'deleted_at']).where('driver_id', '=', driverId).execute()
    ).filter((c) => !c.deleted_at && !FINISHED.includes(c.status));
    return {
      balance: Number(money.balance) / 100,
      escrow: Number(money.escrow) / 100,
      units: running.filter((a) => a.kind !== 'FuelCard').length,
      cards: running.filter((a) => a.kind === 'FuelCard').length,
      tickets: tickets.length,
      claims: claims.length,
    };
  };
  const terminated = async () =>
    await server.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name', 'terminated_on'])
      .where('terminated_on', 'is not', null)
      .where('deleted_at', 'is', null)
      .execute();

  beforeAll(async () => {
    server = await startTestServer(kind);
    manager = await server.login('manager@haulboard.demo');
    // Money on each terminated driver's ledger, posted as finance would (the demo ledgers take a minute to seed).
    const finance = await server.login('finance@haulboard.demo');
    for (const [index, driver] of (await terminated()).entries()) {
      for (const entry of [
        { type: 'LOAD_PAY', direction: 'CREDIT', amount: 1750 + index },
        { type: 'ESCROW_DEPOSIT', direction: 'DEBIT', amount: 500 },
        { type: 'FUEL_ADVANCE', direction: 'DEBIT', amount: 120.35 },
        ...(index % 2 ? [{ type: 'ESCROW_RELEASE', direction: 'CREDIT', amount: 200 }] : []),
      ]) {
        const posted = await server.call({
          method: 'POST',
          url: '/api/DriverTransactions',
          token: finance,
          payload: { postedOn: addDays(today, -60), driverId: driver.id, moneySource: 'company', ...entry },
        });
        expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      }
    }
  }, 120_000);
  afterAll(() => server?.close());

  it('lists every driver with a termination date, with the money and open items the tables hold', async () => {
    const drivers = await terminated();
    expect(drivers.length).toBeGreaterThan(0);
    const response = await server.call({ method: 'GET', url: '/api/OffBoarding?state=all&size=500', token: manager });
    expect(response.status).toBe(200);
    const { items, totalCount } = response.body.value;
    expect(totalCount).toBe(drivers.length);
    expect(items.map((r: { id: number }) => r.id).sort((a: number, b: number) => a - b)).toEqual(
      drivers.map((d) => d.id).sort((a, b) => a - b),
    );
    expect(items.every((r: { balance: number; escrow: number }) => r.balance !== 0 && r.escrow !== 0)).toBe(true);
    for (const row of items) {
      const want = await expectedOf(row.id);
      const driver = drivers.find((d) => d.id === row.id)!;
      expect(row).toEqual({
        id: row.id,
        name: `${driver.first_name} ${driver.last_name}`,
        terminatedOn: driver.terminated_on,
        balance: want.balance,
        escrow: want.escrow,
        openItems:
          want.units +
          want.cards +
          want.tickets +
          want.claims +
          (want.balance !== 0 ? 1 : 0) +
          (want.escrow !== 0 ? 1 : 0),
        stepsDone: 0,
        steps: OFFBOARDING_STEPS.length,
      });
    }
    // Sorted by termination date by default; by name when asked; searched by name.
    expect(items.map((r: { terminatedOn: string }) => r.terminatedOn)).toEqual(
      [...items.map((r: { terminatedOn: string }) => r.terminatedOn)].sort(),
    );
    const byName = (
      await server.call({ method: 'GET', url: '/api/OffBoarding?state=all&sort=-name', token: manager })
    ).body.value.items.map((r: { name: string }) => r.name);
    expect(byName).toEqual([...byName].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    const one = drivers[0];
    const searched = (
      await server.call({
        method: 'GET',
        url: `/api/OffBoarding?state=all&search=${encodeURIComponent(one.last_name.toLowerCase())}`,
        token: manager,
      })
    ).body.value.items;
    expect(searched.map((r: { id: number }) => r.id)).toContain(one.id);
    for (const row of searched) expect(row.name.toLowerCase()).toContain(one.last_name.toLowerCase());
  });

  it('a driver’s picture names what is open; a step is refused while it is, and ticks once it is resolved', async () => {
    const drivers = await terminated();
    const driver = drivers[0];
    // Give the driver something open of each kind the checks read: escrow held, a truck, an open ticket.
    const unit = await server.db
      .selectFrom('units')
      .select(['id', 'unit_number'])
      .where('unit_type', '=', 'Truck')
      .where('deleted_at', 'is', null)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await server.db
      .insertInto('unit_assignments')
      .values({
        driver_id: driver.id,
        unit_id: unit.id,
        kind: 'Truck',
        starts_on: addDays(today, -5),
        ends_on: null,
        created_at: now,
      } as never)
      .execute();
    const picture = (await server.call({ method: 'GET', url: `/api/OffBoarding/${driver.id}`, token: manager })).body
      .value;
    const want = await expectedOf(driver.id);
    expect({
      balance: picture.balance,
      escrow: picture.escrow,
      units: picture.units.length,
      fuelCards: picture.fuelCards.length,
      tickets: picture.tickets.length,
      claims: picture.claims.length,
    }).toEqual({
      balance: want.balance,
      escrow: want.escrow,
      units: want.units,
      fuelCards: want.cards,
      tickets: want.tickets,
      claims: want.claims,
    });
    expect(picture.units).toContain(`truck ${unit.unit_number}`);
    const unitsStep = picture.steps.find((s: { key: string }) => s.key === 'units_returned');
    expect(unitsStep.blockedBy).toContain(`truck ${unit.unit_number}`);

    // Refused while the truck is assigned, and nothing written.
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: 'units_returned' },
      },
      409,
      undefined,
      /cannot be ticked yet: Still assigned: .*truck/,
    );
    // Ended on the board (yesterday): the step ticks, with who and when, and is audited.
    await server.db
      .updateTable('unit_assignments')
      .set({ ends_on: addDays(today, -1) })
      .where('driver_id', '=', driver.id)
      .where('ends_on', 'is', null)
      .execute();
    const ticked = await server.call({
      method: 'POST',
      url: `/api/OffBoarding/${driver.id}/steps`,
      token: manager,
      payload: { step: 'units_returned', note: 'Truck back at the yard' },
    });
    expect(ticked.status, JSON.stringify(ticked.body)).toBe(200);
    const step = ticked.body.value.steps.find((s: { key: string }) => s.key === 'units_returned');
    expect(step).toMatchObject({ blockedBy: null, note: 'Truck back at the yard' });
    expect(step.doneBy).toMatch(/\S+ \S+/);
    expect(Date.parse(step.doneAt)).toBeGreaterThan(Date.now() - 60_000);
    // Twice is refused; a manual step ticks; the list counts both.
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: 'units_returned' },
      },
      409,
      undefined,
      /already ticked/,
    );
    expect(
      (
        await server.call({
          method: 'POST',
          url: `/api/OffBoarding/${driver.id}/steps`,
          token: manager,
          payload: { step: 'equipment_returned' },
        })
      ).status,
    ).toBe(200);
    const listed = (
      await server.call({ method: 'GET', url: '/api/OffBoarding?state=all&size=500', token: manager })
    ).body.value.items.find((r: { id: number }) => r.id === driver.id);
    expect(listed.stepsDone).toBe(2);
    // Unticked: gone, and both changes are in the audit log.
    const unticked = await server.call({
      method: 'DELETE',
      url: `/api/OffBoarding/${driver.id}/steps/equipment_returned`,
      token: manager,
    });
    expect(unticked.status).toBe(200);
    expect(unticked.body.value.steps.find((s: { key: string }) => s.key === 'equipment_returned').doneAt).toBeNull();
    const logged = await server.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity', '=', 'driver')
      .where('entity_id', '=', String(driver.id))
      .where('action', 'like', 'offboarding.%')
      .execute();
    expect(logged.map((l) => l.action).sort()).toEqual([
      'offboarding.step.done',
      'offboarding.step.done',
      'offboarding.step.undone',
    ]);
    await expectRefused(
      server,
      { method: 'DELETE', url: `/api/OffBoarding/${driver.id}/steps/equipment_returned`, token: manager },
      404,
    );
  });

  it('the states: open lists those with steps left, done those with every step ticked', async () => {
    const drivers = await terminated();
    const driver = drivers[drivers.length - 1];
    const picture = (await server.call({ method: 'GET', url: `/api/OffBoarding/${driver.id}`, token: manager })).body
      .value;
    // Tick every step as the data allows, resolving what blocks in the tables directly (as the ledger, the board … would).
    await server.db
      .updateTable('unit_assignments')
      .set({ ends_on: addDays(today, -1) })
      .where('driver_id', '=', driver.id)
      .execute();
    await server.db.updateTable('tickets').set({ status: 'CLOSED' }).where('driver_id', '=', driver.id).execute();
    await server.db.updateTable('claims').set({ status: 'CLOSED' }).where('driver_id', '=', driver.id).execute();
    await server.db
      .insertInto('driver_balances')
      .values({ driver_id: driver.id, credits_cents: 0, debits_cents: 0, escrow_cents: 0, entries: 0 })
      .onConflict((oc) => oc.column('driver_id').doUpdateSet({ credits_cents: 0, debits_cents: 0, escrow_cents: 0 }))
      .execute();
    for (const step of picture.steps) {
      if (step.doneAt) continue;
      const answer = await server.call({
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: step.key },
      });
      expect(answer.status, `${step.key}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
    const ids = async (state: string) =>
      (
        await server.call({ method: 'GET', url: `/api/OffBoarding?state=${state}&size=500`, token: manager })
      ).body.value.items.map((r: { id: number }) => r.id);
    expect(await ids('done')).toContain(driver.id);
    expect(await ids('open')).not.toContain(driver.id);
    expect((await ids('open')).length + (await ids('done')).length).toBe(drivers.length);
  });

  it('the list as CSV: the same rows, money with cents', async () => {
    const listed = (await server.call({ method: 'GET', url: '/api/OffBoarding?state=all&size=500', token: manager }))
      .body.value.items;
    const csv = await server.call({ method: 'GET', url: '/api/OffBoarding/export?state=all', token: manager });
    expect(csv.status).toBe(200);
    const lines = parseCsv(String(csv.body).replace(/^\uFEFF/, ''));
    expect(lines[0]).toEqual([
      'Driver',
      'Terminated',
      'Ending balance',
      'Escrow held',
      'Open items',
      'Steps done',
      'Steps',
    ]);
    expect(
      lines
        .slice(1)
        .filter((l) => l.length > 1)
        .map((l) => l[0]),
    ).toEqual(listed.map((r: { name: string }) => r.name));
    expect(lines[1][2]).toBe(listed[0].balance.toFixed(2));
  });

  it('who may read and tick; unknown drivers, steps and bad input are refused', async () => {
    const driver = (await terminated())[0];
    expect((await server.call({ method: 'GET', url: '/api/OffBoarding' })).status).toBe(401);
    const dispatcher = await server.login('dispatcher@haulboard.demo');
    expect((await server.call({ method: 'GET', url: '/api/OffBoarding', token: dispatcher })).status).toBe(403);
    expect((await server.call({ method: 'GET', url: `/api/OffBoarding/${driver.id}`, token: dispatcher })).status).toBe(
      403,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: dispatcher,
        payload: { step: 'records_filed' },
      },
      403,
    );
    const claims = await server.login('claimtrackerteam@haulboard.demo');
    expect((await server.call({ method: 'GET', url: '/api/OffBoarding', token: claims })).status).toBe(200);
    const active = await server.db
      .selectFrom('drivers')
      .select('id')
      .where('terminated_on', 'is', null)
      .executeTakeFirstOrThrow();
    await expectRefused(server, { method: 'GET', url: `/api/OffBoarding/${active.id}`, token: manager }, 404);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${active.id}/steps`,
        token: manager,
        payload: { step: 'records_filed' },
      },
      404,
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/OffBoarding/99999999/steps', token: manager, payload: { step: 'records_filed' } },
      404,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: 'paint_the_truck' },
      },
      400,
      'step',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: 'records_filed', note: 'x'.repeat(501) },
      },
      400,
      'note',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: 'records_filed', note: 5 },
      },
      400,
      'note',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/OffBoarding/${driver.id}/steps`,
        token: manager,
        payload: { step: 'records_filed', done: true },
      },
      400,
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/OffBoarding/abc/steps', token: manager, payload: { step: 'records_filed' } },
      400,
      'driverId',
    );
    for (const query of ['state=gone', 'sort=salary', 'size=100000', 'page=-1', 'colour=red']) {
      expect(
        (await server.call({ method: 'GET', url: `/api/OffBoarding?${query}`, token: manager })).status,
        query,
      ).toBe(400);
    }
  });
});
