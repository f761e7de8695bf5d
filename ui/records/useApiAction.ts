import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNotify, useRefresh } from 'ra-core';
import { apiFetch } from '../../dataProvider/http';

export interface ApiAction {
  /** Absolute API path: /api/User/7/activate. */
  path: string;
  method?: string;
  body?: unknown;
  /** Translation key of the success toast. */
  done: string;
  /** The record it is for, when several share one action (a list's rows) and show which one runs. */
  id?: number;
}

/**
 * A one-click call on a record (activate, end an assignment, restore …): the server's message on failure, a toast
 * on success, and the screen re-read either way so it shows what the server now holds. `onFailed` gets the error
 * too (a dialog puts a message that names a field under that field).
 */
export function useApiAction<T = unknown>(onDone?: (result: T) => void, onFailed?: (error: Error) => void) {
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, method = 'POST', body }: ApiAction) => apiFetch<T>(path, { method, body }),
    onSuccess: (result, { done }) => {
      notify(done, { type: 'success' });
      refresh();
      // Dropdowns (drivers, units, cards …) may list what just changed.
      void queryClient.invalidateQueries({ queryKey: ['api-list'] });
      onDone?.(result);
    },
    onError: (error: Error) => {
      notify(error.message || 'haulboard.app.something_went_wrong', { type: 'error' });
      refresh();
      onFailed?.(error);
    },
  });
}
