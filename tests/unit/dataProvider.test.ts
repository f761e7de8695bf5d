// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, hasValidToken } from '../../authProvider';
import { clearSession } from '../../dataProvider/session';
import { dataProvider } from '../../dataProvider';
import { registerEndpoints } from '../../dataProvider/endpoints';
import { apiFetch, onUnauthorized } from '../../dataProvider/http';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const token = (exp: number) => `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub: '1', exp }))}.sig`;

describe('the http client', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    localStorage.clear();
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('sends the bearer token and JSON', async () => {
    localStorage.setItem('accessToken', 'abc');
    fetchMock.mockResolvedValue(json(200, { value: 1 }));
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 }, query: { Page: 0, Search: '', Size: 50 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/x?Page=0&Size=50');
    expect(init.headers).toMatchObject({ authorization: 'Bearer abc', 'content-type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it("shows the first messages[].description of an error", async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'outer', messages: [{ code: 'validation', description: 'Enter a group name' }, { description: 'second' }] }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Enter a group name', status: 400 });
  });

  it('falls back to the message, and to "Something went wrong" without an answer', async () => {
    fetchMock.mockResolvedValueOnce(json(409, { message: 'Conflict here' }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Conflict here', status: 409 });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Something went wrong', status: 0 });
  });

  it('tells the app of every 401', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    fetchMock.mockResolvedValue(json(401, { message: 'Sign in' }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });

  it('maps the list envelope to react-admin and paging to Page/Size/Sort', async () => {
    registerEndpoints('things', { list: '/api/Things', one: (id) => `/api/Things/${id}` });
    fetchMock.mockResolvedValue(json(200, { value: { items: [{ id: 1 }, { id: 2 }], totalCount: 42, page: 1, size: 2, totals: { price: 10 } } }));
    const result = await dataProvider.getList('things', { pagination: { page: 2, perPage: 2 }, sort: { field: 'name', order: 'DESC' }, filter: { status: 'NEW' } });
    // Extras of the list answer (totals of the filtered set) reach the screen as meta.
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 42, meta: { totals: { price: 10 } } });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/Things?Page=1&Size=2&Sort=-name&status=NEW');
    fetchMock.mockResolvedValue(json(200, { data: { id: 7 } }));
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
    clearSession();
  });
});
