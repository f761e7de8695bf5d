import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  PASSWORD_LINK_HOURS,
  PASSWORD_LINK_INVALID,
  type PasswordLinkDto,
  type ResetPasswordBody,
  type UserDto,
  resetPasswordBody,
  type users as userResource,
} from '../../../schema/resources/users';
import { hashPassword } from '../../auth/passwords';
import { type ServerContext, ok } from '../../context';
import { badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import { clearFailures } from '../auth/throttle';
import type { RecordHelpers } from '../records/routes';
import type { UserInput } from './guards';
import { guardAdministrators, revokeSessionsOf } from './guards';
import { transact } from '../../db/transaction';

/** Only the hash of a link's token is stored: the token itself exists in the answer to the administrator alone. */
const tokenHash = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * One-time password links: an administrator (Users Update) makes one for a user and hands it over; it works once,
 * for 24 hours, and a newer link cancels the older ones. Setting a password through it signs every session out,
 * and activates a created account that never had a password (a deactivated one stays deactivated).
 */
export function passwordLinkRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  users: RecordHelpers<UserDto, UserInput, typeof userResource.types.query>,
) {
  const { db } = ctx;

  app.post<{ Params: z.output<typeof idParams> }>(
    '/api/User/:id/password-link',
    {
      config: users.access('Update'),
      schema: {
        tags: ['Users'],
        summary: `A one-time link (${PASSWORD_LINK_HOURS} h) for the user to set a password: { url, expiresAt }`,
        params: idParams,
      },
    },
    async (request): Promise<{ value: PasswordLinkDto }> => {
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + PASSWORD_LINK_HOURS * 3_600_000).toISOString();
      await transact(db, async (trx) => {
        const user = await users.mustLoad(trx, request.params.id);
        if (user.deleted) throw badRequest('This user is deleted; restore the user first');
        await guardAdministrators(trx, request, user, null);
        const now = new Date().toISOString();
        await trx
          .updateTable('password_links')
          .set({ used_at: now })
          .where('user_id', '=', user.id)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('password_links')
          .values({
            user_id: user.id,
            token_hash: tokenHash(token),
            created_at: now,
            expires_at: expiresAt,
            used_at: null,
            created_by: request.auth!.user.id,
          })
          .execute();
        await audit(trx, request, { action: 'password-link', entity: 'user', entityId: user.id, after: { expiresAt } });
      });
      return ok({ url: `/reset-password?token=${token}`, expiresAt });
    },
  );

  app.post<{ Body: ResetPasswordBody }>(
    '/api/token/reset-password',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Authentication'],
        summary: 'Set a password with the token of a one-time link',
        body: resetPasswordBody,
      },
    },
    async (request) => {
      const { token, password } = request.body;
      // Hash first (slow on purpose), then claim the link in one transaction so it works exactly once.
      const passwordHash = await hashPassword(password);
      const userId = await transact(db, async (trx) => {
        const now = new Date().toISOString();
        const link = await trx
          .selectFrom('password_links as l')
          .innerJoin('users as u', 'u.id', 'l.user_id')
          .select(['l.id', 'l.user_id', 'u.email', 'u.password_hash', 'u.activated_at'])
          .where('l.token_hash', '=', tokenHash(token))
          .where('l.used_at', 'is', null)
          .where('l.expires_at', '>', now)
          .where('u.deleted_at', 'is', null)
          .executeTakeFirst();
        if (!link) throw badRequest(PASSWORD_LINK_INVALID, 'token');
        const claimed = await trx
          .updateTable('password_links')
          .set({ used_at: now })
          .where('id', '=', link.id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) throw badRequest(PASSWORD_LINK_INVALID, 'token');
        const firstPassword = link.password_hash === null && link.activated_at === null;
        await trx
          .updateTable('users')
          .set({
            password_hash: passwordHash,
            updated_at: now,
            ...(firstPassword
              ? { is_active: 1, is_email_verified: 1, registration_completed: 1, activated_at: now }
              : {}),
          })
          .where('id', '=', link.user_id)
          .execute();
        await revokeSessionsOf(trx, link.user_id);
        // A new password lifts any sign-in lock on the account: the owner gets back in through the link
        // (docs/authentication.md#throttles).
        await clearFailures(trx, link.email);
        await audit(
          trx,
          request,
          { action: 'reset-password', entity: 'user', entityId: link.user_id, after: { activated: firstPassword } },
          link.user_id,
        );
        return link.user_id;
      });
      ctx.realtime.disconnectUser(userId);
      return ok(true);
    },
  );
}
