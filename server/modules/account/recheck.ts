import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../../schema/account';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import type { Db } from '../../db/types';
import { ApiError, badRequest } from '../../http/errors';
import { ADDRESS_LIMIT, recordFailure } from '../auth/throttle';

/** Wrong current passwords of a signed-in user are counted under this name in login_failures, never under the e-mail. */
const failureKey = (userId: number) => `recheck:${userId}`;

/**
 * The current password, asked again before the e-mail or the password changes. Wrong ones are sign-in failures of
 * their own (login_failures, the one trace a refused request leaves): ADDRESS_LIMIT of them from one address lock that
 * address out of these changes for its window. They never count against the account's sign-in, so a session someone
 * else got hold of cannot be used to lock the owner out.
 */
export async function recheckPassword(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  password: string,
  field: string,
  now = Date.now(),
): Promise<void> {
  const key = failureKey(userId);
  const failures = await db
    .selectFrom('login_failures')
    .select('at')
    .where('email', '=', key)
    .where('address', '=', request.ip)
    .where('at', '>', new Date(now - ADDRESS_LIMIT.windowMs).toISOString())
    .orderBy('at', 'desc')
    .limit(ADDRESS_LIMIT.failures)
    .execute();
  if (failures.length >= ADDRESS_LIMIT.failures) {
    const seconds = Math.max(
      1,
      Math.ceil((Date.parse(failures[failures.length - 1].at) + ADDRESS_LIMIT.windowMs - now) / 1000),
    );
    reply.header('Retry-After', String(seconds));
    throw new ApiError(429, ACCOUNT_MESSAGES.tooManyPasswordTries(seconds), 'throttled', field);
  }
  const user = await db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
  let right = false;
  if (user?.password_hash) right = await verifyPassword(user.password_hash, password);
  else await verifyAgainstDummy(password);
  if (!right) {
    await recordFailure(db, key, request.ip);
    throw badRequest(ACCOUNT_MESSAGES.wrongPassword, field);
  }
}
