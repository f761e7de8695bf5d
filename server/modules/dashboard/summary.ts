import { DASHBOARD_TILE_FEATURES, type DashboardSummary } from '../../../schema/dashboard';
import type { ServerContext } from '../../context';
import { claimsTile } from './claims';
import { expirationsTile } from './expirations';
import { grossTile } from './gross';
import { loadsTile } from './loads';
import { orderCounter } from './orderCounts';
import { receivablesTile } from './receivables';
import { ticketsTile } from './tickets';
import { waitingTile } from './waiting';

type Tile = Exclude<keyof DashboardSummary, 'today' | 'expirations'>;
/** Whether the user may read any of the features (the sidebar's rule). */
export type MayRead = (features: readonly string[]) => Promise<boolean>;

/**
 * The dashboard of a database: (today, what the user may read) → the summary, each tile computed only when the user
 * may read its feature and otherwise left out altogether (not zeros). The route and the benchmark's direct run use it.
 */
export function dashboardSummary(ctx: Pick<ServerContext, 'db' | 'dialect'>) {
  const { db } = ctx;
  const count = orderCounter(ctx);
  const tiles: { [K in Tile]: (today: string) => Promise<NonNullable<DashboardSummary[K]>> } = {
    loads: (today) => loadsTile(count, today),
    gross: (today) => grossTile(db, today),
    waiting: () => waitingTile(count),
    receivables: () => receivablesTile(db),
    claims: (today) => claimsTile(db, today),
    tickets: (today) => ticketsTile(db, today),
  };
  return async (today: string, mayRead: MayRead): Promise<DashboardSummary> => {
    const [answers, expirations] = await Promise.all([
      Promise.all(
        (Object.keys(tiles) as Tile[]).map(
          async (tile) =>
            [tile, (await mayRead(DASHBOARD_TILE_FEATURES[tile])) ? await tiles[tile](today) : null] as const,
        ),
      ),
      expirationsTile(db, mayRead, today),
    ]);
    return {
      today,
      ...Object.fromEntries(answers.filter(([, answer]) => answer)),
      ...(expirations ? { expirations } : {}),
    };
  };
}
