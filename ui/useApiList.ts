import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../dataProvider/http';

/**
 * A dropdown list from the API (drivers, brokers, states …), cached for the session's screens. A paged answer
 * ({ items, totalCount }) gives its items; no path, no call (a list the user may not read).
 */
export function useApiList<T>(path: string | null) {
  return useQuery({
    queryKey: ['api-list', path],
    enabled: !!path,
    queryFn: async () => {
      const payload = unwrap<T[] | { items: T[] }>(await apiFetch(path!));
      return Array.isArray(payload) ? payload : payload.items;
    },
    staleTime: 5 * 60_000,
  });
}
