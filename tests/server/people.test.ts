import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE, PASSWORD_LINK_INVALID } from '../../schema/resources/users';
import { expectRefused, idOf, parseCsv } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** Users: list and filters, create, roles, activation, deactivation, one-time password links, the last-administrator rule. */
describe.each(DATABASES)('users on %s', (kind) => {
  let server: TestServer;
  const token: Record<string, string> = {};
  const role: Record<string, number> = {};
  let adminId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    for (const name of ['administrator', 'manager', 'finance', 'fleetmanager', 'dispatcher', 'driver'])
      token[name] = await server.login(`${name}@haulboard.demo`);
    for (const r of await server.db.selectFrom('roles').select(['id', 'name']).execute()) role[r.name] = r.id;
    adminId = await idOf(server, 'users', 'email', 'administrator@haulboard.demo');
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = 'administrator') =>
    server.call({ method, url, payload: payload as never, token: token[as] });
  const user = (o: Record<string, unknown> = {}) => ({
    firstName: 'Nia',
    lastName: 'Okafor',
    email: 'nia.okafor@example.com',
    phone: '+1 555 010 9999',
    roleIds: [role.Dispatcher],
    ...o,
  });
  const get = async (id: number) => (await call('GET', `/api/User/${id}`)).body.value;
  const bodyOf = (
    u: {
      firstName: string;
      lastName: string;
      email: string;
      phone: string | null;
      roleIds: number[];
      isActive: boolean;
      version: number;
    },
    o: Record<string, unknown> = {},
  ) => ({
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    roleIds: u.roleIds,
    isActive: u.isActive,
    version: u.version,
    ...o,
  });
  const register = (email: string, userType = 'driver') =>
    server.call({
      method: 'POST',
      url: '/api/token/register',
      payload: { email, firstname: 'Reg', lastname: 'Istered', userType, password: 'long-enough-1', AccountId: 1 },
    });

  it('opens the list to the Users screen’s roles and writes to those with the permission only', async () => {
    for (const name of ['administrator', 'manager', 'finance', 'fleetmanager'])
      expect((await call('GET', '/api/User?size=1', undefined, name)).status, name).toBe(200);
    for (const name of ['dispatcher', 'driver'])
      expect((await call('GET', '/api/User?size=1', undefined, name)).status, name).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/User' })).status).toBe(401);
    await expectRefused(server, { method: 'POST', url: '/api/User', payload: user(), token: token.finance }, 403);
    const dispatcher2 = await idOf(server, 'users', 'email', 'dispatcher2@haulboard.demo');
    await expectRefused(
      server,
      { method: 'POST', url: `/api/User/${dispatcher2}/deactivate`, token: token.fleetmanager },
      403,
    );
    await expectRefused(server, { method: 'DELETE', url: `/api/User/${dispatcher2}`, token: token.manager }, 403);
    await expectRefused(
      server,
      { method: 'POST', url: `/api/User/${dispatcher2}/password-link`, token: token.finance },
      403,
    );
  });

  it('refuses every bad user field with 400 naming it (409 for a taken e-mail), writing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [user({ firstName: '' }), 'firstName'],
      [user({ lastName: 'x'.repeat(101) }), 'lastName'],
      [user({ email: 'nia@' }), 'email'],
      [user({ phone: '12-34' }), 'phone'],
      [user({ phone: 'call me' }), 'phone'],
      [user({ roleIds: [] }), 'roleIds'],
      [user({ roleIds: [999] }), 'roleIds'],
      [user({ roleIds: [role.Any] }), 'roleIds'],
      [user({ roleIds: [role.Dispatcher, role.Dispatcher] }), 'roleIds'],
      [user({ roleIds: ['Dispatcher'] }), 'roleIds.0'],
    ];
    for (const [payload, field] of cases)
      await expectRefused(
        server,
        { method: 'POST', url: '/api/User', payload, token: token.administrator },
        400,
        field,
      );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/User',
        payload: user({ email: 'MANAGER@haulboard.demo' }),
        token: token.administrator,
      },
      409,
      'email',
    );
  });

  it('creates a user who cannot sign in until they set a password through a one-time link', async () => {
    const created = await call('POST', '/api/User', user(), 'manager');
    expect(created.status).toBe(200);
    const u = created.body.value;
    expect(u).toMatchObject({
      isActive: false,
      isPending: true,
      hasPassword: false,
      roles: ['Dispatcher'],
      version: 1,
    });
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/Auth/login',
          payload: { email: u.email, password: 'anything-at-all' },
        })
      ).status,
    ).toBe(401);

    const link = await call('POST', `/api/User/${u.id}/password-link`, undefined, 'manager');
    expect(link.status).toBe(200);
    expect(link.body.value.url).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.body.value.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const tokenText = new URL(link.body.value.url, 'http://x').searchParams.get('token')!;
    expect(JSON.stringify(await server.db.selectFrom('password_links').selectAll().execute())).not.toContain(tokenText);
    expect(JSON.stringify(await server.db.selectFrom('audit_log').select(['before', 'after']).execute())).not.toContain(
      tokenText,
    );

    const reset = (payload: unknown) =>
      server.call({ method: 'POST', url: '/api/token/reset-password', payload: payload as never });
    await expectRefused(
      server,
      { method: 'POST', url: '/api/token/reset-password', payload: { token: tokenText, password: 'short' } },
      400,
      'password',
    );
    expect((await reset({ token: tokenText, password: 'a-good-password' })).status).toBe(200);
    const signedIn = await server.login(u.email, 'a-good-password');
    expect((await server.call({ method: 'GET', url: '/api/Dispatcher/GetAllNames', token: signedIn })).status).toBe(
      200,
    );
    expect(await get(u.id)).toMatchObject({
      isActive: true,
      isPending: false,
      hasPassword: true,
      isEmailVerified: true,
    });

    const used = await expectRefused(
      server,
      { method: 'POST', url: '/api/token/reset-password', payload: { token: tokenText, password: 'another-password' } },
      400,
      'token',
    );
    expect(used.body.message).toBe(PASSWORD_LINK_INVALID);
    await expectRefused(
      server,
      { method: 'POST', url: '/api/token/reset-password', payload: { token: 'made-up', password: 'another-password' } },
      400,
      'token',
    );
  });

  it('cancels older links with a newer one, refuses expired ones, and signs the user out when the password changes', async () => {
    const dispatcher3 = await idOf(server, 'users', 'email', 'dispatcher3@haulboard.demo');
    const session = await server.login('dispatcher3@haulboard.demo');
    const tokenOf = async () =>
      new URL(
        (await call('POST', `/api/User/${dispatcher3}/password-link`)).body.value.url,
        'http://x',
      ).searchParams.get('token')!;
    const older = await tokenOf();
    const newer = await tokenOf();
    await expectRefused(
      server,
      { method: 'POST', url: '/api/token/reset-password', payload: { token: older, password: 'new-password-1' } },
      400,
      'token',
    );
    const expired = await tokenOf();
    await server.db
      .updateTable('password_links')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('used_at', 'is', null)
      .execute();
    await expectRefused(
      server,
      { method: 'POST', url: '/api/token/reset-password', payload: { token: expired, password: 'new-password-1' } },
      400,
      'token',
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/token/reset-password', payload: { token: newer, password: 'new-password-1' } },
      400,
      'token',
    );
    const fresh = await tokenOf();
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/token/reset-password',
          payload: { token: fresh, password: 'new-password-1' },
        })
      ).status,
    ).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/token/me', token: session })).status).toBe(401);
    await server.login('dispatcher3@haulboard.demo', 'new-password-1');
    expect(await get(dispatcher3)).toMatchObject({ isActive: true });
  });

  it('lists registrations in progress apart from those waiting for activation; activating one applies the role of its user type and lets it in', async () => {
    expect((await register('new.driver@example.com')).status).toBe(200);
    expect((await register('new.dispatch@example.com', 'dispatch')).status).toBe(200);
    const emails = (items: { email: string }[]) => items.map((u) => u.email);
    // Not verified, not completed: the newcomer's to finish, not yet an administrator's to activate.
    const registering = (await call('GET', '/api/User?registering=true&size=100')).body.value.items;
    expect(emails(registering)).toEqual(expect.arrayContaining(['new.driver@example.com', 'new.dispatch@example.com']));
    expect(
      registering.every((u: { status: string; isPending: boolean }) => u.status === 'registering' && !u.isPending),
    ).toBe(true);
    expect(emails((await call('GET', '/api/User?pending=true&size=100')).body.value.items)).not.toContain(
      'new.driver@example.com',
    );
    // Completed (as the account flow does after the verification), it waits for an administrator.
    await server.db
      .updateTable('users')
      .set({ is_email_verified: 1, registration_completed: 1 })
      .where('email', 'in', ['new.driver@example.com', 'new.dispatch@example.com'])
      .execute();
    const pending = (await call('GET', '/api/User?pending=true&size=100')).body.value;
    expect(emails(pending.items)).toEqual(
      expect.arrayContaining(['new.driver@example.com', 'new.dispatch@example.com']),
    );
    expect(
      pending.items.every(
        (u: { isPending: boolean; isActive: boolean; status: string }) =>
          u.isPending && !u.isActive && u.status === 'pending',
      ),
    ).toBe(true);
    const notPending = (await call('GET', '/api/User?pending=false&size=500')).body.value.items;
    expect(notPending.some((u: { isPending: boolean }) => u.isPending)).toBe(false);
    expect(emails((await call('GET', '/api/User?registering=true&size=100')).body.value.items)).not.toContain(
      'new.driver@example.com',
    );

    const session = await server.login('new.driver@example.com', 'long-enough-1');
    expect((await server.call({ method: 'GET', url: '/api/Driver/GetAllNames', token: session })).status).toBe(403);
    const id = await idOf(server, 'users', 'email', 'new.driver@example.com');
    await server.db.deleteFrom('user_roles').where('user_id', '=', id).execute();
    const activated = await call('POST', `/api/User/${id}/activate`, undefined, 'manager');
    expect(activated.body.value).toMatchObject({
      isActive: true,
      isPending: false,
      isEmailVerified: true,
      roles: ['Driver'],
    });
    expect((await server.call({ method: 'GET', url: '/api/Driver/GetAllNames', token: session })).status).toBe(200);
    expect((await call('POST', `/api/User/${id}/activate`)).body.value.version).toBe(activated.body.value.version);
    const active = (await call('GET', `/api/User?isActive=true&roleId=${role.Driver}&size=100`)).body.value.items;
    expect(active.map((u: { id: number }) => u.id)).toContain(id);
    expect(active.every((u: { isActive: boolean; roles: string[] }) => u.isActive && u.roles.includes('Driver'))).toBe(
      true,
    );
  });

  it('deactivation refuses the user’s open session on its very next call, and a reactivated user signs in again', async () => {
    const id = await idOf(server, 'users', 'email', 'dispatcher2@haulboard.demo');
    const session = await server.login('dispatcher2@haulboard.demo');
    expect((await server.call({ method: 'GET', url: '/api/Dispatcher/GetAllNames', token: session })).status).toBe(200);
    const off = await call('POST', `/api/User/${id}/deactivate`, undefined, 'manager');
    expect(off.body.value).toMatchObject({ isActive: false, isPending: false });
    const refused = await server.call({ method: 'GET', url: '/api/Dispatcher/GetAllNames', token: session });
    expect(refused.status).toBe(401);
    expect(
      (await call('GET', '/api/User?pending=true&size=500')).body.value.items.map((u: { id: number }) => u.id),
    ).not.toContain(id);

    const on = await call('PUT', `/api/User/${id}`, bodyOf(off.body.value, { isActive: true }), 'manager');
    expect(on.body.value.isActive).toBe(true);
    const again = await server.login('dispatcher2@haulboard.demo');
    const offAgain = await call('PUT', `/api/User/${id}`, bodyOf(on.body.value, { isActive: false }), 'manager');
    expect(offAgain.body.value.isActive).toBe(false);
    expect((await server.call({ method: 'GET', url: '/api/token/me', token: again })).status).toBe(401);
    await call('POST', `/api/User/${id}/activate`);
  });

  it('edits profile and roles by version (409 when stale), exports CSV, deletes softly and restores', async () => {
    const id = await idOf(server, 'users', 'email', 'dispatcher4@haulboard.demo');
    const u = await get(id);
    const edited = await call(
      'PUT',
      `/api/User/${id}`,
      bodyOf(u, { firstName: 'Renamed', phone: '', roleIds: [role.Dispatcher, role.Finance] }),
      'manager',
    );
    expect(edited.body.value).toMatchObject({
      firstName: 'Renamed',
      phone: null,
      roles: ['Dispatcher', 'Finance'],
      version: u.version + 1,
    });
    const stale = await expectRefused(
      server,
      { method: 'PUT', url: `/api/User/${id}`, payload: bodyOf(u), token: token.manager },
      409,
    );
    expect(stale.body.current).toMatchObject({ firstName: 'Renamed' });
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/User/${id}`,
        payload: bodyOf(edited.body.value, { email: 'manager@haulboard.demo' }),
        token: token.manager,
      },
      409,
      'email',
    );

    const csv = parseCsv((await call('GET', `/api/User/export?roleId=${role.Finance}`, undefined, 'manager')).body);
    expect(csv[0].slice(0, 3)).toEqual(['First name', 'Last name', 'E-mail']);
    expect(csv.slice(1).map((r) => r[2])).toContain('dispatcher4@haulboard.demo');
    expect(csv.slice(1).every((r) => r[4].split(' ').includes('Finance'))).toBe(true);

    const session = await server.login('dispatcher4@haulboard.demo');
    expect((await call('DELETE', `/api/User/${id}`)).body.value.deleted).toBe(true);
    expect((await server.call({ method: 'GET', url: '/api/token/me', token: session })).status).toBe(401);
    expect((await call('GET', '/api/User?search=dispatcher4')).body.value.totalCount).toBe(0);
    expect((await call('GET', '/api/User?search=dispatcher4&showDeleted=true')).body.value.totalCount).toBe(1);
    expect((await call('POST', `/api/User/${id}/restore`)).body.value.deleted).toBe(false);
    await server.login('dispatcher4@haulboard.demo');
  });

  it('lets only administrators act on administrators or grant the role', async () => {
    const admin = await get(adminId);
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/User/${adminId}`,
        payload: bodyOf(admin, { firstName: 'Hacked' }),
        token: token.manager,
      },
      403,
    );
    await expectRefused(
      server,
      { method: 'POST', url: `/api/User/${adminId}/password-link`, token: token.manager },
      403,
    );
    await expectRefused(server, { method: 'POST', url: `/api/User/${adminId}/deactivate`, token: token.manager }, 403);
    const managerId = await idOf(server, 'users', 'email', 'manager@haulboard.demo');
    const manager = await get(managerId);
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/User/${managerId}`,
        payload: bodyOf(manager, { roleIds: [role.Manager, role.Administrator] }),
        token: token.manager,
      },
      403,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/User',
        payload: user({ email: 'sneaky@example.com', roleIds: [role.Administrator] }),
        token: token.manager,
      },
      403,
    );
  });

  it('keeps the last active administrator: no role removal, deactivation or deletion (400, nothing written)', async () => {
    const admin = await get(adminId);
    for (const request of [
      {
        method: 'PUT' as const,
        url: `/api/User/${adminId}`,
        payload: bodyOf(admin, { roleIds: [role.Manager] }),
        field: 'roleIds',
      },
      {
        method: 'PUT' as const,
        url: `/api/User/${adminId}`,
        payload: bodyOf(admin, { isActive: false }),
        field: 'isActive',
      },
      { method: 'POST' as const, url: `/api/User/${adminId}/deactivate` },
      { method: 'DELETE' as const, url: `/api/User/${adminId}` },
    ]) {
      const response = await expectRefused(
        server,
        { method: request.method, url: request.url, payload: request.payload, token: token.administrator },
        400,
        request.field,
      );
      expect(response.body.message).toBe(LAST_ADMIN_MESSAGE);
    }
    // With a second administrator the first may step down; the second is then the last one.
    const managerId = await idOf(server, 'users', 'email', 'manager@haulboard.demo');
    const manager = await get(managerId);
    expect(
      (await call('PUT', `/api/User/${managerId}`, bodyOf(manager, { roleIds: [role.Manager, role.Administrator] })))
        .status,
    ).toBe(200);
    const stepDown = await call('PUT', `/api/User/${adminId}`, bodyOf(await get(adminId), { roleIds: [role.Manager] }));
    expect(stepDown.body.value.roles).toEqual(['Manager']);
    const managerSession = await server.login('manager@haulboard.demo');
    await expectRefused(
      server,
      { method: 'POST', url: `/api/User/${managerId}/deactivate`, token: managerSession },
      400,
    );
    expect(
      (
        await server.call({
          method: 'PUT',
          url: `/api/User/${adminId}`,
          payload: bodyOf(await get(adminId), { roleIds: [role.Administrator] }),
          token: managerSession,
        })
      ).status,
    ).toBe(200);
  });
});
