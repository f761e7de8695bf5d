import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useNotify } from 'ra-core';
import { useCallback } from 'react';
import { LOGIN_PATH } from '../../authProvider';

/**
 * Logout → the sign-in page (or `to`: a link that works only signed out) once the server has ended the session (the
 * top bar's user menu, the account-flow pages, the mailbox); 'Unable to logout' when it could not be reached. Straight
 * to /login: by way of / and /app the page passed through the app again after the sign-in page had shown (under load,
 * react-admin's own redirect could land first).
 */
export function useSignOut(): (to?: string) => Promise<void> {
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  return useCallback(
    async (to = LOGIN_PATH) => {
      try {
        await authProvider!.logout({});
        queryClient.clear();
        // A page load, not a route change: the signed-in screens unmount at once. Kept mounted while the next route
        // loaded, they asked again, failed with 401 and signed out again, dozens to hundreds of times.
        window.location.replace(to);
      } catch {
        notify('haulboard.account.unable_to_logout', { type: 'error' });
      }
    },
    [authProvider, notify, queryClient],
  );
}
