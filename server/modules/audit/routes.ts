import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AuditEntryDto } from '../../../schema/audit';
import { type ServerContext, page } from '../../context';
import type { Db } from '../../db/types';
import { type CsvColumn, csvStream, sendCsv } from '../../http/csv';
import { fullName } from '../records/query';
import { containsPattern } from '../users/queries';
import { appNames } from './apps';
import { AUDIT_SORTS, type AuditFilter, type AuditQuery, type AuditSort, auditExportQuery, auditQuery } from './query';

/** The columns each sort walks, each with its index (migrations 001 and 011); id breaks ties. */
const SORT_COLUMNS: Record<AuditSort, ('at' | 'action' | 'entity' | 'actor_id' | 'id')[]> = {
  at: ['at', 'id'],
  action: ['action', 'at', 'id'],
  entity: ['entity', 'at', 'id'],
  actorId: ['actor_id', 'at', 'id'],
  id: ['id'],
};

/**
 * The entries a query selects: every filter it accepts, applied, each on its own index (migrations 001, 011, 030).
 * Exported for the query-plan test.
 */
export function auditSelection(db: Db, q: AuditFilter) {
  let base = db.selectFrom('audit_log');
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.entityId) base = base.where('entity_id', '=', q.entityId);
  if (q.actorId) base = base.where('actor_id', '=', q.actorId);
  if (q.appId) base = base.where('app_id', '=', q.appId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.from) base = base.where('at', '>=', q.from);
  if (q.to) base = base.where('at', '<=', q.to);
  if (!q.search) return base;
  // Each term has its index, so a search walks indexes rather than the log (the users table is small).
  const pattern = sql`${containsPattern(q.search)} escape '\\'`;
  const actors = db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]),
    );
  const text = q.search.toLowerCase();
  return base.where((eb) =>
    eb.or([
      eb('action', '=', text),
      eb('entity', '=', text),
      eb('entity_id', '=', q.search!),
      eb('actor_id', 'in', actors),
    ]),
  );
}

/** One page of a selection in the query's order. */
export function auditPage(base: ReturnType<typeof auditSelection>, q: AuditQuery) {
  const direction = q.sort.startsWith('-') ? 'desc' : 'asc';
  let rows = base.selectAll();
  for (const column of SORT_COLUMNS[q.sort.replace(/^-/, '') as AuditSort]) rows = rows.orderBy(column, direction);
  return rows.limit(q.size).offset(q.page * q.size);
}

/**
 * The next batch of the CSV, newest first, after the last entry of the one before (keyset: at, then id): each batch is
 * an index walk from where the last stopped, however deep into a million entries. Exported for the query-plan test.
 */
export function auditBatch(
  base: ReturnType<typeof auditSelection>,
  after: { at: string; id: number } | null,
  size: number,
) {
  // at <= first: one range of the index the filters chose (an OR alone makes SQLite merge two walks and sort them).
  const rows = after
    ? base.where('at', '<=', after.at).where((eb) => eb.or([eb('at', '<', after.at), eb('id', '<', after.id)]))
    : base;
  return rows.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(size);
}

type AuditRow = Awaited<ReturnType<ReturnType<typeof auditBatch>['execute']>>[number];

const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

/** The names of the people and apps of some rows: one look-up each for the rows' ids, never a join over the log. */
async function namesOf(db: Db, rows: readonly AuditRow[]) {
  const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
  const actorIds = unique(rows.map((r) => r.actor_id));
  const people = actorIds.length
    ? await db
        .selectFrom('users as u')
        .select(['u.id', fullName('u').as('name')])
        .where('u.id', 'in', actorIds)
        .execute()
    : [];
  const actors = new Map(people.map((p) => [p.id, p.name]));
  const apps = await appNames(db, unique(rows.map((r) => r.app_id)));
  return (row: AuditRow) => ({
    actorName: row.actor_id === null ? null : (actors.get(row.actor_id) ?? `User #${row.actor_id}`),
    appName: row.app_id === null ? null : (apps.get(row.app_id) ?? `App #${row.app_id}`),
  });
}

async function entriesOf(db: Db, rows: AuditRow[]): Promise<AuditEntryDto[]> {
  const names = await namesOf(db, rows);
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    actorId: r.actor_id,
    ...names(r),
    appId: r.app_id,
    action: r.action,
    entity: r.entity,
    entityId: r.entity_id,
    before: parseJson(r.before),
    after: parseJson(r.after),
    requestId: r.request_id,
  }));
}

type CsvEntry = AuditRow & ReturnType<Awaited<ReturnType<typeof namesOf>>>;
/** Before and after as the JSON stored: a spreadsheet shows it, and another program reads it back exactly. */
const AUDIT_CSV: CsvColumn<CsvEntry>[] = [
  ['When (UTC)', (e) => e.at],
  ['Actor', (e) => e.actorName],
  ['Actor id', (e) => e.actor_id],
  ['App', (e) => e.appName],
  ['App id', (e) => e.app_id],
  ['Action', (e) => e.action],
  ['Entity', (e) => e.entity],
  ['Record id', (e) => e.entity_id],
  ['Before', (e) => e.before],
  ['After', (e) => e.after],
  ['Request id', (e) => e.request_id],
];

const CSV_BATCH = 1000;

async function* csvBatches(db: Db, q: AuditFilter): AsyncGenerator<CsvEntry[]> {
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const rows: AuditRow[] = await auditBatch(auditSelection(db, q), after, CSV_BATCH).execute();
    const names = await namesOf(db, rows);
    yield rows.map((row) => ({ ...row, ...names(row) }));
    if (rows.length < CSV_BATCH) return;
    const last = rows[rows.length - 1];
    after = { at: last.at, id: last.id };
  }
}

const FILTERS_HELP =
  'Search: the actor’s name or e-mail (contains), or exactly an action, an entity or an entity id. ' +
  'actorId, appId (the connected app), entity, entityId, action: exactly. from/to: a date (the whole day, UTC) or an ISO instant.';

export default async function auditRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  app.get<{ Querystring: AuditQuery }>(
    '/api/AuditLog',
    {
      // The Audit Trail screen's feature (administrators by default).
      config: { access: { feature: 'AuditTrail', permission: 'Read' } },
      schema: {
        tags: ['Audit'],
        summary:
          'Every write: who (a person, or a connected app for its owner), when, what, before and after; newest first.',
        description: `${FILTERS_HELP} Sort: ${AUDIT_SORTS.join(', ')} (-field descending).`,
        querystring: auditQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const base = auditSelection(db, q);
      const total = await base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return page(await entriesOf(db, await auditPage(base, q).execute()), Number(total.n), q.page, q.size);
    },
  );

  app.get<{ Querystring: AuditFilter }>(
    '/api/AuditLog/export',
    {
      config: { access: { feature: 'AuditTrail', permission: 'Export' } },
      schema: {
        tags: ['Audit'],
        summary: 'The entries the filters select as CSV, newest first, streamed in batches (any size of log).',
        description: FILTERS_HELP,
        querystring: auditExportQuery,
      },
    },
    async (request, reply) => sendCsv(reply, 'audit-trail', csvStream(AUDIT_CSV, csvBatches(db, request.query))),
  );
}
