import { useQueryClient } from '@tanstack/react-query';
import { useAuthProvider, useNotify } from 'ra-core';
import { useCallback } from 'react';

/**
 * Logout → / (or `to`: a link that works only signed out) once the server has ended the session (the top bar's user
 * menu, the account-flow pages, the mailbox); 'Unable to logout' when it could not be reached.
 */
export function useSignOut(): (to?: string) => Promise<void> {
  const notify = useNotify();
  const authProvider = useAuthProvider();
  const queryClient = useQueryClient();
  return useCallback(async (to = '/') => {
    try {
      await authProvider!.logout({});
      queryClient.clear();
      // A page load, not a route change: the signed-in screens unmount at once. Kept mounted while the next route
      // loaded, they asked again, failed with 401 and signed out again, dozens to hundreds of times.
      window.location.replace(to);
    } catch {
      notify('haulboard.account.unable_to_logout', { type: 'error' });
    }
  }, [authProvider, notify, queryClient]);
}
