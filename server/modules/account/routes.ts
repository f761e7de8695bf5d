import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  type CompleteRegistrationBody,
  type LinkTokenBody,
  type ProfileBody,
  type VerificationSentDto,
  completeRegistrationBody,
  linkTokenBody,
  profileBody,
} from '../../../schema/account';
import { type ServerContext, ok } from '../../context';
import { badRequest, conflict } from '../../http/errors';
import { audit } from '../audit/audit';
import { mailerOf } from '../mail/mailer';
import { activeAdministrators, registrationAwaitingActivation, userEditPath } from '../notifications/events';
import { avatarRoutes } from './avatar';
import { emailChangeRoutes } from './email';
import { nextMailAllowedAt, throttle, verificationChecks } from './limits';
import { sendVerification } from './links';
import { passwordRoutes } from './password';
import { useLink } from './tokens';
import { TAGS, currentUserOf, userTouched } from './user';
import { transact } from '../../db/transaction';

/**
 * The account flows (docs/product/accounts.md): e-mail verification with resends, the completed registration that puts
 * the account before an administrator, and the signed-in user's own profile, picture, e-mail and password. Messages go
 * out through server/modules/mail; every link is one-time (./tokens.ts) and every sending throttled (./limits.ts).
 */
export default async function accountRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const mailer = mailerOf(ctx);

  app.post<{ Body: LinkTokenBody }>(
    '/api/account/verify-email',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary: 'Verify the e-mail address with the token of the verification link: { email }',
        body: linkTokenBody,
      },
    },
    async (request) => {
      const email = await transact(db, async (trx) => {
        // The link verifies the address it was sent to, while that is still the account's.
        const link = await useLink(trx, 'verify', request.body.token, (l) => l.email === l.userEmail);
        if (!link) throw badRequest(ACCOUNT_MESSAGES.linkInvalid, 'token');
        await trx
          .updateTable('users')
          .set({ is_email_verified: 1, ...userTouched() })
          .where('id', '=', link.userId)
          .execute();
        await audit(
          trx,
          request,
          { action: 'verify-email', entity: 'user', entityId: link.userId, after: { email: link.email } },
          link.userId,
        );
        return link.email;
      });
      return ok({ email });
    },
  );

  app.get(
    '/api/account/verification',
    {
      config: { access: { account: true } },
      schema: {
        tags: TAGS,
        summary:
          'Where the verification message went and when another may be asked for: { sentTo, nextAllowedAt } (now when one may go at once)',
      },
    },
    async (request) => {
      const me = request.auth!.user;
      const state: VerificationSentDto = {
        sentTo: me.email,
        nextAllowedAt: await nextMailAllowedAt(db, verificationChecks(me.id)),
      };
      return ok(state);
    },
  );

  app.post(
    '/api/account/resend-verification',
    {
      config: { access: { account: true } },
      schema: {
        tags: TAGS,
        summary:
          'Send the verification message again (once a minute, five an hour): { sentTo, nextAllowedAt }; 409 when already verified',
      },
    },
    async (request, reply) => {
      const me = request.auth!.user;
      if (me.isEmailVerified) throw conflict(ACCOUNT_MESSAGES.alreadyVerified);
      const outbox = mailer.outbox();
      const nextAllowedAt = await transact(db, async (trx) => {
        const next = await throttle(trx, reply, verificationChecks(me.id));
        await sendVerification(trx, mailer, outbox, me);
        await audit(trx, request, { action: 'resend-verification', entity: 'user', entityId: me.id });
        return next;
      });
      const sent: VerificationSentDto = { sentTo: me.email, nextAllowedAt };
      return ok(sent);
    },
  );

  app.post<{ Body: CompleteRegistrationBody }>(
    '/api/account/complete-registration',
    {
      config: { access: { account: true } },
      schema: {
        tags: TAGS,
        body: completeRegistrationBody,
        summary:
          'Complete a verified registration with the profile and phone: the account then waits for an administrator, who is told. 409 before verification or when done',
      },
    },
    async (request) => {
      const me = request.auth!.user;
      if (!me.isEmailVerified) throw conflict(ACCOUNT_MESSAGES.verifyFirst);
      if (me.registrationCompleted) throw conflict(ACCOUNT_MESSAGES.alreadyCompleted);
      const { firstName, lastName, phoneCountry, phone, userType } = request.body;
      const outbox = mailer.outbox();
      const deliveries = await transact(db, async (trx) => {
        const before = await currentUserOf(trx, me.id);
        const done = await trx
          .updateTable('users')
          .set({
            first_name: firstName,
            last_name: lastName,
            phone,
            phone_country: phoneCountry,
            ...(userType ? { user_type: userType } : {}),
            registration_completed: 1,
            ...userTouched(),
          })
          .where('id', '=', me.id)
          .where('registration_completed', '=', 0)
          .executeTakeFirst();
        // Two completions at once: the second finds it done.
        if (Number(done.numUpdatedRows) !== 1) throw conflict(ACCOUNT_MESSAGES.alreadyCompleted);
        const after = { firstName, lastName, phone, phoneCountry, userType: userType ?? before.userType };
        await audit(trx, request, {
          action: 'complete-registration',
          entity: 'user',
          entityId: me.id,
          before: { firstName: before.firstName, lastName: before.lastName },
          after,
        });
        // Now it really waits for activation: every active administrator is asked to look at it, in the app and by mail
        // (they are seldom signed in when someone registers).
        if (before.isActive) return [];
        const administrators = await activeAdministrators(trx);
        const newcomer = { id: me.id, firstName, lastName, email: me.email };
        const link = mailer.link(userEditPath(me.id));
        for (const admin of administrators) {
          await outbox.add(trx, {
            to: admin.email,
            userId: admin.id,
            template: {
              kind: 'registrationAwaiting',
              name: admin.firstName,
              newcomer: `${firstName} ${lastName}`,
              email: me.email,
              link,
            },
          });
        }
        return registrationAwaitingActivation(trx, newcomer, administrators);
      });
      ctx.realtime.deliver(deliveries);
      return ok(await currentUserOf(db, me.id));
    },
  );

  app.put<{ Body: ProfileBody }>(
    '/api/account/profile',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: TAGS,
        summary: 'Change your name and phone: the user as /api/token/me answers it',
        body: profileBody,
      },
    },
    async (request) => {
      const me = request.auth!.user;
      const { firstName, lastName, phoneCountry, phone } = request.body;
      await transact(db, async (trx) => {
        const before = await currentUserOf(trx, me.id);
        await trx
          .updateTable('users')
          .set({ first_name: firstName, last_name: lastName, phone, phone_country: phoneCountry, ...userTouched() })
          .where('id', '=', me.id)
          .execute();
        await audit(trx, request, {
          action: 'update-profile',
          entity: 'user',
          entityId: me.id,
          before: {
            firstName: before.firstName,
            lastName: before.lastName,
            phone: before.phone,
            phoneCountry: before.phoneCountry,
          },
          after: { firstName, lastName, phone, phoneCountry },
        });
      });
      return ok(await currentUserOf(db, me.id));
    },
  );

  passwordRoutes(app, ctx, mailer);
  emailChangeRoutes(app, ctx, mailer);
  // Its own plugin: the picture's body parser is for its route alone.
  await app.register(avatarRoutes, ctx);
}
