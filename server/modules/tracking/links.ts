import crypto from 'node:crypto';
import type { TrackingLinkDto, TrackingLinkStatus } from '../../../schema/tracking';
import { personName } from '../../../schema/format';
import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { tokenHash } from '../vehicleInspections/bolLinks';
import { trackingDays } from './settings';

/**
 * Tracking links (docs/product/tracking.md#links). As the bill of lading's links (server/modules/vehicleInspections/
 * bolLinks.ts) the token is 32 bytes, base64url, found by its SHA-256; unlike them it is never random-and-forgotten
 * but the HMAC of the row's random salt under the server's secret. The database alone still opens nothing, and the
 * server can give the same address again: staff copy it from the order whenever they like, and each notice carries
 * the order's one live link instead of a new one. Servers sharing a database share the secret (README: JWT_SECRET);
 * a link whose address the secret no longer gives (the secret was changed) keeps working, and the next one asked for
 * is new.
 */

type Secret = Pick<ServerContext, 'jwtSecret'>;

const tokenOf = (ctx: Secret, salt: string) =>
  crypto.createHmac('sha256', ctx.jwtSecret).update(`tracking-link:${salt}`, 'utf8').digest('base64url');

/** The link's address: PUBLIC_URL, never the request's Host header. */
export const trackingUrl = (publicUrl: string, token: string) => `${publicUrl}/track/${token}`;

/** Statuses after which an order's trip is over: its links count their days from then. */
const ENDED = new Set(['DELIVERED', 'INVOICED', 'PAID', 'CANCELLED']);

/** When an order's links stop working: the company's days after its delivery (or cancellation); null while under way. */
export function expiryOf(
  order: { status: string; delivery_actual_at: string | null; updated_at: string },
  days: number,
): string | null {
  if (!ENDED.has(order.status)) return null;
  const ended = (order.status !== 'CANCELLED' && order.delivery_actual_at) || order.updated_at;
  return new Date(new Date(ended).getTime() + days * 86_400_000).toISOString();
}

/**
 * The order's live link (not revoked) whose address this server can give, made when there is none: the order's own,
 * or with `vin` the link for that one vehicle of it: the order and each of its vehicles have one link at a time.
 */
export async function liveLink(
  trx: Db,
  ctx: Secret,
  orderId: number,
  createdBy: number | null,
  vin: string | null = null,
): Promise<{ id: number; token: string; created: boolean }> {
  const rows = await trx
    .selectFrom('tracking_links')
    .select(['id', 'salt', 'token_sha256'])
    .where('book_order_id', '=', orderId)
    .where('vin', vin === null ? 'is' : '=', vin)
    .where('revoked_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const token = tokenOf(ctx, row.salt);
    if (tokenHash(token) === row.token_sha256) return { id: Number(row.id), token, created: false };
  }
  const salt = crypto.randomBytes(32).toString('base64url');
  const token = tokenOf(ctx, salt);
  const { id } = await trx
    .insertInto('tracking_links')
    .values({
      book_order_id: orderId,
      salt,
      token_sha256: tokenHash(token),
      vin,
      created_by: createdBy,
      created_at: new Date().toISOString(),
      revoked_at: null,
      revoked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(id), token, created: true };
}

export type OpenedLink =
  | { state: 'active'; linkId: number; orderId: number; vin: string | null; expiresAt: string | null }
  | { state: 'revoked' }
  | { state: 'expired'; expiresAt: string };

/** What a token opens: its order while the link works; revoked or expired (said so); null for no such link. */
export async function openTracking(db: Db, token: string, now = new Date()): Promise<OpenedLink | null> {
  const row = await db
    .selectFrom('tracking_links as l')
    .innerJoin('book_orders as o', 'o.id', 'l.book_order_id')
    .select(['l.id', 'l.book_order_id', 'l.vin', 'l.revoked_at', 'o.status', 'o.delivery_actual_at', 'o.updated_at'])
    .where('l.token_sha256', '=', tokenHash(token))
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.revoked_at) return { state: 'revoked' };
  const expiresAt = expiryOf(row, await trackingDays(db));
  if (expiresAt && expiresAt <= now.toISOString()) return { state: 'expired', expiresAt };
  return { state: 'active', linkId: Number(row.id), orderId: Number(row.book_order_id), vin: row.vin, expiresAt };
}

/** An order's links as staff see them, newest first: the address of each that works. */
export async function linksOf(ctx: Secret & { config: { publicUrl: string } }, db: Db, orderId: number) {
  const [order, rows, days] = await Promise.all([
    db
      .selectFrom('book_orders')
      .select(['status', 'delivery_actual_at', 'updated_at'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tracking_links as l')
      .leftJoin('users as c', 'c.id', 'l.created_by')
      .leftJoin('users as r', 'r.id', 'l.revoked_by')
      .select([
        'l.id',
        'l.salt',
        'l.token_sha256',
        'l.vin',
        'l.created_at',
        'l.revoked_at',
        'c.first_name as createdFirst',
        'c.last_name as createdLast',
        'r.first_name as revokedFirst',
        'r.last_name as revokedLast',
      ])
      .where('l.book_order_id', '=', orderId)
      .orderBy('l.id', 'desc')
      .execute(),
    trackingDays(db),
  ]);
  const expiresAt = expiryOf(order, days);
  const expired = !!expiresAt && expiresAt <= new Date().toISOString();
  return rows.map((row): TrackingLinkDto => {
    const status: TrackingLinkStatus = row.revoked_at ? 'revoked' : expired ? 'expired' : 'active';
    const token = tokenOf(ctx, row.salt);
    return {
      id: Number(row.id),
      orderId,
      vin: row.vin,
      url:
        status === 'active' && tokenHash(token) === row.token_sha256 ? trackingUrl(ctx.config.publicUrl, token) : null,
      createdAt: row.created_at,
      createdBy: personName(row.createdFirst, row.createdLast) || null,
      revokedAt: row.revoked_at,
      revokedBy: row.revoked_at ? personName(row.revokedFirst, row.revokedLast) || null : null,
      expiresAt,
      status,
    };
  });
}
