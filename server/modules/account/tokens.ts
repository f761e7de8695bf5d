import crypto from 'node:crypto';
import { LINK_HOURS, type LinkKind } from '../../../schema/account';
import type { Db } from '../../db/types';

/**
 * One-time links of the account flows (the pattern of server/modules/users/passwordLinks.ts): 256 random bits, of
 * which only the SHA-256 is stored; each works once, until it expires (schema/account.ts LINK_HOURS), and a newer link
 * of a kind marks the user's older ones of that kind used.
 */
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new link of `kind` for the user, sent to `email`: its token (for the message alone) and expiry. */
export async function issueLink(
  trx: Db,
  userId: number,
  kind: LinkKind,
  email: string,
  now = Date.now(),
): Promise<{ token: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const at = new Date(now).toISOString();
  const expiresAt = new Date(now + LINK_HOURS[kind] * 3_600_000).toISOString();
  await voidLinks(trx, userId, [kind], now);
  await trx
    .insertInto('account_tokens')
    .values({
      user_id: userId,
      kind,
      token_hash: hashOf(token),
      email,
      created_at: at,
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { token, expiresAt };
}

/** Marks the user's open links of these kinds used (a newer one, a changed address or password makes them moot). */
export async function voidLinks(trx: Db, userId: number, kinds: readonly LinkKind[], now = Date.now()): Promise<void> {
  await trx
    .updateTable('account_tokens')
    .set({ used_at: new Date(now).toISOString() })
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('used_at', 'is', null)
    .execute();
}

export interface LiveLink {
  id: number;
  userId: number;
  /** The address the link was sent to. */
  email: string;
  /** The account's address now. */
  userEmail: string;
  firstName: string;
}

/** The link of a token if it is of `kind`, unused, unexpired and of a user not deleted; null otherwise. Writes nothing. */
export async function findLink(db: Db, kind: LinkKind, token: string, now = Date.now()): Promise<LiveLink | null> {
  const row = await db
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 't.email', 'u.email as user_email', 'u.first_name'])
    .where('t.token_hash', '=', hashOf(token))
    .where('t.kind', '=', kind)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date(now).toISOString())
    .where('u.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? { id: row.id, userId: row.user_id, email: row.email, userEmail: row.user_email, firstName: row.first_name }
    : null;
}

/**
 * Uses the link of a token once, inside the caller's transaction: null (and nothing written) when the token is not a
 * live link of `kind`, when `accept` refuses it, or when another request used it first.
 */
export async function useLink(
  trx: Db,
  kind: LinkKind,
  token: string,
  accept: (link: LiveLink) => boolean = () => true,
  now = Date.now(),
): Promise<LiveLink | null> {
  const link = await findLink(trx, kind, token, now);
  if (!link || !accept(link)) return null;
  const used = await trx
    .updateTable('account_tokens')
    .set({ used_at: new Date(now).toISOString() })
    .where('id', '=', link.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? link : null;
}

/** Housekeeping: links a day past their expiry are of no more use, not even to explain a refusal. */
export async function pruneLinks(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('account_tokens')
    .where('expires_at', '<=', new Date(now - 24 * 3_600_000).toISOString())
    .execute();
}
