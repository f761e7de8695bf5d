import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type ServerContext, page } from '../../context';
import type { Db } from '../../db/types';
import { containsPattern } from '../users/queries';
import { AUDIT_SORTS, type AuditQuery, type AuditSort, auditQuery } from './query';

function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

/** The columns each sort walks, each with its index (migrations 001 and 011); id breaks ties. */
const SORT_COLUMNS: Record<AuditSort, ('at' | 'action' | 'entity' | 'actor_id' | 'id')[]> = {
  at: ['at', 'id'], action: ['action', 'at', 'id'], entity: ['entity', 'at', 'id'], actorId: ['actor_id', 'at', 'id'], id: ['id'],
};

/** The entries a query selects: every filter it accepts, applied. Exported for the query-plan test. */
export function auditSelection(db: Db, q: AuditQuery) {
  let base = db.selectFrom('audit_log');
  if (q.entity) base = base.where('entity', '=', q.entity);
  if (q.entityId) base = base.where('entity_id', '=', q.entityId);
  if (q.actorId) base = base.where('actor_id', '=', q.actorId);
  if (q.action) base = base.where('action', '=', q.action);
  if (q.from) base = base.where('at', '>=', q.from);
  if (q.to) base = base.where('at', '<=', q.to);
  if (!q.search) return base;
  // Each term has its index, so a search walks indexes rather than the log (the users table is small).
  const pattern = sql`${containsPattern(q.search)} escape '\\'`;
  const actors = db.selectFrom('users').select('id').where((eb) => eb.or([eb(sql`lower(first_name || ' ' || last_name)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]));
  const text = q.search.toLowerCase();
  return base.where((eb) => eb.or([eb('action', '=', text), eb('entity', '=', text), eb('entity_id', '=', q.search!), eb('actor_id', 'in', actors)]));
}

/** One page of a selection in the query's order. */
export function auditPage(base: ReturnType<typeof auditSelection>, q: AuditQuery) {
  const direction = q.sort.startsWith('-') ? 'desc' : 'asc';
  let rows = base.selectAll();
  for (const column of SORT_COLUMNS[q.sort.replace(/^-/, '') as AuditSort]) rows = rows.orderBy(column, direction);
  return rows.limit(q.size).offset(q.page * q.size);
}

export default async function auditRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  app.get<{ Querystring: AuditQuery }>('/api/AuditLog', {
    // Administrators: Access Settings is the administrators' screen.
    config: { access: { feature: 'AccessSettings', permission: 'Read' } },
    schema: {
      tags: ['Audit'],
      summary: 'Every write: who, when, what, before and after; newest first. Search: the actor’s name or e-mail (contains), or exactly an action, '
        + `an entity or an entity id. Sort: ${AUDIT_SORTS.join(', ')} (-field descending). from/to: a date (the whole day, UTC) or an ISO instant.`,
      querystring: auditQuery,
    },
  }, async (request) => {
    const q = request.query;
    const base = auditSelection(db, q);
    const total = await base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const items = (await auditPage(base, q).execute()).map((r) => ({
      id: r.id, at: r.at, actorId: r.actor_id, action: r.action, entity: r.entity, entityId: r.entity_id,
      before: parseJson(r.before), after: parseJson(r.after), requestId: r.request_id,
    }));
    return page(items, Number(total.n), q.page, q.size);
  });
}
