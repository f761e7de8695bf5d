import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessControl } from '../../server/http/access';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/** The public calls (docs/api-calls.md#requests); every other /api and /apps route must answer 401 without a token. */
const EXPECTED_PUBLIC = new Set([
  'POST /api/Auth/login',
  'POST /api/token/register',
  'GET /api/token/usertypes',
  'GET /api/version',
  'GET /api/health',
  'GET /api/openapi.json',
  'POST /api/token/reset-password',
  'POST /apps/auth-token',
  // The account links (whoever holds the link) and a user's picture (an <img> sends no token).
  'POST /api/account/verify-email',
  'POST /api/account/forgot-password',
  'POST /api/account/reset-password',
  'POST /api/account/confirm-email-change',
  'GET /api/account/avatar/:userId',
  // The public site's contact form and the company it names (docs/product/administration.md#public-site).
  'POST /api/contact',
  'GET /api/contact/company',
]);

describe.each(DATABASES)('route inventory on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  const apiRoutes = () =>
    server.app.routeInventory.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));

  it('lists the routes of every area', () => {
    const urls = apiRoutes().map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/Auth/login',
        'GET /api/token/me',
        'POST /api/token/logout',
        'GET /api/Auth/features/get',
        'POST /api/AccessManagements/groups/new',
        'GET /api/User',
        'GET /api/AuditLog',
        'GET /api/Carriers/dropdown-list',
      ]),
    );
    expect(urls.length).toBeGreaterThan(25);
  });

  it('declares its feature and permission on every protected route, and only the known calls are public', () => {
    for (const route of apiRoutes()) {
      const name = `${route.method} ${route.url}`;
      if ('public' in route.access) expect(EXPECTED_PUBLIC, `${name} is public`).toContain(name);
      else if ('feature' in route.access) {
        expect(route.access.permission).toMatch(/^(Read|Create|Update|Delete|Export|Approve)$/);
        expect([route.access.feature].flat().length).toBeGreaterThan(0);
      } else expect('account' in route.access || 'signedIn' in route.access, name).toBe(true);
    }
  });

  it('answers 401 to every protected route called without a token, and never 401 to a public one', async () => {
    for (const route of apiRoutes()) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1').replace('*', 'x');
      const response = await server.call({
        method: route.method as 'GET',
        url,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if ('public' in route.access) expect(response.status, `${route.method} ${url}`).not.toBe(401);
      else {
        expect(response.status, `${route.method} ${url}`).toBe(401);
        expect(response.body.messages[0].description).toMatch(/sign in/i);
      }
    }
  });

  it('answers 401 with a token that is not even a JWT', async () => {
    for (const route of apiRoutes().filter((r) => !('public' in r.access))) {
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      const response = await server.call({ method: route.method as 'GET', url, token: 'not.a.token' });
      expect(response.status, `${route.method} ${url}`).toBe(401);
    }
  });
});

describe('an undeclared route', () => {
  it('cannot be registered: the app refuses to start', async () => {
    const app = Fastify();
    registerAccessControl(app, null as never, 'secret', null as never);
    expect(() => app.get('/api/Forgotten/route', async () => 'oops')).toThrow(/declares no access/);
    await app.close();
  });
});
