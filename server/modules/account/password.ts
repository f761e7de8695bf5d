import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type ResetByEmailBody,
  changePasswordBody,
  forgotPasswordBody,
  resetByEmailBody,
} from '../../../schema/account';
import { hashPassword } from '../../auth/passwords';
import { type ServerContext, ok } from '../../context';
import { badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import { clearFailures } from '../auth/throttle';
import type { Mailer } from '../mail/mailer';
import { revokeSessionsOf } from '../users/guards';
import { resetChecks, throttle } from './limits';
import { sendPasswordReset } from './links';
import { recheckPassword } from './recheck';
import { type LiveLink, findLink, useLink, voidLinks } from './tokens';
import { TAGS, userTouched } from './user';
import { transact } from '../../db/transaction';

/**
 * Every answer to a reset request takes at least this long. A known address costs a few writes more than an unknown
 * one (the link, the mailbox, the audit), a few milliseconds the answer's timing would otherwise give away; this floor
 * is well above that work, so both answers come after the same time. SMTP never counts: it runs after the answer.
 */
export const FORGOT_PASSWORD_ANSWER_MS = 300;

/**
 * Passwords: a reset by e-mail (/resetbyemail → a message → /forgotpassword/{email}/{token}) that answers the same for
 * every address, and a change by the signed-in user, who must give the current one. Either way the other sessions end.
 */
export function passwordRoutes(app: FastifyInstance, ctx: ServerContext, mailer: Mailer) {
  const { db } = ctx;

  app.post<{ Body: ForgotPasswordBody }>(
    '/api/account/forgot-password',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary:
          'Send a password reset link (1 h) to the address if it has an account; the answer is the same either way: { sent: true }',
        body: forgotPasswordBody,
      },
    },
    async (request, reply) => {
      const started = performance.now();
      try {
        const { email } = request.body;
        const outbox = mailer.outbox();
        await transact(db, async (trx) => {
          // Counted per address asked for, known or not: the limit tells nothing about who has an account either.
          await throttle(trx, reply, resetChecks(email, request.ip));
          const user = await trx
            .selectFrom('users')
            .select(['id', 'email', 'first_name'])
            .where('email', '=', email)
            .where('deleted_at', 'is', null)
            .executeTakeFirst();
          if (!user) return;
          await sendPasswordReset(trx, mailer, outbox, { id: user.id, email: user.email, firstName: user.first_name });
          await audit(trx, request, { action: 'forgot-password', entity: 'user', entityId: user.id }, null);
        });
        return ok({ sent: true });
      } finally {
        await sleep(Math.max(0, FORGOT_PASSWORD_ANSWER_MS - (performance.now() - started)));
      }
    },
  );

  app.post<{ Body: ResetByEmailBody }>(
    '/api/account/reset-password',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary:
          'Set a new password with the e-mail and token of a reset link; every session of the account ends: { reset: true }',
        body: resetByEmailBody,
      },
    },
    async (request) => {
      const { email, token, password } = request.body;
      // The link resets the account it was sent for, and only while the address in it is still that account's.
      const ofThisAddress = (link: LiveLink) => link.email === email && link.userEmail === email;
      const refused = () => badRequest(ACCOUNT_MESSAGES.resetLinkInvalid, 'token');
      // Hashing is slow on purpose: only for a link that works. It is checked again, and used, in the transaction.
      const live = await findLink(db, 'reset', token);
      if (!live || !ofThisAddress(live)) throw refused();
      const passwordHash = await hashPassword(password);
      const outbox = mailer.outbox();
      const userId = await transact(db, async (trx) => {
        const link = await useLink(trx, 'reset', token, ofThisAddress);
        if (!link) throw refused();
        // The link reached the address: it is verified too.
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, is_email_verified: 1, ...userTouched() })
          .where('id', '=', link.userId)
          .execute();
        await revokeSessionsOf(trx, link.userId);
        // A new password lifts any sign-in lock on the account, as a password link does.
        await clearFailures(trx, link.email);
        await outbox.add(trx, {
          to: link.email,
          userId: link.userId,
          template: { kind: 'passwordChanged', name: link.firstName },
        });
        await audit(trx, request, { action: 'reset-password', entity: 'user', entityId: link.userId }, link.userId);
        return link.userId;
      });
      ctx.realtime.disconnectUser(userId);
      return ok({ reset: true });
    },
  );

  app.post<{ Body: ChangePasswordBody }>(
    '/api/account/change-password',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: TAGS,
        summary: 'Change your password, giving the current one; your other sessions end: { changed: true }',
        body: changePasswordBody,
      },
    },
    async (request, reply) => {
      const me = request.auth!.user;
      const { currentPassword, newPassword } = request.body;
      await recheckPassword(db, request, reply, me.id, currentPassword, 'currentPassword');
      const passwordHash = await hashPassword(newPassword);
      const outbox = mailer.outbox();
      const ended = await transact(db, async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, ...userTouched() })
          .where('id', '=', me.id)
          .execute();
        const others = await trx
          .updateTable('sessions')
          .set({ revoked_at: new Date().toISOString() })
          .where('user_id', '=', me.id)
          .where('revoked_at', 'is', null)
          .where('id', '<>', request.auth!.sessionId)
          .returning('id')
          .execute();
        // A reset link asked for before is for the old password.
        await voidLinks(trx, me.id, ['reset']);
        await outbox.add(trx, {
          to: me.email,
          userId: me.id,
          template: { kind: 'passwordChanged', name: me.firstName },
        });
        await audit(trx, request, {
          action: 'change-password',
          entity: 'user',
          entityId: me.id,
          after: { otherSessionsEnded: others.length },
        });
        return others.map((s) => s.id);
      });
      for (const sessionId of ended) ctx.realtime.disconnectSession(sessionId);
      return ok({ changed: true });
    },
  );
}
