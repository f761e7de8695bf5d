import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_RESOURCES } from '../../schema/resources';
import { expectRefused, idOf, inDays, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The generic record routes (server/modules/records) through three of their declarations: shippers, brokers and
 * carriers — permissions, every validation, versions, uniqueness, references, soft delete, lists and CSV.
 */
describe.each(DATABASES)('record routes (shippers, brokers, carriers) on %s', (kind) => {
  let server: TestServer;
  const token: Record<string, string> = {};
  let tx: number;
  let ca: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const role of [
      'administrator',
      'manager',
      'dispatchmanager',
      'dispatcher',
      'finance',
      'fleetmanager',
      'driver',
    ])
      token[role] = await server.login(`${role}@haulboard.demo`);
    tx = await idOf(server, 'states', 'abbreviation', 'TX');
    ca = await idOf(server, 'states', 'abbreviation', 'CA');
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'administrator') =>
    server.call({ method, url, payload: payload as never, token: token[as] });
  const shipper = (overrides: Record<string, unknown> = {}) => ({
    name: 'Test Motors',
    contactName: 'Ann Lee',
    phone: '(555) 123-4567',
    email: 'ann@testmotors.example',
    address: '1 Main St',
    city: 'Houston',
    stateId: tx,
    zip: '77001',
    ...overrides,
  });
  const broker = (overrides: Record<string, unknown> = {}) => ({
    name: 'Test Logistics',
    mcNumber: 'MC-1234567',
    usdotNumber: '7654321',
    phone: '555-222-3333',
    email: 'ops@testlogistics.example',
    city: 'Dallas',
    stateId: tx,
    paymentTermsDays: 15,
    status: 'ACTIVE',
    contacts: [{ name: 'Bo Diaz', phone: '555 222 4444', email: 'bo@testlogistics.example', role: 'Dispatch' }],
    ...overrides,
  });
  const carrier = (overrides: Record<string, unknown> = {}) => ({
    code: 'testco',
    name: 'Test Carrier LLC',
    mcNumber: '998877',
    usdotNumber: '3344556',
    authorities: [{ type: 'COMMON', docketNumber: 'MC 998877', status: 'ACTIVE', grantedOn: '2020-01-15' }],
    insurance: {
      insurer: 'Sentry Insurance',
      policyNumber: 'CA-1',
      cargoCoverage: 250000,
      liabilityCoverage: 1000000,
      expiresOn: inDays(200),
    },
    ...overrides,
  });

  it('answers 401 without a token and refuses roles without the screen with 403, writing nothing', async () => {
    for (const url of ['/api/Shipper', '/api/Brokers', '/api/Carriers', '/api/Shipper/1', '/api/Brokers/export']) {
      expect((await server.call({ method: 'GET', url })).status, url).toBe(401);
    }
    const reads: [string, string[], string[]][] = [
      [
        '/api/Shipper',
        ['administrator', 'manager', 'dispatchmanager'],
        ['dispatcher', 'finance', 'fleetmanager', 'driver'],
      ],
      [
        '/api/Brokers',
        ['administrator', 'manager', 'dispatchmanager'],
        ['dispatcher', 'finance', 'fleetmanager', 'driver'],
      ],
      [
        '/api/Carriers',
        ['administrator', 'manager'],
        ['dispatchmanager', 'dispatcher', 'finance', 'fleetmanager', 'driver'],
      ],
    ];
    for (const [url, allowed, refused] of reads) {
      for (const role of allowed) expect((await call('GET', url, undefined, role)).status, `${role} ${url}`).toBe(200);
      for (const role of refused) expect((await call('GET', url, undefined, role)).status, `${role} ${url}`).toBe(403);
    }
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Shipper', payload: shipper(), token: token.dispatcher },
      403,
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Carriers', payload: carrier(), token: token.dispatchmanager },
      403,
    );
    await expectRefused(server, { method: 'DELETE', url: '/api/Brokers/1', token: token.finance }, 403);
    await expectRefused(server, { method: 'POST', url: '/api/Shipper', payload: shipper() }, 401);
  });

  it('creates, reads, updates by version, soft-deletes and restores a shipper, auditing each write', async () => {
    const created = await call('POST', '/api/Shipper', shipper({ email: 'ANN@TESTMOTORS.EXAMPLE' }), 'manager');
    expect(created.status).toBe(200);
    const s = created.body.value;
    expect(s).toMatchObject({
      id: expect.any(Number),
      version: 1,
      deleted: false,
      name: 'Test Motors',
      phone: '5551234567',
      email: 'ann@testmotors.example',
      state: 'TX',
      zip: '77001',
    });
    expect((await call('GET', `/api/Shipper/${s.id}`)).body.value).toEqual(s);

    const updated = await call(
      'PUT',
      `/api/Shipper/${s.id}`,
      { ...shipper({ city: 'Austin', zip: '' }), version: 1 },
      'dispatchmanager',
    );
    expect(updated.status).toBe(200);
    expect(updated.body.value).toMatchObject({ version: 2, city: 'Austin', zip: null });

    const deleted = await call('DELETE', `/api/Shipper/${s.id}`, undefined, 'manager');
    expect(deleted.body.value).toMatchObject({ deleted: true, version: 3 });
    expect((await call('GET', '/api/Shipper?search=Test%20Motors')).body.value.totalCount).toBe(0);
    expect((await call('GET', '/api/Shipper?search=Test%20Motors&showDeleted=true')).body.value.items[0]).toMatchObject(
      { id: s.id, deleted: true },
    );
    await expectRefused(
      server,
      { method: 'PUT', url: `/api/Shipper/${s.id}`, payload: { ...shipper(), version: 3 }, token: token.manager },
      400,
      undefined,
      /deleted; restore it/,
    );
    expect((await call('DELETE', `/api/Shipper/${s.id}`)).body.value.version).toBe(3);
    const restored = await call('POST', `/api/Shipper/${s.id}/restore`, undefined, 'manager');
    expect(restored.body.value).toMatchObject({ deleted: false, version: 4 });

    const log = (await call('GET', `/api/AuditLog?entity=shipper&entityId=${s.id}&Size=10`)).body.value.items.map(
      (e: { action: string }) => e.action,
    );
    expect(log.sort()).toEqual(['create', 'delete', 'restore', 'update']);
  });

  it('refuses a stale version with 409 carrying the current record, writing nothing', async () => {
    const s = (await call('POST', '/api/Shipper', shipper({ name: 'Stale Motors' }))).body.value;
    await call('PUT', `/api/Shipper/${s.id}`, { ...shipper({ name: 'Stale Motors', city: 'Waco' }), version: 1 });
    const response = await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/Shipper/${s.id}`,
        payload: { ...shipper({ name: 'Stale Motors', city: 'Tyler' }), version: 1 },
        token: token.administrator,
      },
      409,
    );
    expect(response.body.current).toMatchObject({ id: s.id, version: 2, city: 'Waco' });
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/Shipper/${s.id}`,
        payload: shipper({ name: 'Stale Motors' }),
        token: token.administrator,
      },
      400,
      'version',
    );
    await expectRefused(
      server,
      { method: 'PUT', url: '/api/Shipper/999999', payload: { ...shipper(), version: 1 }, token: token.administrator },
      404,
    );
    expect((await call('GET', '/api/Shipper/999999')).status).toBe(404);
    expect((await call('GET', '/api/Shipper/abc')).status).toBe(400);
  });

  it('refuses every bad shipper, broker and carrier field with 400 naming it, writing nothing', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/Shipper', shipper({ name: '' }), 'name'],
      ['/api/Shipper', shipper({ name: 'x'.repeat(121) }), 'name'],
      ['/api/Shipper', shipper({ name: undefined }), 'name'],
      ['/api/Shipper', shipper({ email: 'not-an-email' }), 'email'],
      ['/api/Shipper', shipper({ phone: '12345' }), 'phone'],
      ['/api/Shipper', shipper({ zip: '1234' }), 'zip'],
      ['/api/Shipper', shipper({ stateId: 0 }), 'stateId'],
      ['/api/Shipper', shipper({ stateId: 'TX' }), 'stateId'],
      ['/api/Shipper', shipper({ stateId: 999_999 }), 'stateId'],
      ['/api/Brokers', broker({ mcNumber: 'MC-123456789' }), 'mcNumber'],
      ['/api/Brokers', broker({ mcNumber: 'FF12' }), 'mcNumber'],
      ['/api/Brokers', broker({ usdotNumber: '123456789' }), 'usdotNumber'],
      ['/api/Brokers', broker({ usdotNumber: 'DOT1' }), 'usdotNumber'],
      ['/api/Brokers', broker({ paymentTermsDays: 181 }), 'paymentTermsDays'],
      ['/api/Brokers', broker({ paymentTermsDays: -1 }), 'paymentTermsDays'],
      ['/api/Brokers', broker({ paymentTermsDays: 7.5 }), 'paymentTermsDays'],
      ['/api/Brokers', broker({ status: 'MAYBE' }), 'status'],
      ['/api/Brokers', broker({ contacts: [{ name: '' }] }), 'contacts.0.name'],
      ['/api/Brokers', broker({ contacts: [{ name: 'A', email: 'nope' }] }), 'contacts.0.email'],
      ['/api/Brokers', broker({ contacts: [{ name: 'A', phone: '123' }] }), 'contacts.0.phone'],
      ['/api/Brokers', broker({ contacts: Array.from({ length: 21 }, (_, i) => ({ name: `C${i}` })) }), 'contacts'],
      ['/api/Brokers', broker({ stateId: 999_999 }), 'stateId'],
      ['/api/Carriers', carrier({ code: 'Test Co' }), 'code'],
      ['/api/Carriers', carrier({ name: ' ' }), 'name'],
      [
        '/api/Carriers',
        carrier({ authorities: [{ type: 'COMMON', docketNumber: 'XX12' }] }),
        'authorities.0.docketNumber',
      ],
      ['/api/Carriers', carrier({ authorities: [{ type: 'LEASE', docketNumber: 'MC1' }] }), 'authorities.0.type'],
      [
        '/api/Carriers',
        carrier({
          authorities: [
            { type: 'COMMON', docketNumber: 'MC1' },
            { type: 'COMMON', docketNumber: 'MC2' },
          ],
        }),
        'authorities.1.type',
      ],
      [
        '/api/Carriers',
        carrier({ authorities: [{ type: 'COMMON', docketNumber: 'MC1', grantedOn: '2020-02-30' }] }),
        'authorities.0.grantedOn',
      ],
      ['/api/Carriers', carrier({ insurance: { ...carrier().insurance, insurer: '' } }), 'insurance.insurer'],
      [
        '/api/Carriers',
        carrier({ insurance: { ...carrier().insurance, cargoCoverage: -1 } }),
        'insurance.cargoCoverage',
      ],
      [
        '/api/Carriers',
        carrier({ insurance: { ...carrier().insurance, liabilityCoverage: 100.555 } }),
        'insurance.liabilityCoverage',
      ],
      [
        '/api/Carriers',
        carrier({ insurance: { ...carrier().insurance, expiresOn: '12/01/2027' } }),
        'insurance.expiresOn',
      ],
    ];
    for (const [url, payload, field] of cases)
      await expectRefused(server, { method: 'POST', url, payload, token: token.administrator }, 400, field);
  });

  it('refuses a value another record has with 409 naming the field, deleted records included', async () => {
    const first = (
      await call('POST', '/api/Brokers', broker({ name: 'Unique Freight', mcNumber: '555001', usdotNumber: '555001' }))
    ).body.value;
    expect(first).toMatchObject({ mcNumber: '555001', contacts: [{ name: 'Bo Diaz', phone: '5552224444' }] });
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Brokers',
        payload: broker({ name: 'UNIQUE freight', mcNumber: null, usdotNumber: null }),
        token: token.administrator,
      },
      409,
      'name',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Brokers',
        payload: broker({ name: 'Other', mcNumber: 'MC-555001', usdotNumber: null }),
        token: token.administrator,
      },
      409,
      'mcNumber',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Brokers',
        payload: broker({ name: 'Other', mcNumber: null, usdotNumber: '555001' }),
        token: token.administrator,
      },
      409,
      'usdotNumber',
    );
    await call('DELETE', `/api/Brokers/${first.id}`);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Brokers',
        payload: broker({ name: 'Unique Freight', mcNumber: null, usdotNumber: null }),
        token: token.administrator,
      },
      409,
      'name',
      /restore it instead/,
    );
    // Saving a record with its own values is no clash.
    await call('POST', `/api/Brokers/${first.id}/restore`);
    expect(
      (
        await call('PUT', `/api/Brokers/${first.id}`, {
          ...broker({ name: 'Unique Freight', mcNumber: '555001', usdotNumber: '555001' }),
          version: 3,
        })
      ).status,
    ).toBe(200);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Carriers',
        payload: carrier({ code: 'SELECT', mcNumber: null, usdotNumber: null }),
        token: token.administrator,
      },
      409,
      'code',
    );
    const shipperName = (await server.db.selectFrom('shippers').select('name').orderBy('id').executeTakeFirstOrThrow())
      .name;
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Shipper',
        payload: shipper({ name: shipperName.toUpperCase() }),
        token: token.administrator,
      },
      409,
      'name',
    );
  });

  it('searches, filters, sorts and pages the lists', async () => {
    for (const [name, city, stateId] of [
      ['Filter Alpha Auto', 'Fresno', ca],
      ['Filter Beta Auto', 'FRESNO', ca],
      ['Filter Gamma Auto', 'Houston', tx],
    ] as const) {
      expect(
        (await call('POST', '/api/Shipper', shipper({ name, city, stateId, contactName: 'Zed Quill' }))).status,
      ).toBe(200);
    }
    const search = (await call('GET', '/api/Shipper?search=filter%20&sort=-name')).body.value;
    expect(search.items.map((s: { name: string }) => s.name)).toEqual([
      'Filter Gamma Auto',
      'Filter Beta Auto',
      'Filter Alpha Auto',
    ]);
    expect((await call('GET', '/api/Shipper?search=zed%20quill')).body.value.totalCount).toBe(3);
    expect((await call('GET', `/api/Shipper?search=filter&city=fresno&stateId=${ca}`)).body.value.totalCount).toBe(2);
    expect((await call('GET', `/api/Shipper?search=filter&StateId=${tx}`)).body.value.totalCount).toBe(1);
    expect((await call('GET', '/api/Shipper?search=100%25')).body.value.totalCount).toBe(0);

    const all = (await call('GET', '/api/Shipper?size=500')).body.value;
    const pages = [];
    for (let p = 0; p * 25 < all.totalCount; p++)
      pages.push(
        ...(await call('GET', `/api/Shipper?page=${p}&size=25`)).body.value.items.map((s: { id: number }) => s.id),
      );
    expect(pages).toEqual(all.items.map((s: { id: number }) => s.id));
    expect(new Set(pages).size).toBe(all.totalCount);
    expect((await call('GET', '/api/Shipper?Page=1&Size=10')).body.value).toMatchObject({ page: 1, size: 10 });

    const doNotUse = (await call('GET', '/api/Brokers?status=DO_NOT_USE&size=100')).body.value;
    expect(doNotUse.totalCount).toBeGreaterThanOrEqual(3);
    expect(doNotUse.items.every((b: { status: string }) => b.status === 'DO_NOT_USE')).toBe(true);
    const terms = (await call('GET', '/api/Brokers?sort=-paymentTermsDays&size=100')).body.value.items.map(
      (b: { paymentTermsDays: number }) => b.paymentTermsDays,
    );
    expect(terms).toEqual([...terms].sort((a, b) => b - a));

    for (const url of [
      '/api/Shipper?sort=zip',
      '/api/Shipper?size=501',
      '/api/Shipper?page=-1',
      '/api/Brokers?status=GOOD',
      '/api/Shipper?stateId=x',
      '/api/Shipper?showDeleted=maybe',
    ]) {
      expect((await call('GET', url)).status, url).toBe(400);
    }
  });

  it('exports the filtered list as CSV to roles with Export only, neutralising formulas', async () => {
    await call(
      'POST',
      '/api/Brokers',
      broker({ name: '=HYPERLINK("x") Freight', mcNumber: null, usdotNumber: null, status: 'DO_NOT_USE' }),
    );
    const list = (await call('GET', '/api/Brokers?status=DO_NOT_USE&size=500')).body.value;
    const csv = await call('GET', '/api/Brokers/export?status=DO_NOT_USE', undefined, 'manager');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toMatch(/attachment; filename="brokers-\d{4}-\d{2}-\d{2}\.csv"/);
    const rows = parseCsv(csv.body);
    expect(rows[0].slice(0, 4)).toEqual(['Name', 'MC number', 'USDOT number', 'Status']);
    expect(rows.length - 1).toBe(list.totalCount);
    expect(rows.slice(1).every((r) => r[3] === 'DO_NOT_USE')).toBe(true);
    expect(rows.map((r) => r[0])).toContain(`'=HYPERLINK("x") Freight`);
    // Shippers: Manager holds Export; carriers CSV carries the insurance; no Export, no file.
    expect(parseCsv((await call('GET', '/api/Carriers/export')).body)[0]).toContain('Insurance expires');
    await server.db
      .deleteFrom('role_feature_permissions')
      .where('permission', '=', 'Export')
      .where('feature_id', '=', await idOf(server, 'features' as never, 'key', 'Shippers'))
      .where('role_id', '=', await idOf(server, 'roles', 'name', 'Manager'))
      .execute();
    await server.restart().then((s) => {
      server = s;
    });
    token.manager = await server.login('manager@haulboard.demo');
    token.administrator = await server.login('administrator@haulboard.demo');
    expect((await call('GET', '/api/Shipper/export', undefined, 'manager')).status).toBe(403);
    expect((await call('GET', '/api/Shipper', undefined, 'manager')).status).toBe(200);
  });

  it('keeps child lists (broker contacts, carrier authorities) as sent, replaced as a whole', async () => {
    const b = (
      await call(
        'POST',
        '/api/Brokers',
        broker({
          name: 'Contact Freight',
          mcNumber: null,
          usdotNumber: null,
          contacts: [{ name: 'One' }, { name: 'Two', role: 'Accounting' }],
        }),
      )
    ).body.value;
    expect(b.contacts.map((c: { name: string }) => c.name)).toEqual(['One', 'Two']);
    const updated = (
      await call('PUT', `/api/Brokers/${b.id}`, {
        ...broker({ name: 'Contact Freight', mcNumber: null, usdotNumber: null, contacts: [{ name: 'Three' }] }),
        version: 1,
      })
    ).body.value;
    expect(updated.contacts).toEqual([{ name: 'Three', phone: null, email: null, role: null }]);
    expect(
      await server.db.selectFrom('broker_contacts').select('name').where('broker_id', '=', b.id).execute(),
    ).toEqual([{ name: 'Three' }]);

    const c = (await call('POST', '/api/Carriers', carrier())).body.value;
    expect(c).toMatchObject({
      code: 'testco',
      mcNumber: '998877',
      authorities: [{ type: 'COMMON', docketNumber: 'MC-998877', status: 'ACTIVE' }],
      insurance: { cargoCoverage: 250000 },
    });
    const next = (
      await call('PUT', `/api/Carriers/${c.id}`, { ...carrier({ authorities: [], insurance: null }), version: 1 })
    ).body.value;
    expect(next).toMatchObject({ authorities: [], insurance: null, expiry: [] });
  });

  it('flags carriers whose insurance is past or due within 30 days, and filters them', async () => {
    const soon = (
      await call(
        'POST',
        '/api/Carriers',
        carrier({
          code: 'soonco',
          mcNumber: null,
          usdotNumber: null,
          insurance: { ...carrier().insurance, expiresOn: inDays(10) },
        }),
      )
    ).body.value;
    const past = (
      await call(
        'POST',
        '/api/Carriers',
        carrier({
          code: 'pastco',
          mcNumber: null,
          usdotNumber: null,
          insurance: { ...carrier().insurance, expiresOn: inDays(-1) },
        }),
      )
    ).body.value;
    const later = (
      await call(
        'POST',
        '/api/Carriers',
        carrier({
          code: 'laterco',
          mcNumber: null,
          usdotNumber: null,
          insurance: { ...carrier().insurance, expiresOn: inDays(31) },
        }),
      )
    ).body.value;
    expect(soon.expiry).toEqual([{ field: 'insurance.expiresOn', on: inDays(10), state: 'due' }]);
    expect(past.expiry).toEqual([{ field: 'insurance.expiresOn', on: inDays(-1), state: 'expired' }]);
    expect(later.expiry).toEqual([]);
    const expiring = (await call('GET', '/api/Carriers?expiring=true&size=100')).body.value.items;
    const codes = expiring.map((c: { code: string }) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['soonco', 'pastco']));
    expect(codes).not.toContain('laterco');
    expect(expiring.every((c: { expiry: unknown[] }) => c.expiry.length === 1)).toBe(true);
    const fine = (await call('GET', '/api/Carriers?expiring=false&size=100')).body.value.items.map(
      (c: { code: string }) => c.code,
    );
    expect(fine).toContain('laterco');
    expect(fine).not.toContain('soonco');
  });

  it('lists every record as GET by id answers it, on every record resource (rendered by the database or from DTOs)', async () => {
    // Something deleted, with odd text, so a list holds both states and characters JSON must escape. (The ledger's
    // entries: tests/server/ledger.test.ts; the demo company of the tests has none.)
    const odd = (
      await call(
        'POST',
        '/api/Shipper',
        shipper({
          name: 'Quote "Q" \\ Motors — é 🚚',
          contactName: null,
          phone: null,
          email: null,
          address: 'Line 1\nLine 2',
        }),
      )
    ).body.value;
    await call('DELETE', `/api/Shipper/${odd.id}`);
    for (const def of RECORD_RESOURCES) {
      const listed = await call('GET', `${def.api}?Size=20&showDeleted=true${def.period ? '&filtered=all' : ''}`);
      expect(listed.status, def.api).toBe(200);
      for (const item of listed.body.value.items as { id: number }[]) {
        const one = await call('GET', `${def.api}/${item.id}`);
        expect(item, `${def.api} ${item.id}`).toEqual(one.body.value);
        expect(Object.keys(item), `${def.api} ${item.id}: keys in the DTO's order`).toEqual(
          Object.keys(one.body.value),
        );
      }
    }
    const shippers = (await call('GET', `/api/Shipper?search=${encodeURIComponent('"Q"')}&showDeleted=true`)).body
      .value;
    expect(shippers.items).toEqual([
      { ...odd, deleted: true, deletedAt: expect.any(String), version: 2, updatedAt: expect.any(String) },
    ]);
  });
});
