// @vitest-environment jsdom
import { act, render, screen, waitFor } from '@testing-library/react';
import { NotificationContextProvider, useNotify } from 'ra-core';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from '../../src/layout/Notifications';
import { searchOnline } from '../../src/layout/searchOnline';
import { APP_VERSION, pageActions } from '../../src/version';
import { VersionCheck } from '../../src/version/VersionCheck';
import { serverRuns } from './msw/handlers/shell';
import { callsTo, useApi } from './msw/server';

useApi();
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Emit({ count }: { count: number }) {
  const notify = useNotify();
  useEffect(() => {
    for (let i = 1; i <= count; i++) notify(`Message ${i}`, { type: 'info' });
  }, [count, notify]);
  return null;
}

describe('notifications', () => {
  it('shows at most 3 at once, each closing after 5 s, then the next ones', async () => {
    vi.useFakeTimers();
    render(
      <NotificationContextProvider>
        <Notifications />
        <Emit count={5} />
      </NotificationContextProvider>,
    );
    await act(async () => undefined);
    expect(screen.getAllByText(/^Message \d$/).map((el) => el.textContent)).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
    ]);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getAllByText(/^Message \d$/).map((el) => el.textContent)).toEqual(['Message 4', 'Message 5']);
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.queryAllByText(/^Message \d$/)).toEqual([]);
  });
});

describe('version check', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('stores the version on a first visit and says nothing', async () => {
    render(<VersionCheck />);
    expect(localStorage.getItem('version')).toBe(APP_VERSION);
    await waitFor(() => expect(callsTo('/api/version')).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on an old stored version: the notice, then after 5 s storage cleared, new version stored, reload', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(pageActions, 'reload').mockImplementation(() => undefined);
    localStorage.setItem('version', '0.0.1');
    localStorage.setItem('accessToken', 'old');
    render(<VersionCheck />);
    await act(async () => undefined);
    expect(screen.getByRole('alert').textContent).toBe('You are on an old version. The app will update in 5 seconds.');
    await act(async () => {
      vi.advanceTimersByTime(4999);
    });
    expect(reload).not.toHaveBeenCalled();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(reload).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('version')).toBe(APP_VERSION);
  });

  it('checks again on every click', async () => {
    vi.useFakeTimers();
    vi.spyOn(pageActions, 'reload').mockImplementation(() => undefined);
    render(<VersionCheck />);
    await act(async () => undefined);
    expect(screen.queryByRole('alert')).toBeNull();
    localStorage.setItem('version', '0.0.2');
    await act(async () => {
      document.body.click();
    });
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows the notice when the server runs another version', async () => {
    // Fake timers keep the reload 5 s later from running into the next test.
    vi.useFakeTimers();
    vi.spyOn(pageActions, 'reload').mockImplementation(() => undefined);
    serverRuns('9.9.9');
    render(<VersionCheck />);
    await vi.waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'You are on an old version. The app will update in 5 seconds.',
      ),
    );
  });
});

describe('online contacts search', () => {
  const users = [
    { userId: 1, firstName: 'Nino', lastName: 'Beridze' },
    { userId: 2, firstName: 'James', lastName: 'Smith' },
  ];
  it.each([
    ['', [1, 2]],
    ['nino b', [1]],
    ['NINO BERIDZE', [1]],
    ['smith', [2]],
    ['nobody', []],
  ])('"%s" → %o', (query, ids) => {
    expect(searchOnline(users, query).map((u) => u.userId)).toEqual(ids);
  });
});
