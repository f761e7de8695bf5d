import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * GET /api/Driver/GetAllNames: staff who pick drivers get every driver (terminated ones with showDeleted); a driver,
 * whose screens never pick another driver, gets their own record alone, whatever they ask.
 */
describe.each(DATABASES)('driver names on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const names = async (email: string, query = '') => {
    const response = await server.call({
      method: 'GET',
      url: `/api/Driver/GetAllNames${query}`,
      token: await server.login(email),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value as { id: number; name: string; userId: number | null; terminatedOn: string | null }[];
  };

  it('gives a driver their own entry alone, and showDeleted nothing more', async () => {
    const me = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'driver@haulboard.demo')
      .executeTakeFirstOrThrow();
    const own = await server.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name'])
      .where('user_id', '=', me.id)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const expected = [
      expect.objectContaining({ id: own.id, name: `${own.first_name} ${own.last_name}`, userId: me.id }),
    ];
    expect(await names('driver@haulboard.demo')).toEqual(expected);
    expect(await names('driver@haulboard.demo', '?showDeleted=true')).toEqual(expected);
    expect(await names('driver@haulboard.demo', '?ShowDeleted=true')).toEqual(expected);
  });

  it('tells two drivers of the same name apart by their phone’s last digits, or their number', async () => {
    // Drivers with loads, so that the order list below has rows of theirs to name.
    const [a, b, c] = await server.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name'])
      .where('deleted_at', 'is', null)
      .where('terminated_on', 'is', null)
      .where((eb) =>
        eb.exists(eb.selectFrom('book_orders as o').select('o.id').whereRef('o.driver_id', '=', 'drivers.id')),
      )
      .orderBy('id')
      .limit(3)
      .execute();
    await server.db
      .updateTable('drivers')
      .set({ first_name: 'Twin', last_name: 'Smith', phone: '5550104567' })
      .where('id', '=', a.id)
      .execute();
    await server.db
      .updateTable('drivers')
      .set({ first_name: 'Twin', last_name: 'Smith', phone: null })
      .where('id', '=', b.id)
      .execute();
    const listed = new Map((await names('dispatcher@haulboard.demo')).map((d) => [d.id, d.name]));
    expect(listed.get(a.id)).toBe('Twin Smith (phone …4567)');
    expect(listed.get(b.id)).toBe(`Twin Smith (#${b.id})`);
    expect(listed.get(c.id)).toBe(`${c.first_name} ${c.last_name}`);

    // Every screen that names drivers names the twins the same way, never as bare "Twin Smith" (the name differs in
    // case on purpose: a dispatcher reads "twin smith" and "Twin Smith" as one name).
    await server.db
      .updateTable('drivers')
      .set({ first_name: 'twin', last_name: 'SMITH' })
      .where('id', '=', b.id)
      .execute();
    const month = new Date().toISOString().slice(0, 7);
    const screens = [
      `/api/Driver?search=twin&size=500`,
      `/api/Driver/GetAllNames`,
      `/api/BookOrder/filter-books?driverId=${a.id}&filtered=all&size=5`,
      `/api/BookOrder/filter-books?driverId=${b.id}&filtered=all&size=5`,
      `/api/Driver/get-balances-state?size=500`,
      `/api/DriverTransactions?driverId=${a.id}&size=5`,
      `/api/DriverTransactions?driverId=${b.id}&size=5`,
      `/api/DriverAssignments/current?size=500`,
      `/api/calendar/month?month=${month}`,
    ];
    const admin = await server.login('administrator@haulboard.demo');
    for (const driverId of [a.id, b.id]) {
      const posted = await server.call({
        method: 'POST',
        url: '/api/DriverTransactions',
        token: admin,
        payload: {
          postedOn: month + '-01',
          driverId,
          type: 'FUEL_ADVANCE',
          direction: 'DEBIT',
          amount: 12.5,
          moneySource: 'company',
        },
      });
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    }
    for (const url of screens) {
      const response = await server.call({ method: 'GET', url, token: admin });
      expect(response.status, `${url}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
      const text = JSON.stringify(response.body);
      expect(text, url).not.toMatch(/"twin smith"/i);
      expect(text, url).toMatch(/Twin Smith \(phone …4567\)|twin SMITH \(#\d+\)/);
    }
    for (const d of [a, b])
      await server.db
        .updateTable('drivers')
        .set({ first_name: d.first_name, last_name: d.last_name })
        .where('id', '=', d.id)
        .execute();
  });

  it('gives a dispatcher every driver still driving, and the terminated ones too with showDeleted', async () => {
    const all = await server.db.selectFrom('drivers').select(['id', 'terminated_on', 'deleted_at']).execute();
    const today = new Date().toISOString().slice(0, 10);
    const driving = all.filter((d) => d.deleted_at === null && (d.terminated_on === null || d.terminated_on > today));
    expect(all.length).toBeGreaterThan(driving.length);
    expect((await names('dispatcher@haulboard.demo')).map((d) => d.id).sort((a, b) => a - b)).toEqual(
      driving.map((d) => d.id).sort((a, b) => a - b),
    );
    expect(
      (await names('dispatcher@haulboard.demo', '?showDeleted=true')).map((d) => d.id).sort((a, b) => a - b),
    ).toEqual(all.map((d) => d.id).sort((a, b) => a - b));
  });
});
