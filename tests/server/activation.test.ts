import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../../server/auth/secret';
import { openSession } from '../../server/modules/auth/sessions';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Roles come only from an administrator's decision (docs/product/accounts.md): registration asks, the first activation
 * grants what was asked once, and activating again restores exactly what the user had. Tokens never outlive a
 * deactivation.
 */
describe.each(DATABASES)('activation and roles on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  const role: Record<string, number> = {};
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    for (const r of await server.db.selectFrom('roles').select(['id', 'name']).execute()) role[r.name] = r.id;
  });
  afterAll(() => server.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    server.call({ method, url, token: admin, payload: payload as never });
  const register = async (email: string, userType = 'driver') => {
    const response = await server.call({
      method: 'POST',
      url: '/api/token/register',
      payload: { email, firstname: 'Reg', lastname: 'Istered', userType, password: 'long-enough-1', AccountId: 1 },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as { accessToken: string; user: { id: number; roles: string[] } };
  };
  const user = async (id: number) => (await call('GET', `/api/User/${id}`)).body.value;
  const setRoles = async (id: number, roleIds: number[]) => {
    const u = await user(id);
    const response = await call('PUT', `/api/User/${id}`, {
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone,
      roleIds,
      isActive: u.isActive,
      version: u.version,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value;
  };

  it('grants nothing at registration; the first activation grants the role the registration asked for', async () => {
    const { user: registered } = await register(`asks.driver.${kind}@example.com`);
    expect(registered.roles).toEqual([]);
    expect(
      (await call('GET', `/api/User/get-users-by-roleId/${role.Driver}`)).body.value.map((u: { id: number }) => u.id),
    ).not.toContain(registered.id);
    expect((await call('POST', `/api/User/${registered.id}/activate`)).body.value.roles).toEqual(['Driver']);
  });

  it('reactivation restores exactly the roles the user had: a role an administrator removed stays removed', async () => {
    const { user: registered } = await register(`became.finance.${kind}@example.com`);
    await call('POST', `/api/User/${registered.id}/activate`);
    expect((await setRoles(registered.id, [role.Finance])).roles).toEqual(['Finance']);
    expect((await call('POST', `/api/User/${registered.id}/deactivate`)).body.value.isActive).toBe(false);
    const again = await call('POST', `/api/User/${registered.id}/activate`);
    expect(again.body.value).toMatchObject({ isActive: true, roles: ['Finance'] });
    // The same through the edit form's active switch.
    const off = await call('POST', `/api/User/${registered.id}/deactivate`);
    const on = await call('PUT', `/api/User/${registered.id}`, { ...off.body.value, isActive: true });
    expect(on.body.value.roles).toEqual(['Finance']);
  });

  it('keeps the roles an administrator chose before the first activation', async () => {
    const { user: registered } = await register(`chosen.first.${kind}@example.com`, 'dispatch');
    await setRoles(registered.id, [role.Banking]);
    expect((await call('POST', `/api/User/${registered.id}/activate`)).body.value.roles).toEqual(['Banking']);
  });

  it('a token of an account never works again once it is deactivated, reactivation included', async () => {
    const email = `token.holder.${kind}@example.com`;
    const { user: registered } = await register(email);
    await call('POST', `/api/User/${registered.id}/activate`);
    const before = await server.login(email, 'long-enough-1');
    await call('POST', `/api/User/${registered.id}/deactivate`);
    // Signing in while deactivated gives no token at all.
    const during = await server.call({
      method: 'POST',
      url: '/api/Auth/login',
      payload: { email, password: 'long-enough-1' },
    });
    expect(during.status).toBe(403);
    expect(during.body).not.toHaveProperty('value');
    // A session a server of an older version let the deactivated account open.
    const leftOver = await openSession(
      server.db,
      registered.id,
      resolveJwtSecret(server.config.jwtSecret, server.config.dataDir),
      3600,
    );
    await call('POST', `/api/User/${registered.id}/activate`);
    for (const token of [before, leftOver])
      expect((await server.call({ method: 'GET', url: '/api/token/me', token })).status).toBe(401);
    const after = await server.login(email, 'long-enough-1');
    expect((await server.call({ method: 'GET', url: '/api/Driver/GetAllNames', token: after })).status).toBe(200);
  });
});
