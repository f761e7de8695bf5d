import { apiFetch, unwrap } from '../../dataProvider/http';
import type { DashboardSummary } from '../../schema/dashboard';

/** The dashboard's one request: the screen reads it, and the app asks for it at start when it opens on the dashboard. */
export const dashboardQuery = (today: string) => ({
  queryKey: ['dashboard', today],
  queryFn: async () => unwrap<DashboardSummary>(await apiFetch('/api/Dashboard/summary', { query: { today } })),
  refetchInterval: 5 * 60_000,
  // Fetched at start, while the shell loads: the screen mounting a moment later takes that answer instead of asking again.
  staleTime: 5_000,
});
