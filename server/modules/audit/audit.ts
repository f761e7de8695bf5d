import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/types';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /** The connected app the entry is written under, when the request's principal is not it (a token's exchange). */
  appId?: number | null;
}

/** Secrets never reach the audit log: passwords, connected apps' secrets and their hashes, tokens. */
const HIDDEN = new Set([
  'password_hash',
  'passwordHash',
  'password',
  'secretKey',
  'secret_hash',
  'secretHash',
  'previous_secret_hash',
  'previousSecretHash',
  'applicationToken',
  'token',
]);
function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, v) => (HIDDEN.has(key) ? '[hidden]' : v));
}

/** Write one audit record inside the transaction of the write it describes. */
export async function audit(
  trx: Db,
  request: FastifyRequest | null,
  entry: AuditEntry,
  actorId?: number | null,
): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at: new Date().toISOString(),
      actor_id: actorId ?? request?.auth?.user.id ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: snapshot(entry.before),
      after: snapshot(entry.after),
      request_id: request?.id ?? null,
      // Written under an application token: the app (request.auth.user is the administrator it acts for).
      app_id: entry.appId ?? request?.auth?.app?.id ?? null,
    })
    .execute();
}
