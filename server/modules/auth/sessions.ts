import crypto from 'node:crypto';
import { signToken } from '../../auth/jwt';
import type { Db } from '../../db/types';

/** Create a session row and the token that names it; revoking the row ends the token. */
export async function openSession(db: Db, userId: number, secret: string, lifetimeSeconds: number): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + lifetimeSeconds;
  const jti = crypto.randomUUID();
  await db
    .insertInto('sessions')
    .values({
      id: jti,
      user_id: userId,
      created_at: new Date(iat * 1000).toISOString(),
      expires_at: new Date(exp * 1000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return signToken({ sub: String(userId), jti, iat, exp }, secret);
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}
