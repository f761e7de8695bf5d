import { sql } from 'kysely';
import type { Db } from '../../db/types';
import { findUser } from '../users/queries';

export const TAGS = ['Account'];

/** A user's row changed by the user: the version moves, so an administrator editing the same user meanwhile gets 409. */
export const userTouched = () => ({ updated_at: new Date().toISOString(), version: sql<number>`version + 1` });

/** The user as /api/token/me answers it (the account calls answer it after a change). */
export async function currentUserOf(db: Db, id: number) {
  return (await findUser(db, id))!;
}
