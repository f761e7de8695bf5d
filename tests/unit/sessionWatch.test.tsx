// @vitest-environment jsdom
/**
 * The session watch (src/admin/useSessionWatch.ts): a 401 from any call signs the user out to /login — except one
 * answered while Logout is ending the session, which must not navigate: the logout ends with its own page load, and a
 * navigation first made the sign-in page flash and then pass through /app (a clean-clone CI run of the finances
 * journey saw /login, /app, /app).
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { authProvider } from '../../authProvider';
import { apiFetch } from '../../dataProvider/http';
import { useSessionWatch } from '../../src/admin/useSessionWatch';
import { account } from './msw/accounts';
import { signInAs } from './msw/app';
import { api, useApi } from './msw/server';

useApi();
afterEach(cleanup);

function Watched() {
  useSessionWatch();
  return <div data-testid="where">{useLocation().pathname}</div>;
}
const where = () => screen.getByTestId('where').textContent;
const expired = http.get('*/api/Probe', () =>
  HttpResponse.json({ message: 'Your session has ended' }, { status: 401 }),
);

describe('the session watch', () => {
  it('a 401 answered while Logout ends the session does not navigate; a 401 at any other time sends the user to /login', async () => {
    const me = account(['Dispatcher'], { id: 1, firstName: 'Me', lastName: 'Myself' });
    await signInAs(me);
    render(
      <MemoryRouter initialEntries={['/app/finances/driver-transactions']}>
        <Watched />
      </MemoryRouter>,
    );
    api.use(expired);
    // A request of the screen is answered 401 while the server ends the session.
    api.use(
      http.post('*/api/token/logout', async () => {
        await apiFetch('/api/Probe').catch(() => undefined);
        return HttpResponse.json({ value: true });
      }),
    );
    await act(async () => {
      await authProvider.logout({});
    });
    expect(where()).toBe('/app/finances/driver-transactions');
    // Nor one answered after the logout, before its page load of the sign-in page (a clean-clone CI run of the bank
    // journey saw /login, then /app on that load).
    await act(async () => {
      await apiFetch('/api/Probe').catch(() => undefined);
    });
    expect(where()).toBe('/app/finances/driver-transactions');

    // Signed in again, a 401 is a sign-out.
    await signInAs(me);
    await act(async () => {
      await apiFetch('/api/Probe').catch(() => undefined);
    });
    await waitFor(() => expect(where()).toBe('/login'));
  });
});
