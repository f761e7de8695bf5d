import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Argon2id (algorithm 2) with the OWASP-recommended minimum cost: 19 MiB, 2 passes, 1 lane.
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** The salt and output lengths @node-rs/argon2 gives every hash (its defaults). */
const SALT_BYTES = 16;
const HASH_BYTES = 32;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash no password matches, in the PHC form of the real ones with the same cost (OPTIONS): a random salt and a
 * random "hash", written out rather than computed, so that making it costs nothing either (a dummy hashed on the
 * first unknown e-mail would make that one sign-in slower than the rest).
 */
const DUMMY_HASH = [
  '',
  'argon2id',
  'v=19',
  `m=${OPTIONS.memoryCost},t=${OPTIONS.timeCost},p=${OPTIONS.parallelism}`,
  crypto.randomBytes(SALT_BYTES).toString('base64').replace(/=+$/, ''),
  crypto.randomBytes(HASH_BYTES).toString('base64').replace(/=+$/, ''),
].join('$');

/**
 * Spend on an unknown e-mail (or an account without a password) what a wrong password costs: one argon2
 * verification of the same cost, so that the time of the answer does not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  await verifyPassword(DUMMY_HASH, password);
}
