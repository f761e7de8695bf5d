import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { signIn } from '../../../authProvider';
import { App } from '../../../src/App';
import { SettingsProvider } from '../../../src/theme/SettingsContext';
import { type Account, register } from './accounts';

/** Signs the account in through the app's own sign-in calls, as the sign-in page does (token, user, sidebar). */
export async function signInAs(account: Account): Promise<void> {
  register(account);
  await signIn(account.email, account.password);
}

/**
 * The whole web app as main.tsx mounts it, opened at `path`: its routes, guards, lazy screens and react-admin,
 * against the msw API. Returns a user-event session and where the app is now.
 */
export function renderApp(path: string) {
  // jsdom has no scrolling; the app scrolls to the top on every route change.
  window.scrollTo = () => undefined;
  const where = { pathname: path };
  function Where() {
    const { pathname } = useLocation();
    useEffect(() => {
      where.pathname = pathname;
    }, [pathname]);
    return null;
  }
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[path]}>
      <SettingsProvider>
        <App />
        <Where />
      </SettingsProvider>
    </MemoryRouter>,
  );
  return { user, pathname: () => where.pathname };
}
