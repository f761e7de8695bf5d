import type { FastifyReply } from 'fastify';
import type { PermissionCatalog } from './auth/permissions';
import type { Config } from './config';
import type { DialectName } from './db';
import type { ResidentFile } from './db/residentFile';
import type { Db } from './db/types';
import type { CompanyTimeZone } from './modules/company/timeZone';
import type { Realtime } from './modules/notify/realtime';
import type { ObjectStore } from './files/objectStore';
import type { OrderChanges } from './modules/bookOrders/changes';

/** What every module is registered with. */
export interface ServerContext {
  db: Db;
  dialect: DialectName;
  /** SQLite: the worker keeping the file in memory, if any. */
  resident: ResidentFile | null;
  config: Config;
  jwtSecret: string;
  version: string;
  /** Features and the permission matrix, cached (see PermissionCatalog). */
  permissions: PermissionCatalog;
  /** The /notify hub: notifications to users' open sessions, disconnects (server/modules/notify). */
  realtime: Realtime;
  /** The company's time zone in force on this server (server/modules/company): what day it is for business dates. */
  companyZone: CompanyTimeZone;
  /** Where file bytes go when S3_URL is set (server/files/objectStore.ts); null: in the database. */
  files: ObjectStore | null;
  /** Orders written outside the book-order routes, for whoever shows them live (server/modules/bookOrders/changes.ts). */
  orderChanges: OrderChanges;
}

/** The envelope `{ value }`, where the original API names no other field (docs/api-calls.md#envelopes). */
export const ok = <T>(value: T) => ({ value });

/** The list envelope: { value: { items, totalCount, page, size } }. */
export const page = <T>(items: T[], totalCount: number, pageNumber: number, size: number) =>
  ok({ items, totalCount, page: pageNumber, size });

/**
 * The list envelope as text, for items that are already JSON (rendered by the database, server/db/json.ts): they are
 * not parsed. Sent with content-type application/json, Fastify passes the string through unchanged.
 */
export function listEnvelope(
  itemsJson: string,
  rest: { totalCount: number; page: number; size: number } & Record<string, unknown>,
): string {
  return `{"value":{"items":${itemsJson},${JSON.stringify(rest).slice(1)}}`;
}

/**
 * The same from the items' texts, in one copy: the envelope's head and tail join the first and last items, so the join
 * writes the answer itself (not the items, then the items again inside the envelope; a ledger page is 25 KB).
 */
export function listEnvelopeOf(
  items: string[],
  rest: { totalCount: number; page: number; size: number } & Record<string, unknown>,
): string {
  const head = '{"value":{"items":[';
  const tail = `],${JSON.stringify(rest).slice(1)}}`;
  if (!items.length) return `${head}${tail}`;
  items[0] = head + items[0];
  items[items.length - 1] += tail;
  return items.join(',');
}

/** Sends an answer that is already JSON text (listEnvelope, a record list) as it is. */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
