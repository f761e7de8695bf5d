import type { Db } from '../../db/types';

/**
 * Sign-in throttling that a stranger cannot turn against the owner (docs/authentication.md#throttles):
 * - per account and address: 10 failures within 15 minutes lock that address out of that account;
 * - account-wide backstop: 50 failures within an hour, from anywhere, lock the account for every address except the
 *   owner's usual ones (an address that signed in to it within 30 days); a password set through a one-time link
 *   clears the account's failures.
 * - per address, over every account: 100 failures within 15 minutes (a password spray, or one account's e-mail
 *   spelt many ways) lock that address out of sign-in, except into accounts that usually sign in from it (an office
 *   whose colleagues share one address keeps working);
 * The address is the client's as the server sees it (request.ip: the socket's peer, or what trusted proxies say).
 */
export const ADDRESS_LIMIT = { failures: 10, windowMs: 15 * 60_000 };
export const ACCOUNT_LIMIT = { failures: 50, windowMs: 60 * 60_000 };
export const SPRAY_LIMIT = { failures: 100, windowMs: 15 * 60_000 };
export const USUAL_ADDRESS_DAYS = 30;
const DAY_MS = 86_400_000;

export type SignInBlock = { scope: 'address' | 'account' | 'spray'; seconds: number };

const iso = (ms: number) => new Date(ms).toISOString();

/** Seconds until the oldest of the counted failures leaves the window, when `limit` of them are in it. */
async function lockedFor(
  query: () => Promise<{ at: string }[]>,
  limit: { failures: number; windowMs: number },
  now: number,
): Promise<number> {
  const failures = await query();
  if (failures.length < limit.failures) return 0;
  const oldestCounted = Date.parse(failures[failures.length - 1].at);
  return Math.max(1, Math.ceil((oldestCounted + limit.windowMs - now) / 1000));
}

export async function isUsualAddress(db: Db, userId: number, address: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('sign_in_addresses')
    .select('last_at')
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .where('last_at', '>', iso(now - USUAL_ADDRESS_DAYS * DAY_MS))
    .executeTakeFirst();
  return !!row;
}

/** Seconds the limit locks out for, over the failures of `email` (any address when null) from `address` (any when null). */
function failuresLock(
  db: Db,
  where: { email: string | null; address: string | null },
  limit: { failures: number; windowMs: number },
  now: number,
): Promise<number> {
  return lockedFor(
    () => {
      let query = db
        .selectFrom('login_failures')
        .select('at')
        .where('at', '>', iso(now - limit.windowMs));
      if (where.email !== null) query = query.where('email', '=', where.email);
      if (where.address !== null) query = query.where('address', '=', where.address);
      return query.orderBy('at', 'desc').limit(limit.failures).execute();
    },
    limit,
    now,
  );
}

/** Whether this address may try to sign in to this account now; userId is null for an unknown e-mail. */
export async function signInBlock(
  db: Db,
  email: string,
  address: string,
  userId: number | null,
  now = Date.now(),
): Promise<SignInBlock | null> {
  const fromHere = await failuresLock(db, { email, address }, ADDRESS_LIMIT, now);
  if (fromHere > 0) return { scope: 'address', seconds: fromHere };
  const sprayed = await failuresLock(db, { email: null, address }, SPRAY_LIMIT, now);
  if (sprayed > 0 && !(userId !== null && (await isUsualAddress(db, userId, address, now))))
    return { scope: 'spray', seconds: sprayed };
  const everywhere = await failuresLock(db, { email, address: null }, ACCOUNT_LIMIT, now);
  if (everywhere === 0 || (userId !== null && (await isUsualAddress(db, userId, address, now)))) return null;
  return { scope: 'account', seconds: everywhere };
}

/**
 * The same mechanism for connected apps' token exchanges (POST /apps/auth-token), their failures counted under
 * `app:<clientId>` (never an e-mail: no @; a client id of any other shape counts as `app:?`): 10 failures for one client from one address within 15
 * minutes lock that address out of that client, and they count towards the address's spray limit over sign-ins too.
 * No client-wide lock: the secret is 256 random bits, so guessing from many places gets nowhere, and such a lock
 * would only let a stranger cut the integrator off.
 */
export const exchangeFailureKey = (clientId: string) => (/^[\w-]{1,64}$/.test(clientId) ? `app:${clientId}` : 'app:?');
export async function exchangeBlock(
  db: Db,
  clientId: string,
  address: string,
  now = Date.now(),
): Promise<SignInBlock | null> {
  const fromHere = await failuresLock(db, { email: exchangeFailureKey(clientId), address }, ADDRESS_LIMIT, now);
  if (fromHere > 0) return { scope: 'address', seconds: fromHere };
  const sprayed = await failuresLock(db, { email: null, address }, SPRAY_LIMIT, now);
  return sprayed > 0 ? { scope: 'spray', seconds: sprayed } : null;
}

export function blockMessage(block: SignInBlock): string {
  const minutes = Math.ceil(block.seconds / 60);
  if (block.scope === 'spray')
    return `Too many failed sign-ins from your address. Try again in ${minutes} minute(s), or ask an administrator for a password link.`;
  return block.scope === 'address'
    ? `Too many failed sign-ins to this account from your address. Try again in ${minutes} minute(s), or ask an administrator for a password link.`
    : `This account is locked for now after many failed sign-ins from elsewhere. Sign in from a device you have used before, try again in ${minutes} minute(s), or ask an administrator for a password link.`;
}

export async function recordFailure(db: Db, email: string, address: string, now = Date.now()): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ email, address, at: iso(now) })
    .execute();
}

/**
 * A successful sign-in: the address's own failures for the account are forgotten (the owner's typos) and the
 * address becomes one of the user's usual places. Failures from elsewhere stay counted for the backstop.
 */
export async function signedInFrom(
  trx: Db,
  userId: number,
  email: string,
  address: string,
  now = Date.now(),
): Promise<void> {
  await trx.deleteFrom('login_failures').where('email', '=', email).where('address', '=', address).execute();
  await trx
    .insertInto('sign_in_addresses')
    .values({ user_id: userId, address, last_at: iso(now) })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_at: iso(now) }))
    .execute();
}

/** A password set through a one-time link: the account starts afresh. */
export async function clearFailures(db: Db, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}

/** Housekeeping: failures older than the longest window count for nothing; usual addresses are forgotten after 30 days. */
export async function pruneSignInRecords(db: Db, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('at', '<=', iso(now - Math.max(ADDRESS_LIMIT.windowMs, ACCOUNT_LIMIT.windowMs)))
    .execute();
  await db
    .deleteFrom('sign_in_addresses')
    .where('last_at', '<=', iso(now - USUAL_ADDRESS_DAYS * DAY_MS))
    .execute();
}
