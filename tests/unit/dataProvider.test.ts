// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, hasValidToken } from '../../authProvider';
import { setSigningOut } from '../../authProvider/signIn';
import { clearSession } from '../../dataProvider/session';
import { dataProvider } from '../../dataProvider';
import { registerEndpoints } from '../../dataProvider/endpoints';
import { apiFetch, onUnauthorized } from '../../dataProvider/http';
import type { ListPage } from '../../schema/records';
import { type ErrorBody, ok } from './msw/respond';
import { api, callsTo, useApi } from './msw/server';

const token = (exp: number) =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: '1', exp }))}.sig`;

useApi();

/** Answers one call to /api/x and keeps the request it got. */
function answerX(method: 'get' | 'post', response: () => Response) {
  const seen: Request[] = [];
  api.use(
    http[method]('*/api/x', ({ request }) => {
      seen.push(request);
      return response();
    }),
  );
  return seen;
}
const errorBody = (body: Partial<ErrorBody>, status: number) => () => HttpResponse.json(body, { status });

describe('the http client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the bearer token and JSON', async () => {
    localStorage.setItem('accessToken', 'abc');
    const seen = answerX('post', () => HttpResponse.json({ value: 1 }));
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 }, query: { Page: 0, Search: '', Size: 50 } });
    const url = new URL(seen[0].url);
    expect(url.pathname + url.search).toBe('/api/x?Page=0&Size=50');
    expect(seen[0].headers.get('authorization')).toBe('Bearer abc');
    expect(seen[0].headers.get('content-type')).toBe('application/json');
    expect(await seen[0].text()).toBe('{"a":1}');
  });

  it('shows the first messages[].description of an error', async () => {
    answerX(
      'get',
      errorBody(
        {
          message: 'outer',
          messages: [
            { code: 'validation', description: 'Enter a group name' },
            { code: 'validation', description: 'second' },
          ],
        },
        400,
      ),
    );
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Enter a group name', status: 400 });
  });

  it('falls back to the message, and to "Something went wrong" without an answer', async () => {
    answerX('get', errorBody({ message: 'Conflict here' }, 409));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Conflict here', status: 409 });
    answerX('get', () => HttpResponse.error());
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Something went wrong', status: 0 });
  });

  it('tells the app of every 401', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    answerX('get', errorBody({ message: 'Sign in' }, 401));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('maps the list envelope to react-admin and paging to Page/Size/Sort', async () => {
    registerEndpoints('things', { list: '/api/Things', one: (id) => `/api/Things/${id}` });
    api.use(
      http.get('*/api/Things', () =>
        ok<ListPage<{ id: number }> & { totals: { price: number } }>({
          items: [{ id: 1 }, { id: 2 }],
          totalCount: 42,
          page: 1,
          size: 2,
          totals: { price: 10 },
        }),
      ),
      http.get('*/api/Things/7', () => HttpResponse.json({ data: { id: 7 } })),
    );
    const result = await dataProvider.getList('things', {
      pagination: { page: 2, perPage: 2 },
      sort: { field: 'name', order: 'DESC' },
      filter: { status: 'NEW' },
    });
    // Extras of the list answer (totals of the filtered set) reach the screen as meta.
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42, meta: { totals: { price: 10 } } });
    expect(callsTo('/api/Things')[0].url.search).toBe('?Page=1&Size=2&Sort=-name&status=NEW');
    expect((await dataProvider.getOne('things', { id: 7 })).data).toEqual({ id: 7 });
  });
});

describe('the auth provider', () => {
  beforeEach(() => localStorage.clear());

  it('checks the token expiry locally', async () => {
    localStorage.setItem('accessToken', token(Math.floor(Date.now() / 1000) + 60));
    expect(hasValidToken()).toBe(true);
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    localStorage.setItem('accessToken', token(Math.floor(Date.now() / 1000) - 1));
    expect(hasValidToken()).toBe(false);
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    localStorage.setItem('accessToken', 'garbage');
    expect(hasValidToken()).toBe(false);
  });

  it('leaves the way to the sign-in page to a sign-out under way (its own page load), and redirects again after', async () => {
    setSigningOut(true);
    try {
      await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    } finally {
      setSigningOut(false);
    }
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
  });

  it('clears storage and sends to /login on a 401, but not on a 403', async () => {
    localStorage.setItem('accessToken', 'x');
    localStorage.setItem('user', '{}');
    localStorage.setItem('settings', '{"theme":"LIGHT"}');
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(localStorage.getItem('accessToken')).toBe('x');
    await expect(authProvider.checkError({ status: 401 })).rejects.toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The user's display settings stay.
    expect(localStorage.getItem('settings')).toBe('{"theme":"LIGHT"}');
    // Signed out already: a later 401 (a screen still mounted asking again) signs out no second time.
    await expect(authProvider.checkError({ status: 401 })).resolves.toBeUndefined();
    clearSession();
  });
});
