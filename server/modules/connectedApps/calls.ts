import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/types';
import { audit } from '../audit/audit';

/**
 * Every call made with an application token is written to the audit log under its app (docs/authentication.md): entity
 * 'api', the route as declared ('GET /api/Driver/:id', so the trail groups calls by what they reach), the status and
 * the path as called in `after`; the actor is the administrator the app acts for. Refused calls too (a 403 outside the
 * scopes is what an administrator wants to see), but not those the rate limit turned away (429): an app hammering the
 * API would otherwise write as fast as it is refused.
 *
 * Written in onResponse, after the answer has gone, so it costs the caller nothing; not awaited by the request. It is
 * not lost: a server closing waits for the writes still running, and a write that fails is logged with the call.
 */
export function registerAppCallAudit(app: FastifyInstance, db: Db): void {
  const running = new Set<Promise<void>>();
  app.addHook('onResponse', (request, reply, done) => {
    const principal = request.auth?.app;
    if (!principal || reply.statusCode === 429) return done();
    const call = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    const after = { status: reply.statusCode, path: request.url.split('?')[0] };
    const write: Promise<void> = audit(db, request, { action: 'call', entity: 'api', entityId: call, after })
      .catch((error: unknown) =>
        request.log.error(
          { err: error, app: principal.id, call, ...after },
          'an application call could not be written to the audit log',
        ),
      )
      .finally(() => running.delete(write));
    running.add(write);
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all(running);
  });
}
