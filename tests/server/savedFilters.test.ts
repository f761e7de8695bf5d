import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renameShortListNames } from '../../server/db/migrations/013_saved_filter_sharing';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

/** Saved filters: a user's named filter sets per list, kept on the server, visible and changeable by their owner only. */

interface Saved {
  id: number;
  resource: string;
  name: string;
  filter: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  sharedRole: string | null;
  owner: string;
  mine: boolean;
}

describe.each(DATABASES)('saved filters on %s', (kind) => {
  let server: TestServer;
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    server = await startTestServer(kind);
    mine = await server.login('dispatcher@haulboard.demo');
    theirs = await server.login('dispatchmanager@haulboard.demo');
  });
  afterAll(() => server.close());

  const list_ = (resource: string, token = mine) => list(resource, token);
  const list = async (resource = 'books/bookorders', token = mine): Promise<Saved[]> => {
    const response = await server.call({ method: 'GET', url: `/api/SavedFilters?resource=${resource}`, token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };
  const create = (payload: unknown, token = mine) =>
    server.call({ method: 'POST', url: '/api/SavedFilters', token, payload: payload as object });
  const update = (id: number, payload: unknown, token = mine) =>
    server.call({ method: 'PUT', url: `/api/SavedFilters/${id}`, token, payload: payload as object });
  const remove = (id: number, token = mine) => server.call({ method: 'DELETE', url: `/api/SavedFilters/${id}`, token });
  const refused = async (request: () => Promise<{ status: number; body: any }>, status: number, field?: string) => {
    const before = await fingerprint(server.db);
    const response = await request();
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.body.messages.length).toBeGreaterThan(0);
    if (field) expect(response.body.messages[0].field, JSON.stringify(response.body.messages)).toBe(field);
    expect(await fingerprint(server.db), 'a refused request changed the database').toBe(before);
    return response;
  };

  const driverFilter = { DriverId: 7, filtered: 'this_month', showDeleted: false, search: null };

  it('saves the current filter under a name and lists it', async () => {
    expect(await list()).toEqual([]);
    const response = await create({
      resource: 'books/bookorders',
      name: '  My drivers this month ',
      filter: driverFilter,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.value).toMatchObject({
      id: expect.any(Number),
      resource: 'books/bookorders',
      name: 'My drivers this month',
      filter: driverFilter,
      createdAt: expect.stringMatching(/Z$/),
    });
    const second = await create({ resource: 'books/bookorders', name: 'Approvals', filter: { showNotApproved: true } });
    expect(second.status).toBe(200);
    expect((await list()).map((f) => f.name)).toEqual(['Approvals', 'My drivers this month']);
    expect((await list())[1]).toEqual(response.body.value);
  });

  it("lists only the caller's own filters of the list asked for", async () => {
    const other = await create(
      { resource: 'books/bookorders', name: 'Someone else', filter: { status: 'NEW' } },
      theirs,
    );
    expect(other.status).toBe(200);
    const ticket = await create({
      resource: 'management/ticket-management',
      name: 'Open tickets',
      filter: { status: 'OPEN' },
    });
    expect(ticket.status).toBe(200);
    expect((await list()).map((f) => f.name)).toEqual(['Approvals', 'My drivers this month']);
    expect((await list('books/bookorders', theirs)).map((f) => f.name)).toEqual(['Someone else']);
    expect((await list('management/ticket-management')).map((f) => f.name)).toEqual(['Open tickets']);
    expect(await list('management/ticket-management', theirs)).toEqual([]);
  });

  it('refuses a second filter with the same name in any case, but not in another list or for another user', async () => {
    await refused(() => create({ resource: 'books/bookorders', name: 'APPROVALS', filter: {} }), 409);
    await refused(() => create({ resource: 'books/bookorders', name: 'approvals ', filter: {} }), 409);
    expect((await create({ resource: 'management/ticket-management', name: 'Approvals', filter: {} })).status).toBe(
      200,
    );
    expect((await create({ resource: 'books/bookorders', name: 'Approvals', filter: {} }, theirs)).status).toBe(200);
  });

  it('refuses a filter it cannot keep', async () => {
    await refused(() => create({ resource: 'books/bookorders', name: '', filter: {} }), 400, 'name');
    await refused(() => create({ resource: 'books/bookorders', name: '   ', filter: {} }), 400, 'name');
    await refused(() => create({ resource: 'books/bookorders', name: 'x'.repeat(81), filter: {} }), 400, 'name');
    await refused(() => create({ resource: 'books/bookorders', name: 'Nested', filter: { a: { b: 1 } } }), 400);
    await refused(() => create({ resource: 'books/bookorders', name: 'List', filter: { a: [1, 2] } }), 400);
    await refused(
      () => create({ resource: 'books/bookorders', name: 'Not an object', filter: 'status=NEW' }),
      400,
      'filter',
    );
    await refused(
      () =>
        create({
          resource: 'books/bookorders',
          name: 'Too many',
          filter: Object.fromEntries(Array.from({ length: 41 }, (_, i) => [`k${i}`, i])),
        }),
      400,
      'filter',
    );
    await refused(
      () => create({ resource: 'books/bookorders', name: 'Long value', filter: { search: 'x'.repeat(201) } }),
      400,
    );
    await refused(() => create({ resource: 'Book Orders!', name: 'Bad list', filter: {} }), 400, 'resource');
    // Only the product's screens keep filters (README.md "Limits"): a made-up list name is refused, reading included.
    await refused(() => create({ resource: 'tickets', name: 'Made-up list', filter: {} }), 400, 'resource');
    // The old short names are gone too: a list is named as the app names it.
    await refused(() => create({ resource: 'bookorders', name: 'Short name', filter: {} }), 400, 'resource');
    await refused(
      () => server.call({ method: 'GET', url: '/api/SavedFilters?resource=made-up-list', token: mine }),
      400,
      'resource',
    );
    await refused(() => create({ name: 'No list', filter: {} }), 400, 'resource');
    await refused(() => create({ resource: 'books/bookorders', name: 'No filter' }), 400, 'filter');
    await refused(
      () =>
        server.call({
          method: 'POST',
          url: '/api/SavedFilters',
          token: mine,
          payload: '{"resource":"bookorders","name":"Inf","filter":{"price":1e309}}',
          headers: { 'content-type': 'application/json' },
        }),
      400,
    );
    const badList = await server.call({ method: 'GET', url: '/api/SavedFilters', token: mine });
    expect(badList.status).toBe(400);
  });

  it('refuses a NUL character in a name (PostgreSQL cannot store it; it is never a 500)', async () => {
    try {
      await refused(() => create({ resource: 'books/bookorders', name: 'Nul\u0000name', filter: {} }), 400, 'name');
    } finally {
      // Should the server keep it, take it away again so that the next tests see the list they expect.
      await server.db.deleteFrom('saved_filters').where('name', 'like', 'Nul%').execute();
    }
  });

  it('renames a filter and replaces its filter', async () => {
    const target = (await list()).find((f) => f.name === 'My drivers this month')!;
    const renamed = await update(target.id, { name: 'Driver 7, this month' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.value).toMatchObject({ id: target.id, name: 'Driver 7, this month', filter: driverFilter });
    const replaced = await update(target.id, { filter: { DriverId: 8, filtered: 'last_month' } });
    expect(replaced.body.value).toMatchObject({
      name: 'Driver 7, this month',
      filter: { DriverId: 8, filtered: 'last_month' },
    });
    const both = await update(target.id, {
      name: 'Driver 8, last month',
      filter: { DriverId: 8, filtered: 'last_month', payOnDelivery: true },
    });
    expect(both.body.value).toMatchObject({
      name: 'Driver 8, last month',
      filter: { DriverId: 8, filtered: 'last_month', payOnDelivery: true },
    });
    // Changing only the case of its own name is allowed.
    const recased = await update(target.id, { name: 'DRIVER 8, last month' });
    expect(recased.status).toBe(200);
    expect((await list()).find((f) => f.id === target.id)).toEqual(recased.body.value);

    await refused(() => update(target.id, { name: 'approvals' }), 409);
    await refused(() => update(target.id, {}), 400);
    await refused(() => update(target.id, { name: '' }), 400, 'name');
    await refused(() => update(target.id, { filter: { nested: { no: true } } }), 400);
    await refused(() => update(0, { name: 'Zero' }), 400, 'id');
    await refused(() => update(987_654, { name: 'Nobody' }), 404);
  });

  it("never shows, changes or deletes another user's filter", async () => {
    const their = (await list('books/bookorders', theirs)).find((f) => f.name === 'Someone else')!;
    await refused(() => update(their.id, { name: 'Hijacked' }), 404);
    await refused(() => update(their.id, { filter: { status: 'PAID' } }), 404);
    await refused(() => remove(their.id), 404);
    expect((await list('books/bookorders', theirs)).find((f) => f.id === their.id)).toEqual(their);
  });

  it('deletes a filter', async () => {
    const approvals = (await list()).find((f) => f.name === 'Approvals')!;
    const response = await remove(approvals.id);
    expect(response.status).toBe(200);
    expect((await list()).map((f) => f.name)).toEqual(['DRIVER 8, last month']);
    await refused(() => remove(approvals.id), 404);
    // The name is free again.
    expect(
      (await create({ resource: 'books/bookorders', name: 'approvals', filter: { showNotApproved: true } })).status,
    ).toBe(200);
  });

  it('keeps racing saves of one name (in different cases) from more than one succeeding', async () => {
    for (const base of ['Race', 'Sprint', 'Dash']) {
      const names = [
        base,
        base.toUpperCase(),
        base.toLowerCase(),
        `${base[0].toLowerCase()}${base.slice(1).toUpperCase()}`,
      ];
      const responses = await Promise.all(
        names.map((name, i) => create({ resource: 'books/bookorders', name, filter: { i } })),
      );
      expect(
        responses.map((r) => r.status).sort(),
        `${base}: ${JSON.stringify((await list()).map((f) => f.name))}`,
      ).toEqual([200, 409, 409, 409]);
      expect((await list()).filter((f) => f.name.toLowerCase() === base.toLowerCase())).toHaveLength(1);
    }
  });

  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/SavedFilters?resource=books/bookorders'],
      ['POST', '/api/SavedFilters'],
      ['PUT', '/api/SavedFilters/1'],
      ['DELETE', '/api/SavedFilters/1'],
    ] as const) {
      await refused(
        () =>
          server.call({
            method,
            url,
            payload:
              method === 'POST' || method === 'PUT'
                ? { resource: 'books/bookorders', name: 'x', filter: {} }
                : undefined,
          }),
        401,
      );
    }
  });

  it('keeps filters for every list of the app, those without a sidebar entry of their own too', async () => {
    for (const list of [
      'management/vehicles',
      'management/drivers',
      'management/fuel-cards',
      'management/driver-assignment',
    ]) {
      const response = await create({ resource: list, name: `On ${list}`, filter: { search: 'x' } });
      expect(response.status, `${list}: ${JSON.stringify(response.body)}`).toBe(200);
      expect((await list_(list)).map((f) => f.name)).toEqual([`On ${list}`]);
    }
  });

  it('shares a filter with one of the owner’s roles: its holders see and apply it, only the owner changes it', async () => {
    const other = await server.login('dispatcher2@haulboard.demo');
    const shared = await create({
      resource: 'management/vehicles',
      name: 'Trucks in shop',
      filter: { unitType: 'Truck', status: 'IN_SHOP' },
      sharedRole: 'Dispatcher',
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(shared.body.value).toMatchObject({ sharedRole: 'Dispatcher', mine: true, owner: 'Jose Lopez' });
    const seen = (await list_('management/vehicles', other)).find((f) => f.id === shared.body.value.id);
    expect(seen).toMatchObject({
      name: 'Trucks in shop',
      filter: { unitType: 'Truck', status: 'IN_SHOP' },
      mine: false,
      sharedRole: 'Dispatcher',
      owner: 'Jose Lopez',
    });
    // Not a holder of the role: not seen. A holder who is not the owner: cannot rename, replace or delete it.
    expect((await list_('management/vehicles', theirs)).some((f) => f.id === shared.body.value.id)).toBe(false);
    await refused(() => update(shared.body.value.id, { name: 'Mine now' }, other), 404);
    await refused(() => remove(shared.body.value.id, other), 404);
    // Only one's own roles: a dispatcher cannot share with managers, nor with a role that does not exist.
    await refused(
      () => create({ resource: 'management/vehicles', name: 'For managers', filter: {}, sharedRole: 'Manager' }),
      400,
      'sharedRole',
    );
    await refused(() => update(shared.body.value.id, { sharedRole: 'Nobody' }), 400, 'sharedRole');
    // Taken back: no longer seen by the others.
    expect((await update(shared.body.value.id, { sharedRole: null })).body.value).toMatchObject({
      sharedRole: null,
      mine: true,
    });
    expect((await list_('management/vehicles', other)).some((f) => f.id === shared.body.value.id)).toBe(false);
  });

  it('moves filters saved under a screen’s short name (before every list had saved filters) to its full name', async () => {
    const user = await server.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dispatcher@haulboard.demo')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const old = await server.db
      .insertInto('saved_filters')
      .values({
        user_id: user.id,
        resource: 'bookorders',
        name: 'From before',
        filter: '{"status":"NEW"}',
        created_at: now,
        updated_at: now,
        shared_role_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await renameShortListNames(server.db as never);
    expect((await list('books/bookorders')).find((f) => f.id === old.id)).toMatchObject({
      name: 'From before',
      filter: { status: 'NEW' },
    });
    await remove(old.id);
  });

  it('survives a restart and a new sign-in', async () => {
    const before = await list();
    expect(before.length).toBeGreaterThan(0);
    server = await server.restart();
    mine = await server.login('dispatcher@haulboard.demo');
    expect(await list()).toEqual(before);
  });
});
