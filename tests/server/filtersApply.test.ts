import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Filters a list accepts are applied (docs/product/conventions.md#limits; found beyond the audit log): the fuel-card
 * dropdown's DriverId, and the assignment histories' sort by id and showDeleted.
 */
describe.each(DATABASES)('filters that were accepted and ignored, on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
  });
  afterAll(() => server.close());

  const get = async (url: string) => {
    const response = await server.call({ method: 'GET', url, token: admin });
    expect(response.status, `${url}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
    return response.body.value;
  };
  const today = new Date().toISOString().slice(0, 10);

  it('keeps only the cards a driver holds today in the fuel-card dropdown with DriverId', async () => {
    const holding = await server.db
      .selectFrom('unit_assignments')
      .select(['driver_id', 'fuel_card_id'])
      .where('kind', '=', 'FuelCard')
      .where('starts_on', '<=', today)
      .where((eb) => eb.or([eb('ends_on', 'is', null), eb('ends_on', '>=', today)]))
      .orderBy('driver_id')
      .executeTakeFirstOrThrow();
    const all = await get('/api/FuelCards/dropdown-list');
    const theirs = await get(`/api/FuelCards/dropdown-list?DriverId=${holding.driver_id}`);
    expect(all.length).toBeGreaterThan(theirs.length);
    expect(theirs.map((c: { id: number }) => c.id)).toEqual([holding.fuel_card_id]);
    const cardless = await server.db
      .selectFrom('drivers')
      .select('id')
      .where(
        'id',
        'not in',
        server.db.selectFrom('unit_assignments').select('driver_id').where('kind', '=', 'FuelCard'),
      )
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(await get(`/api/FuelCards/dropdown-list?DriverId=${cardless.id}`)).toEqual([]);
  });

  it('sorts assignment history by id when asked, both ways', async () => {
    for (const area of ['DriverAssignments', 'UnitAssignments']) {
      const ids = (sort: string) =>
        get(`/api/${area}/history?size=500&sort=${sort}`).then((page) => page.items.map((h: { id: number }) => h.id));
      const ascending = await ids('id');
      expect(ascending.length).toBeGreaterThan(2);
      expect(ascending, area).toEqual([...ascending].sort((a, b) => a - b));
      expect(await ids('-id'), area).toEqual([...ascending].reverse());
    }
  });

  it("leaves a deleted driver's assignments out of the history unless showDeleted", async () => {
    const driver = await server.db
      .selectFrom('unit_assignments')
      .select('driver_id')
      .orderBy('driver_id')
      .executeTakeFirstOrThrow();
    const before = await get(`/api/UnitAssignments/history?driverId=${driver.driver_id}`);
    expect(before.totalCount).toBeGreaterThan(0);
    await server.db
      .updateTable('drivers')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', driver.driver_id)
      .execute();
    expect((await get(`/api/UnitAssignments/history?driverId=${driver.driver_id}`)).totalCount).toBe(0);
    expect((await get(`/api/UnitAssignments/history?driverId=${driver.driver_id}&showDeleted=true`)).totalCount).toBe(
      before.totalCount,
    );
    await server.db.updateTable('drivers').set({ deleted_at: null }).where('id', '=', driver.driver_id).execute();
  });
});
