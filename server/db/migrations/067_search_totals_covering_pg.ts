import type { Kysely } from 'kysely';
import { isPostgres, recreateCoveringIndex } from '../frozen/schemaHelpers';
import { WIDENED } from './010_search_covering_indexes';

/**
 * PostgreSQL's search totals now sum each kind of match from its own index, each order once, as SQLite's have since
 * 010_search_covering_indexes.ts (bookOrders/search.ts searchTotals): the later branches test the earlier kinds'
 * columns, which these indexes now carry. The union that dropped the repeats instead hashed every matching order's
 * id and amounts: "houston" over all time at 1M orders, 21,654 orders, spent 16 of its 27 ms in that hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, key, extra] of WIDENED) await recreateCoveringIndex(db, name, key, extra);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, key] of WIDENED) await recreateCoveringIndex(db, name, key);
}
