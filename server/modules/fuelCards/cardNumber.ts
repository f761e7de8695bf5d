import crypto from 'node:crypto';
import type { Db } from '../../db/types';

/**
 * Card numbers are never stored (schema/resources/fuelCards.ts): the last 4 digits are, and an HMAC of the number keyed with
 * this installation's key (meta.card_hash_key, made by migration 006) finds a card entered twice.
 */
export async function cardHashKey(db: Db): Promise<string> {
  const row = await db.selectFrom('meta').select('value').where('key', '=', 'card_hash_key').executeTakeFirstOrThrow();
  return row.value;
}

export const cardHash = (key: string, cardNumber: string) =>
  crypto.createHmac('sha256', key).update(cardNumber).digest('hex');
export const lastFour = (cardNumber: string) => cardNumber.slice(-4);
