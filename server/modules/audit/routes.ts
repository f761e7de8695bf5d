import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idText, pagingQuery } from '../../../schema/common';
import { type ServerContext, page } from '../../context';

const isoInstant = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'Use a date (YYYY-MM-DD) or an ISO instant').refine((s) => !Number.isNaN(Date.parse(s)), 'Not a real date');
const auditQuery = z.object({
  ...pagingQuery(50, 500),
  entity: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(60).optional(),
  actorId: idText.optional(),
  action: z.string().trim().max(40).optional(),
  from: isoInstant.optional(),
  to: isoInstant.optional(),
});

function parseJson(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}

export default async function auditRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  app.get<{ Querystring: z.output<typeof auditQuery> }>('/api/AuditLog', {
    // Administrators: Access Settings is the administrators' screen.
    config: { access: { feature: 'AccessSettings', permission: 'Read' } },
    schema: { tags: ['Audit'], summary: 'Every write: who, when, what, before and after; newest first', querystring: auditQuery },
  }, async (request) => {
    const q = request.query;
    let base = db.selectFrom('audit_log');
    if (q.entity) base = base.where('entity', '=', q.entity);
    if (q.entityId) base = base.where('entity_id', '=', q.entityId);
    if (q.actorId) base = base.where('actor_id', '=', q.actorId);
    if (q.action) base = base.where('action', '=', q.action);
    if (q.from) base = base.where('at', '>=', new Date(q.from).toISOString());
    // A bare date in "to" includes that whole day.
    if (q.to) base = base.where('at', '<', q.to.length === 10 ? new Date(Date.parse(q.to) + 86_400_000).toISOString() : new Date(q.to).toISOString());
    const total = await base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(q.size).offset(q.page * q.size).execute();
    const items = rows.map((r) => ({
      id: r.id, at: r.at, actorId: r.actor_id, action: r.action, entity: r.entity, entityId: r.entity_id,
      before: parseJson(r.before), after: parseJson(r.after), requestId: r.request_id,
    }));
    return page(items, Number(total.n), q.page, q.size);
  });
}
