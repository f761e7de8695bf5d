import { useQuery } from '@tanstack/react-query';
import { apiFetch, unwrap } from '../../dataProvider/http';

/** A dropdown list from the API (drivers, brokers, states …), cached for the session's screens. */
export function useApiList<T>(path: string) {
  return useQuery({
    queryKey: ['api-list', path],
    queryFn: async () => unwrap<T[]>(await apiFetch(path)),
    staleTime: 5 * 60_000,
  });
}
