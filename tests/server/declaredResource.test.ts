import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../../server/db/scaffold';
import { expectRefused, idOf, inDays, parseCsv } from '../helpers/records';
import { columnKey, columnsOf, indexedColumns, indexesOf, leadingIndex } from '../helpers/schema';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { yardSpots } from '../helpers/yardSpots';

/**
 * A resource declared once (resources/README.md). A throw-away definition (tests/helpers/yardSpots.ts) and the
 * migration the scaffold writes for it (npm run new-migration) make a working API with no other code: list, search,
 * filters, create, validation, update, version conflict, delete, restore, CSV, access by the governing feature, and a
 * sidebar entry under that feature without a permission of its own.
 */
const DB_DIR = fileURLToPath(new URL('../../server/db/', import.meta.url));

/** The scaffold's migration, written where a migration lives (so its imports resolve) and imported like one. */
async function scaffoldedMigration(): Promise<Migration> {
  const dir = fs.mkdtempSync(path.join(DB_DIR, 'scratch-'));
  try {
    const file = path.join(dir, '999_yard_spots.ts');
    fs.writeFileSync(file, migrationSource(yardSpots));
    return (await import(/* @vite-ignore */ file)) as Migration;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe.each(DATABASES)('a resource declared once (yard spots) on %s', (kind) => {
  let server: TestServer;
  const token: Record<string, string> = {};
  let tx: number;
  let ca: number;

  beforeAll(async () => {
    server = await startTestServer(
      kind,
      {},
      { extraResources: [yardSpots], extraMigrations: { '999_yard_spots': await scaffoldedMigration() } },
    );
    for (const role of ['fleetmanager', 'claimtrackerteam', 'dispatcher'])
      token[role] = await server.login(`${role}@haulboard.demo`);
    tx = await idOf(server, 'states', 'abbreviation', 'TX');
    ca = await idOf(server, 'states', 'abbreviation', 'CA');
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'fleetmanager') =>
    server.call({ method, url, payload: payload as never, token: token[as] });
  const spot = (overrides: Record<string, unknown> = {}) => ({
    code: 'n-01',
    yard: 'North Houston yard',
    stateId: tx,
    kind: 'TRAILER',
    slots: 2,
    covered: true,
    monthlyRent: 1250.5,
    leaseEndsOn: inDays(10),
    ...overrides,
  });

  it('migrates to the columns and indexes its definition derives', async () => {
    expect((await columnsOf(server.db, kind, 'yard_spots')).map(columnKey).sort()).toEqual(
      yardSpots.columns.map(columnKey).sort(),
    );
    const indexes = await indexesOf(server.db, kind, 'yard_spots');
    expect(indexedColumns(yardSpots).filter((wanted) => !leadingIndex(indexes, wanted))).toEqual([]);
  });

  it('creates, refuses bad fields and duplicates, updates by version, deletes and restores', async () => {
    const created = await call('POST', '/api/YardSpots', spot());
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const s = created.body.value;
    expect(s).toMatchObject({
      id: expect.any(Number),
      version: 1,
      deleted: false,
      code: 'N-01',
      yard: 'North Houston yard',
      stateId: tx,
      state: 'TX',
      kind: 'TRAILER',
      slots: 2,
      covered: true,
      monthlyRent: 1250.5,
    });
    expect(s.expiry).toEqual([{ field: 'leaseEndsOn', on: inDays(10), state: 'due' }]);
    expect((await call('GET', `/api/YardSpots/${s.id}`)).body.value).toEqual(s);

    for (const [body, field] of [
      [spot({ code: 'N 01' }), 'code'],
      [spot({ monthlyRent: -5 }), 'monthlyRent'],
      [spot({ monthlyRent: 10.005 }), 'monthlyRent'],
      [spot({ kind: 'BOAT' }), 'kind'],
      [spot({ stateId: 999_999 }), 'stateId'],
      [spot({ slots: 0 }), 'slots'],
      [spot({ leaseEndsOn: '2026-02-30' }), 'leaseEndsOn'],
      [spot({ yard: '' }), 'yard'],
      [spot({ covered: 'yes' }), 'covered'],
    ] as const)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/YardSpots', payload: body, token: token.fleetmanager },
        400,
        field,
      );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/YardSpots', payload: spot({ code: 'N-01' }), token: token.fleetmanager },
      409,
      'code',
    );

    const updated = await call('PUT', `/api/YardSpots/${s.id}`, { ...spot({ monthlyRent: 1300 }), version: 1 });
    expect(updated.body.value).toMatchObject({ version: 2, monthlyRent: 1300 });
    const stale = await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/YardSpots/${s.id}`,
        payload: { ...spot({ monthlyRent: 1 }), version: 1 },
        token: token.fleetmanager,
      },
      409,
    );
    expect(stale.body.current).toMatchObject({ version: 2, monthlyRent: 1300 });

    expect((await call('DELETE', `/api/YardSpots/${s.id}`)).body.value).toMatchObject({ deleted: true, version: 3 });
    expect((await call('GET', '/api/YardSpots?search=n-01')).body.value.totalCount).toBe(0);
    expect((await call('GET', '/api/YardSpots?search=n-01&showDeleted=true')).body.value.totalCount).toBe(1);
    expect((await call('POST', `/api/YardSpots/${s.id}/restore`)).body.value).toMatchObject({
      deleted: false,
      version: 4,
    });
  });

  it('searches, filters, sorts and pages its list, and refuses what it does not know', async () => {
    for (const body of [
      spot({
        code: 'S-01',
        yard: 'South Dallas yard',
        kind: 'TRUCK',
        covered: false,
        monthlyRent: 800,
        leaseEndsOn: inDays(400),
      }),
      spot({ code: 'S-02', yard: 'South Dallas yard', kind: 'CAR', monthlyRent: 300, leaseEndsOn: inDays(-3) }),
      spot({ code: 'W-01', yard: 'West LA yard', stateId: ca, kind: 'TRAILER', monthlyRent: 2000, leaseEndsOn: null }),
    ])
      expect((await call('POST', '/api/YardSpots', body)).status).toBe(200);
    const codes = async (query: string) =>
      (await call('GET', `/api/YardSpots?${query}`)).body.value.items.map((s: { code: string }) => s.code);
    expect(await codes('search=dallas')).toEqual(['S-01', 'S-02']);
    expect(await codes('kind=TRAILER')).toEqual(['N-01', 'W-01']);
    expect(await codes('covered=false')).toEqual(['S-01']);
    expect(await codes(`stateId=${ca}`)).toEqual(['W-01']);
    expect(await codes('yard=south%20dallas%20yard')).toEqual(['S-01', 'S-02']);
    expect(await codes('expiring=true')).toEqual(['N-01', 'S-02']);
    expect(await codes('sort=-monthlyRent')).toEqual(['W-01', 'N-01', 'S-01', 'S-02']);
    expect(await codes('sort=monthlyRent&size=2&page=1')).toEqual(['N-01', 'W-01']);
    for (const query of ['sort=notes', 'kind=BOAT', 'color=red', 'size=501'])
      expect((await call('GET', `/api/YardSpots?${query}`)).status, query).toBe(400);
  });

  it('exports the filtered list as CSV, headed by the definition’s labels', async () => {
    const csv = await call('GET', '/api/YardSpots/export?kind=TRAILER', undefined, 'claimtrackerteam');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-disposition'])).toMatch(/filename="yard-spots-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual([
      'Spot code',
      'Yard',
      'State',
      'For',
      'Slots',
      'Covered',
      'Monthly rent',
      'Lease ends',
      'Notes',
      'Expiry',
      'Deleted',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[3], r[5], r[6]])).toEqual([
      ['N-01', 'TX', 'TRAILER', 'yes', '1300.00'],
      ['W-01', 'CA', 'TRAILER', 'yes', '2000.00'],
    ]);
  });

  it('is governed by Vehicles: its readers read it, its writers write it, everyone else gets 403, no token 401', async () => {
    expect((await call('GET', '/api/YardSpots', undefined, 'claimtrackerteam')).status).toBe(200);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/YardSpots', payload: spot({ code: 'X-1' }), token: token.claimtrackerteam },
      403,
    );
    expect((await call('GET', '/api/YardSpots', undefined, 'dispatcher')).status).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/YardSpots' })).status).toBe(401);
  });

  it('has a sidebar entry among those right after Vehicles that Vehicles governs, with Vehicles’ permissions and none of its own', async () => {
    const features = async (as: string) =>
      (await call('GET', '/api/Auth/features/get', undefined, as)).body.value.flatMap(
        (g: { name: string; features: object[] }) => g.features.map((f) => ({ ...f, group: g.name })),
      );
    const fleet = await features('fleetmanager');
    const vehicles = fleet.find((f: { key: string }) => f.key === 'Vehicles');
    const spots = fleet.find((f: { key: string }) => f.key === 'YardSpots');
    expect(spots).toMatchObject({
      title: 'Yard spots',
      uri: '/app/management/yard-spots',
      icon: 'RvHookup',
      parentFeatureId: vehicles.id,
      group: vehicles.group,
    });
    expect(spots.permissions.sort()).toEqual(vehicles.permissions.sort());
    // Among Vehicles' own entries (the product may declare others, as trailers would be), right after Vehicles.
    const underVehicles = (list: { key: string; parentFeatureId?: number }[]) => {
      const at = list.findIndex((f) => f.key === 'Vehicles');
      const own = list.slice(at + 1);
      const end = own.findIndex((f) => f.parentFeatureId !== vehicles.id);
      return (end < 0 ? own : own.slice(0, end)).map((f) => f.key);
    };
    expect(underVehicles(fleet)).toContain('YardSpots');
    // A layout made before the resource existed has no place for it: it still comes among Vehicles' own entries.
    await server.db.deleteFrom('feature_group_items').where('feature_id', '=', spots.id).execute();
    const later = await features('fleetmanager');
    expect(underVehicles(later)).toContain('YardSpots');
    expect((await features('dispatcher')).some((f: { key: string }) => f.key === 'YardSpots')).toBe(false);
    const grants = await server.db
      .selectFrom('role_feature_permissions as p')
      .innerJoin('features as f', 'f.id', 'p.feature_id')
      .select('p.permission')
      .where('f.key', '=', 'YardSpots')
      .execute();
    expect(grants).toEqual([]);
  });
});
