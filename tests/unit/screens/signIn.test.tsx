// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDRESS_LIMIT } from '../../../server/modules/auth/throttle';
import { account, failedSignIns, register } from '../msw/accounts';
import { renderApp } from '../msw/app';
import { bookOrderHandlers } from '../msw/handlers/bookOrders';
import { api, callsTo, useApi } from '../msw/server';

/** The sign-in page (src/routes/public/LoginPage.tsx) against the API's answers: its errors, and the way in. */
useApi();

async function signInWith(email: string, password: string) {
  const app = renderApp('/login');
  await app.user.type(await screen.findByLabelText(/^E-mail/), email);
  await app.user.type(screen.getByLabelText(/^Password/), password);
  await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return app;
}

describe('signing in', () => {
  it('an unknown e-mail is told to check the e-mail and password, and stays on the page', async () => {
    register(account(['Dispatcher']));
    const app = await signInWith('nobody@haulboard.demo', 'demo-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Please check your email and password');
    expect(app.pathname()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('a wrong password is told the same: to check the e-mail and password (nothing says which was wrong)', async () => {
    register(account(['Dispatcher']));
    const app = await signInWith('dispatcher@haulboard.demo', 'not-the-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Please check your email and password');
    expect(app.pathname()).toBe('/login');
  });

  it('after ten failures from this address the account is throttled, the right password included, and the user is told for how long', async () => {
    const dispatcher = account(['Dispatcher']);
    register(dispatcher);
    failedSignIns.add(dispatcher.email, ADDRESS_LIMIT.failures - 1);
    const app = await signInWith(dispatcher.email, 'not-the-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Please check your email and password');

    const password = screen.getByLabelText(/^Password/);
    await app.user.clear(password);
    await app.user.type(password, dispatcher.password);
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Too many failed sign-ins to this account from your address. Try again in 15 minute(s), or ask an administrator for a password link.',
      ),
    );
    expect(app.pathname()).toBe('/login');
    expect(callsTo('/api/Auth/login', 'POST')).toHaveLength(2);
  });

  it('the right password leads into the app, to the first screen the user may open', async () => {
    register(account(['Dispatcher']));
    api.use(...bookOrderHandlers([]));
    const app = await signInWith('dispatcher@haulboard.demo', 'demo-password');
    expect(await screen.findByRole('heading', { name: 'Book Orders' })).toBeTruthy();
    expect(app.pathname()).toBe('/app/books/bookorders');
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(localStorage.getItem('accessToken')).toBeTruthy();
  });
});
