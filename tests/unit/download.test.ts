// @vitest-environment jsdom
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBlob, apiDownload } from '../../dataProvider/download';
import { onUnauthorized } from '../../dataProvider/http';
import { api, useApi } from './msw/server';

useApi();

/** Answers one GET of /api/file and keeps the request it got. */
function answerFile(response: () => Response) {
  const seen: Request[] = [];
  api.use(
    http.get('*/api/file', ({ request }) => {
      seen.push(request);
      return response();
    }),
  );
  return seen;
}

describe('apiDownload, the one way to a file behind the session', () => {
  const saved: { name: string; href: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  beforeEach(() => {
    localStorage.clear();
    saved.length = 0;
    let next = 0;
    // jsdom has no object URLs: each blob gets a name, and a click on a link to one is a saved file.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:test/${next++}`;
      blobs.set(url, blob);
      return url;
    });
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href, blob: blobs.get(this.href)! });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('sends the bearer token and the query, and saves the bytes under the name given, of the type given', async () => {
    localStorage.setItem('accessToken', 'abc');
    const seen = answerFile(
      () => new HttpResponse('a,b\n1,2\n', { headers: { 'content-type': 'application/octet-stream' } }),
    );
    const progress: number[] = [];
    await apiDownload('/api/file', 'list.csv', {
      query: { search: 'x', empty: '' },
      type: 'text/csv',
      onProgress: (bytes) => progress.push(bytes),
    });
    expect(seen[0].headers.get('authorization')).toBe('Bearer abc');
    expect(new URL(seen[0].url).search).toBe('?search=x');
    expect(saved.map(({ name }) => name)).toEqual(['list.csv']);
    expect(saved[0].blob.type).toBe('text/csv');
    expect(await saved[0].blob.text()).toBe('a,b\n1,2\n');
    expect(progress.at(-1)).toBe(8);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('refuses as the data provider does: the first message, "Something went wrong" for a 5xx or no answer', async () => {
    answerFile(() =>
      HttpResponse.json(
        { message: 'outer', messages: [{ code: 'not_found', description: 'That document is gone' }] },
        { status: 404 },
      ),
    );
    await expect(apiDownload('/api/file', 'x.pdf')).rejects.toMatchObject({
      message: 'That document is gone',
      status: 404,
    });
    answerFile(() => new HttpResponse('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiBlob('/api/file')).rejects.toMatchObject({ message: 'Something went wrong', status: 500 });
    answerFile(() => HttpResponse.error());
    await expect(apiBlob('/api/file')).rejects.toMatchObject({ message: 'Something went wrong', status: 0 });
    expect(saved).toEqual([]);
  });

  it('tells the app of a 401', async () => {
    const listener = vi.fn();
    const stop = onUnauthorized(listener);
    answerFile(() => HttpResponse.json({ message: 'Sign in' }, { status: 401 }));
    await expect(apiDownload('/api/file', 'x.pdf')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
  });
});
