import { sql } from 'kysely';
import { type AppListQuery, type ConnectedAppDto, type Scopes } from '../../../schema/connectedApps';
import type { Db } from '../../db/types';
import { notFound } from '../../http/errors';
import { containsPattern } from '../users/queries';

/**
 * The apps with the names of who registered and revoked them, and when each was last used: its newest audit entry
 * (a token issued or a call made under it), read from the audit log's (app_id, at) index rather than written on every
 * call.
 */
const lastUsed = sql<string | null>`(select max(l.at) from audit_log l where l.app_id = a.id)`;

export function appsWithNames(db: Db) {
  return db
    .selectFrom('connected_apps as a')
    .innerJoin('users as c', 'c.id', 'a.created_by')
    .leftJoin('users as r', 'r.id', 'a.revoked_by')
    .selectAll('a')
    .select([
      sql<string>`c.first_name || ' ' || c.last_name`.as('created_by_name'),
      sql<string | null>`r.first_name || ' ' || r.last_name`.as('revoked_by_name'),
      lastUsed.as('last_used_at'),
    ]);
}
type AppRow = NonNullable<Awaited<ReturnType<ReturnType<typeof appsWithNames>['executeTakeFirst']>>>;

export function toDto(row: AppRow, now = new Date().toISOString()): ConnectedAppDto {
  return {
    id: row.id,
    name: row.name,
    callerId: row.caller_id,
    clientId: row.client_id,
    scopes: JSON.parse(row.scopes) as Scopes,
    tokenMinutes: row.token_minutes,
    ratePerMinute: row.rate_per_minute,
    status: row.revoked_at ? 'revoked' : 'active',
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    lastUsedAt: row.last_used_at,
    secretRotatedAt: row.secret_rotated_at,
    previousSecretUntil:
      !row.revoked_at && row.previous_secret_until && row.previous_secret_until > now
        ? row.previous_secret_until
        : null,
    revokedAt: row.revoked_at,
    revokedByName: row.revoked_by_name,
    version: row.version,
  };
}

export async function findApp(db: Db, id: number): Promise<ConnectedAppDto> {
  const row = await appsWithNames(db).where('a.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Connected app');
  return toDto(row);
}

const SORTS: Record<string, ReturnType<typeof sql>> = {
  name: sql`lower(a.name)`,
  callerId: sql`lower(a.caller_id)`,
  createdAt: sql`a.created_at`,
  // Never used sorts as the oldest use.
  lastUsedAt: sql`coalesce(${lastUsed}, '')`,
  status: sql`case when a.revoked_at is null then 0 else 1 end`,
};

/** One page of the list: search in name, caller id and client id; by status; sorted (newest first by default). */
export async function listApps(db: Db, q: AppListQuery): Promise<{ items: ConnectedAppDto[]; total: number }> {
  let base = appsWithNames(db);
  if (q.status === 'active') base = base.where('a.revoked_at', 'is', null);
  if (q.status === 'revoked') base = base.where('a.revoked_at', 'is not', null);
  if (q.search) {
    const pattern = sql<string>`${containsPattern(q.search)} escape '\\'`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(a.name)`, 'like', pattern),
        eb(sql`lower(a.caller_id)`, 'like', pattern),
        eb(sql`lower(a.client_id)`, 'like', pattern),
      ]),
    );
  }
  const total = await base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const sort = q.sort ?? '-createdAt';
  const direction = sort.startsWith('-') ? 'desc' : 'asc';
  const rows = await base
    .orderBy(SORTS[sort.replace(/^-/, '')], direction)
    .orderBy('a.id', direction)
    .limit(q.size)
    .offset(q.page * q.size)
    .execute();
  const now = new Date().toISOString();
  return { items: rows.map((row) => toDto(row, now)), total: Number(total.n) };
}
