import { cleanup, configure } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { resetAccounts } from './accounts';
import { authHandlers } from './handlers/auth';
import { resetSavedFilters, savedFilterHandlers } from './handlers/savedFilters';
import { resetShell, shellHandlers } from './handlers/shell';

/**
 * The API at the network boundary for the unit tests: one msw server answering as the real one (handlers/), with
 * sign-in, what every signed-in page calls and the saved filters of every list always on; a test adds its screen's
 * handlers with `api.use(...)`.
 * A call no handler answers fails the test that made it.
 */
export const api = setupServer(...authHandlers, ...shellHandlers, ...savedFilterHandlers);

export interface ApiCall {
  method: string;
  url: URL;
  /** The JSON body sent, if any. */
  body: unknown;
  /** The status answered, once the handler has answered. */
  status?: number;
}

/** Every call the app made in this test, in the order they were sent. */
export const calls: ApiCall[] = [];
const unanswered: string[] = [];

const byId = new Map<string, ApiCall>();
api.events.on('request:start', ({ request, requestId }) => {
  const entry: ApiCall = { method: request.method, url: new URL(request.url), body: undefined };
  calls.push(entry);
  byId.set(requestId, entry);
  void request
    .clone()
    .text()
    .then((text) => {
      entry.body = text ? JSON.parse(text) : undefined;
    });
});
api.events.on('response:mocked', ({ response, requestId }) => {
  const entry = byId.get(requestId);
  if (entry) entry.status = response.status;
});

/** The calls to one path (e.g. '/api/Units/7'), optionally of one method. */
export const callsTo = (pathname: string, method?: string) =>
  calls.filter((call) => call.url.pathname === pathname && (!method || call.method === method));

/**
 * Starts the API for a test file, and between tests unmounts what was rendered, forgets the accounts, sessions and
 * stored data, and checks that every call was answered. Screens load the whole app on demand, which on a machine
 * busy with other test runs takes seconds: waits are long upper bounds (findBy*, waitFor), never fixed sleeps.
 */
export function useApi(): void {
  configure({ asyncUtilTimeout: 15_000 });
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(() =>
    api.listen({
      onUnhandledRequest: (request, print) => {
        unanswered.push(`${request.method} ${request.url}`);
        // Never on to the network: the call fails as a network error would.
        print.error();
      },
    }),
  );
  afterEach(() => {
    cleanup();
    api.resetHandlers();
    resetAccounts();
    resetShell();
    resetSavedFilters();
    calls.length = 0;
    byId.clear();
    localStorage.clear();
    sessionStorage.clear();
    const missed = unanswered.splice(0);
    expect(missed, 'calls no msw handler answered').toEqual([]);
  });
  afterAll(() => api.close());
}
