import crypto from 'node:crypto';
import { BOL_LINK_DAYS, type BolLinkDto, type BolLinkStatus } from '../../../schema/bol';
import { personName } from '../../../schema/format';
import type { InspectionStage } from '../../../schema/vehicleInspections';
import type { Db } from '../../db/types';

/**
 * Online links to a bill of lading (docs/product/vehicle-inspections.md#bill-of-lading-link): 32 random bytes,
 * base64url, in the address; only their SHA-256 is kept (bol_links, migration 046), so the database alone opens
 * nothing. A link works until it expires or is revoked; an unknown, expired or revoked token is the same 404.
 */

export const tokenHash = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** The link's address: PUBLIC_URL, never the request's Host header (which a caller chooses). */
export const linkUrl = (publicUrl: string, token: string) => `${publicUrl}/bol/${token}`;

/** Makes a link in the caller's transaction; answers its id, token and expiry (the token nowhere else). */
export async function createLink(
  trx: Db,
  link: { orderId: number; stage: InspectionStage; days?: number; createdBy: number | null; now?: Date },
): Promise<{ id: number; token: string; createdAt: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = link.now ?? new Date();
  const createdAt = now.toISOString();
  const expiresAt = new Date(now.getTime() + (link.days ?? BOL_LINK_DAYS.default) * 86_400_000).toISOString();
  const { id } = await trx
    .insertInto('bol_links')
    .values({
      book_order_id: link.orderId,
      stage: link.stage,
      token_sha256: tokenHash(token),
      created_by: link.createdBy,
      created_at: createdAt,
      expires_at: expiresAt,
      revoked_at: null,
      revoked_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(id), token, createdAt, expiresAt };
}

/** The link a token opens, while it works: neither expired nor revoked, and its order not deleted. */
export async function openLink(db: Db, token: string, now = new Date()) {
  const row = await db
    .selectFrom('bol_links as l')
    .innerJoin('book_orders as o', 'o.id', 'l.book_order_id')
    .select(['l.id', 'l.book_order_id', 'l.stage', 'l.expires_at'])
    .where('l.token_sha256', '=', tokenHash(token))
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', now.toISOString())
    .where('o.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        orderId: Number(row.book_order_id),
        stage: row.stage as InspectionStage,
        expiresAt: row.expires_at,
      }
    : null;
}

const statusOf = (row: { revoked_at: string | null; expires_at: string }, now: string): BolLinkStatus =>
  row.revoked_at ? 'revoked' : row.expires_at <= now ? 'expired' : 'active';

/** An order's links, newest first (or the one of `linkId`), as staff see them. */
export async function linksOf(db: Db, orderId: number, linkId?: number): Promise<BolLinkDto[]> {
  let query = db
    .selectFrom('bol_links as l')
    .leftJoin('users as c', 'c.id', 'l.created_by')
    .leftJoin('users as r', 'r.id', 'l.revoked_by')
    .leftJoin('bol_mailings as m', 'm.link_id', 'l.id')
    .select([
      'l.id',
      'l.book_order_id',
      'l.stage',
      'l.created_at',
      'l.expires_at',
      'l.revoked_at',
      'c.first_name as createdFirst',
      'c.last_name as createdLast',
      'r.first_name as revokedFirst',
      'r.last_name as revokedLast',
      'm.recipients',
    ])
    .where('l.book_order_id', '=', orderId);
  if (linkId !== undefined) query = query.where('l.id', '=', linkId);
  const rows = await query.orderBy('l.id', 'desc').execute();
  const now = new Date().toISOString();
  return rows.map((row) => ({
    id: Number(row.id),
    orderId: Number(row.book_order_id),
    stage: row.stage as InspectionStage,
    createdAt: row.created_at,
    createdBy: personName(row.createdFirst, row.createdLast) || null,
    mailedTo: row.recipients ? (JSON.parse(row.recipients) as string[]) : null,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    revokedBy: row.revoked_at ? personName(row.revokedFirst, row.revokedLast) || null : null,
    status: statusOf(row, now),
  }));
}
