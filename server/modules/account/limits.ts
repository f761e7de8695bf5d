import type { FastifyReply } from 'fastify';
import { ACCOUNT_MESSAGES, LINK_MAIL_COOL_DOWN_SECONDS, LINK_MAILS_PER_HOUR } from '../../../schema/account';
import type { Db } from '../../db/types';
import { ApiError } from '../../http/errors';
import { type HitCheck, type HitLimit, secondsUntilAllAllow, takeHitsIn } from '../auth/hits';

/**
 * How often the account flows send a message with a link (README.md "Limits"), counted in throttle_hits as sign-ups:
 * per account (or, for a reset, per e-mail address, known or not, so the limit tells nothing about who has an
 * account) a cool-down and an hourly cap; per client address for the public reset request; per new address for an
 * e-mail change (nobody fills a stranger's inbox from several accounts).
 */
const HOUR_MS = 60 * 60_000;
const linkMails = (kind: string): HitLimit[] => [
  { kind, count: 1, windowMs: LINK_MAIL_COOL_DOWN_SECONDS * 1000 },
  { kind, count: LINK_MAILS_PER_HOUR, windowMs: HOUR_MS },
];
export const RESET_REQUESTS_PER_ADDRESS: HitLimit = { kind: 'mail:reset:address', count: 20, windowMs: HOUR_MS };
export const EMAIL_CHANGES_PER_NEW_ADDRESS: HitLimit = {
  kind: 'mail:email-change:to',
  count: LINK_MAILS_PER_HOUR,
  windowMs: HOUR_MS,
};

const each = (limits: HitLimit[], key: string): HitCheck[] => limits.map((limit) => ({ limit, key }));
export const verificationChecks = (userId: number) => each(linkMails('mail:verify'), `user:${userId}`);
export const resetChecks = (email: string, address: string) => [
  ...each(linkMails('mail:reset'), email),
  { limit: RESET_REQUESTS_PER_ADDRESS, key: address },
];
export const emailChangeChecks = (userId: number, newEmail: string) => [
  ...each(linkMails('mail:email-change'), `user:${userId}`),
  { limit: EMAIL_CHANGES_PER_NEW_ADDRESS, key: newEmail },
];

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Takes the checks' events inside the write's transaction and answers when the next message may be asked for; or
 * refuses with 429, Retry-After and nextAllowedAt in the body, having written nothing.
 */
export async function throttle(
  trx: Db,
  reply: FastifyReply,
  checks: readonly HitCheck[],
  now = Date.now(),
): Promise<string> {
  const wait = await takeHitsIn(trx, checks, now);
  if (wait > 0) {
    reply.header('Retry-After', String(wait));
    throw new ApiError(429, ACCOUNT_MESSAGES.tooManyMails(wait), 'throttled', undefined, {
      nextAllowedAt: iso(now + wait * 1000),
    });
  }
  return nextMailAllowedAt(trx, checks, now);
}

/** When the checks next let a message go, read without taking anything (now when one may go at once). */
export async function nextMailAllowedAt(db: Db, checks: readonly HitCheck[], now = Date.now()): Promise<string> {
  return iso(now + (await secondsUntilAllAllow(db, checks, now)) * 1000);
}
