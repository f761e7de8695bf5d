import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  type ChangeEmailBody,
  type LinkTokenBody,
  changeEmailBody,
  linkTokenBody,
} from '../../../schema/account';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { ApiError, badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import type { Mailer } from '../mail/mailer';
import { emailChangeChecks, throttle } from './limits';
import { sendEmailChange } from './links';
import { recheckPassword } from './recheck';
import { useLink, voidLinks } from './tokens';
import { TAGS, userTouched } from './user';
import { transact } from '../../db/transaction';

/** 409 naming the field: another user (a deleted one too: the address stays theirs) signs in with it. */
async function assertEmailFree(trx: Db, email: string, userId: number, field: string): Promise<void> {
  const taken = await trx
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (taken) throw new ApiError(409, ACCOUNT_MESSAGES.emailTaken, 'conflict', field);
}

/**
 * A change of the sign-in address: asked for by the signed-in user with the password, confirmed from a link sent to
 * the new address (24 h); the current address is told at once, and again when the change is made. Sessions stay.
 */
export function emailChangeRoutes(app: FastifyInstance, ctx: ServerContext, mailer: Mailer) {
  const { db } = ctx;

  app.post<{ Body: ChangeEmailBody }>(
    '/api/account/change-email',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: TAGS,
        summary:
          'Ask to change your e-mail address (your password required): a confirmation link goes to the new one: { sentTo }',
        body: changeEmailBody,
      },
    },
    async (request, reply) => {
      const me = request.auth!.user;
      const { newEmail, password } = request.body;
      if (newEmail === me.email) throw badRequest(ACCOUNT_MESSAGES.sameEmail, 'newEmail');
      await recheckPassword(db, request, reply, me.id, password, 'password');
      const outbox = mailer.outbox();
      await transact(db, async (trx) => {
        await assertEmailFree(trx, newEmail, me.id, 'newEmail');
        await throttle(trx, reply, emailChangeChecks(me.id, newEmail));
        await sendEmailChange(trx, mailer, outbox, me, newEmail);
        await audit(trx, request, {
          action: 'request-email-change',
          entity: 'user',
          entityId: me.id,
          after: { newEmail },
        });
      });
      return ok({ sentTo: newEmail });
    },
  );

  app.post<{ Body: LinkTokenBody }>(
    '/api/account/confirm-email-change',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary:
          'Confirm a new e-mail address with the token of its link: the account signs in with it from now on: { email }',
        body: linkTokenBody,
      },
    },
    async (request) => {
      const outbox = mailer.outbox();
      const email = await transact(db, async (trx) => {
        const link = await useLink(trx, 'email', request.body.token);
        if (!link) throw badRequest(ACCOUNT_MESSAGES.linkInvalid, 'token');
        await assertEmailFree(trx, link.email, link.userId, 'token');
        // Told while the old address is still the account's, so its mailbox keeps the notice too.
        await outbox.add(trx, {
          to: link.userEmail,
          userId: link.userId,
          template: { kind: 'emailChanged', name: link.firstName, newEmail: link.email },
        });
        await trx
          .updateTable('users')
          .set({ email: link.email, is_email_verified: 1, ...userTouched() })
          .where('id', '=', link.userId)
          .execute();
        // Links sent to the old address, and other changes asked for, are for an address the account no longer has.
        await voidLinks(trx, link.userId, ['verify', 'reset', 'email']);
        await audit(
          trx,
          request,
          {
            action: 'change-email',
            entity: 'user',
            entityId: link.userId,
            before: { email: link.userEmail },
            after: { email: link.email },
          },
          link.userId,
        );
        return link.email;
      });
      return ok({ email });
    },
  );
}
