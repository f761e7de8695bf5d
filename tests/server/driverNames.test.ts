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
    const [a, b, c] = await server.db
      .selectFrom('drivers')
      .select(['id', 'first_name', 'last_name'])
      .where('deleted_at', 'is', null)
      .where('terminated_on', 'is', null)
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
