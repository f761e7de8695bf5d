import crypto from 'node:crypto';
import type { ServerContext } from '../../context';

/**
 * Signing deliveries (docs/product/webhooks.md#verifying), in the Standard Webhooks form receivers' libraries check:
 * the headers webhook-id, webhook-timestamp (Unix seconds) and webhook-signature, "v1," and the base64 HMAC-SHA256
 * of `${id}.${timestamp}.${body}` under the secret's key; during a rotation's grace both keys sign, space-separated.
 *
 * The secret is never stored: its 32-byte key is the HMAC of the subscription's random salt under the server's secret
 * (as tracking links, server/modules/tracking/links.ts), so the database alone signs nothing. It is shown once, at
 * subscription and at rotation, as "whsec_" and the key in base64.
 */

type Secret = Pick<ServerContext, 'jwtSecret'>;

export const newSalt = () => crypto.randomBytes(32).toString('base64url');

const keyOf = (ctx: Secret, salt: string) =>
  crypto.createHmac('sha256', ctx.jwtSecret).update(`webhook-secret:${salt}`, 'utf8').digest();

/** The secret as the subscriber keeps it. */
export const secretText = (ctx: Secret, salt: string) => `whsec_${keyOf(ctx, salt).toString('base64')}`;

export interface SigningSalts {
  salt: string;
  previous_salt: string | null;
  previous_until: string | null;
}

/** The headers of one delivery: its id, the time it is sent, and a signature per key signing now. */
export function signedHeaders(
  ctx: Secret,
  salts: SigningSalts,
  delivery: { messageId: string; body: string },
  now = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const signed = `${delivery.messageId}.${timestamp}.${delivery.body}`;
  const keys = [salts.salt];
  if (salts.previous_salt && salts.previous_until && salts.previous_until > now.toISOString())
    keys.push(salts.previous_salt);
  const signature = keys
    .map((salt) => `v1,${crypto.createHmac('sha256', keyOf(ctx, salt)).update(signed, 'utf8').digest('base64')}`)
    .join(' ');
  return { 'webhook-id': delivery.messageId, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
}
