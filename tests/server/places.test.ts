import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import type { Db } from '../../server/db/types';
import { bulkLoadPostgres, bulkLoadSqlite } from '../../server/db/seed/bulkOrders';
import { loadOrderWorld } from '../../server/db/seed/orders';
import { milesBetween, milesBetweenZips, zipInfo, zipsOf } from '../../server/places';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

describe('the ZIP table', () => {
  it('gives a ZIP its city, state and point, and a city its ZIPs', () => {
    expect(zipInfo('77002')).toEqual({
      zip: '77002',
      city: 'Houston',
      state: 'TX',
      lat: expect.closeTo(29.76, 1),
      lon: expect.closeTo(-95.36, 1),
    });
    expect(zipInfo('02108')).toMatchObject({ city: 'Boston', state: 'MA' });
    expect(zipInfo('00000')).toBeNull();
    expect(zipsOf('Houston', 'TX')).toContain('77002');
    expect(zipsOf('Houston', 'TX').every((zip) => zipInfo(zip)?.city === 'Houston')).toBe(true);
    expect(zipsOf('Houston', 'CA')).toEqual([]);
  });

  it('measures great-circle miles between points and between ZIP centroids', () => {
    // A degree of longitude on the equator is the earth's circumference over 360.
    expect(milesBetween({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBeCloseTo((2 * Math.PI * 3958.8) / 360, 6);
    expect(milesBetween({ lat: 40, lon: -100 }, { lat: 40, lon: -100 })).toBe(0);
    // Downtown Houston to downtown Dallas is about 225 miles as the crow flies; either way round.
    expect(milesBetweenZips('77002', '75201')).toBeGreaterThan(215);
    expect(milesBetweenZips('77002', '75201')).toBeLessThan(235);
    expect(milesBetweenZips('75201', '77002')).toBe(milesBetweenZips('77002', '75201'));
    expect(milesBetweenZips('77002', '00000')).toBeNull();
  });
});

interface Stop {
  what: string;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Every address the seed wrote: both stops of each book order from `fromId` on, and every shipper and broker. */
async function seededStops(db: Db, fromId = 0): Promise<Stop[]> {
  const { rows } = await sql<Stop>`
    select 'order ' || o.id || ' pickup' as what, o.pickup_city as city, s.abbreviation as state, o.pickup_zip as zip
      from book_orders o join states s on s.id = o.pickup_state_id where o.id >= ${fromId}
    union all
    select 'order ' || o.id || ' delivery', o.delivery_city, s.abbreviation, o.delivery_zip
      from book_orders o join states s on s.id = o.delivery_state_id where o.id >= ${fromId}
    union all
    select 'shipper ' || x.id, x.city, s.abbreviation, x.zip from shippers x left join states s on s.id = x.state_id
    union all
    select 'broker ' || x.id, x.city, s.abbreviation, x.zip from brokers x left join states s on s.id = x.state_id`.execute(
    db,
  );
  return rows;
}

/** The stops whose ZIP is not one of their city's in their state, by the table. */
const mismatches = (stops: Stop[]) =>
  stops.filter((stop) => {
    const place = stop.zip ? zipInfo(stop.zip) : null;
    return !place || place.city !== stop.city || place.state !== stop.state;
  });

describe.each(DATABASES)('seeded places on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server?.close());

  it('gives every stop of every demo order, and every shipper and broker, a ZIP of its city and state', async () => {
    const stops = await seededStops(server.db);
    expect(stops.length).toBeGreaterThan(4000);
    expect(mismatches(stops)).toEqual([]);
    // Real routes: the ZIPs are many and the miles vary (no constant ZIP per city).
    expect(new Set(stops.map((s) => s.zip)).size).toBeGreaterThan(500);
  });

  it('does the same for the benchmark data set', async () => {
    const last = await server.db
      .selectFrom('book_orders')
      .select(({ fn }) => fn.max('id').as('max'))
      .executeTakeFirstOrThrow();
    const plan = {
      world: await loadOrderWorld(server.db),
      firstId: Number(last.max) + 1,
      count: 3000,
      log: () => undefined,
    };
    if (kind === 'sqlite') {
      // The bulk load takes the file with a connection of its own, as npm run seed does.
      await server.app.close();
      await bulkLoadSqlite(server.config.dataDir + '/haulboard.db', plan);
      const reopened = openDatabase({ databaseUrl: null, dataDir: server.config.dataDir });
      try {
        const stops = await seededStops(reopened.db, plan.firstId);
        expect(stops.filter((s) => s.what.startsWith('order'))).toHaveLength(2 * plan.count);
        expect(mismatches(stops)).toEqual([]);
      } finally {
        await reopened.close();
      }
    } else {
      await bulkLoadPostgres(server.db, plan);
      const stops = await seededStops(server.db, plan.firstId);
      expect(stops.filter((s) => s.what.startsWith('order'))).toHaveLength(2 * plan.count);
      expect(mismatches(stops)).toEqual([]);
    }
  });
});
