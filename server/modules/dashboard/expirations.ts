import { sql } from 'kysely';
import type { ExpirationsTile, ExpiringList } from '../../../schema/dashboard';
import { EXPIRY_WINDOW_DAYS, dueBy } from '../../../schema/expiry';
import { RECORD_RESOURCES } from '../../../schema/resources';
import type { Db } from '../../db/types';
import { expiringWhere } from '../records/query';
import { anyTables } from '../records/types';

/** The lists with dates that expire (drivers' CDL and medical card, units' registration and inspection, carriers' insurance, fuel cards). */
const EXPIRING = RECORD_RESOURCES.filter((def) => def.expiring.length > 0);

/**
 * One list's figures: the records the list shows with expiring=true (its own condition, records/query.ts, over its
 * live rows) and, among them, each date's expired and due counts by schema/expiry.ts's rule.
 */
async function expiringList(db: Db, def: (typeof EXPIRING)[number], today: string): Promise<ExpiringList> {
  const limit = dueBy(today);
  const perField = def.expiring.flatMap((e, index) => {
    const column = sql.ref(`r.${e.column}`);
    return [
      sql<number>`coalesce(sum(case when ${column} < ${today} then 1 else 0 end), 0)`.as(`expired${index}`),
      sql<number>`coalesce(sum(case when ${column} >= ${today} and ${column} <= ${limit} then 1 else 0 end), 0)`.as(
        `due${index}`,
      ),
    ];
  });
  const row = (await anyTables(db)
    .selectFrom(`${def.table} as r`)
    .select(({ fn }) => [fn.countAll<number>().as('count'), ...perField])
    .where('r.deleted_at', 'is', null)
    .where(expiringWhere(def.expiring.map((e) => `r.${e.column}`))(true, today))
    .executeTakeFirstOrThrow()) as Record<string, number | string>;
  return {
    list: def.name,
    title: def.plural,
    route: def.route,
    filter: { expiring: true },
    count: Number(row.count),
    fields: def.expiring.map((e, index) => ({
      field: e.path,
      label: e.label,
      expired: Number(row[`expired${index}`]),
      due: Number(row[`due${index}`]),
    })),
  };
}

/** Expired and due dates of the lists the caller may read (each list's own readers); null when none. */
export async function expirationsTile(
  db: Db,
  mayRead: (features: readonly string[]) => Promise<boolean>,
  today: string,
): Promise<ExpirationsTile | null> {
  const readable = (
    await Promise.all(EXPIRING.map(async (def) => ((await mayRead(def.readFeatures)) ? def : null)))
  ).filter((def) => def !== null);
  if (!readable.length) return null;
  return {
    windowDays: EXPIRY_WINDOW_DAYS,
    lists: await Promise.all(readable.map((def) => expiringList(db, def, today))),
  };
}
