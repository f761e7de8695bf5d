import type { FastifyInstance } from 'fastify';
import { type LoginBody, type RegisterBody, loginBody, registerBody } from '../../../schema/auth';
import { USER_TYPES, type RoleName, type UserType } from '../../../schema/roles';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { type ServerContext, ok } from '../../context';
import { ApiError, conflict, forbidden } from '../../http/errors';
import { audit } from '../audit/audit';
import { sendVerification } from '../account/links';
import { throttle, verificationChecks } from '../account/limits';
import { mailerOf } from '../mail/mailer';
import { findUser } from '../users/queries';
import { REGISTRATIONS_PER_ADDRESS, releaseHit, takeHit } from './hits';
import { INVALID_CREDENTIALS } from './messages';
import { checkRecaptcha } from './recaptcha';
import { openSession, revokeSession } from './sessions';
import { blockMessage, recordFailure, signedInFrom, signInBlock } from './throttle';
import { transact } from '../../db/transaction';

/**
 * The role a self-registered user asks for. The registration stores only the user type; the role is granted when an
 * administrator first activates the account (server/modules/users/routes.ts), never by the registration itself.
 */
export const ROLE_OF_USER_TYPE: Record<UserType, RoleName> = {
  driver: 'Driver',
  dispatch: 'Dispatcher',
  carrier: 'FleetOwner',
  fleetOwner: 'FleetOwner',
};

export const DEACTIVATED_MESSAGE = 'This account is deactivated. Ask an administrator to reactivate it.';

export default async function authRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db, config, jwtSecret } = ctx;
  const mailer = mailerOf(ctx);

  app.post<{ Body: LoginBody }>(
    '/api/Auth/login',
    {
      config: { access: { public: true } },
      schema: { tags: ['Authentication'], summary: 'Sign in; the response value is the token', body: loginBody },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const address = request.ip;
      const user = await db
        .selectFrom('users')
        .select(['id', 'password_hash', 'is_active', 'activated_at'])
        .where('email', '=', email)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      const block = await signInBlock(db, email, address, user?.id ?? null);
      if (block) {
        reply.header('Retry-After', String(block.seconds));
        throw new ApiError(429, blockMessage(block), block.scope === 'account' ? 'account_locked' : 'throttled');
      }
      // An unknown e-mail and a wrong password get the same answer after the same work (one argon2 verification), so
      // that neither the words, the status nor the time tell whether the account exists. Both count as failures.
      let verified = false;
      if (user?.password_hash) verified = await verifyPassword(user.password_hash, password);
      else await verifyAgainstDummy(password);
      if (!user || !verified) {
        await recordFailure(db, email, address);
        throw new ApiError(401, INVALID_CREDENTIALS, 'invalid_credentials');
      }
      // Said only to whoever knows the password. A deactivated account holds no session (deactivation revokes them),
      // so nothing it was given can come back to life when an administrator reactivates it.
      if (user.is_active === 0 && user.activated_at !== null) throw forbidden(DEACTIVATED_MESSAGE);
      const token = await transact(db, async (trx) => {
        await signedInFrom(trx, user.id, email, address);
        const jwt = await openSession(trx, user.id, jwtSecret, config.jwtExpiresIn);
        await audit(trx, request, { action: 'login', entity: 'session', entityId: user.id }, user.id);
        return jwt;
      });
      return ok(token);
    },
  );

  app.get(
    '/api/token/me',
    {
      config: { access: { account: true } },
      schema: { tags: ['Authentication'], summary: 'The signed-in user: { data: user }' },
    },
    async (request) => ({ data: await findUser(db, request.auth!.user.id) }),
  );

  app.get(
    '/api/token/usertypes',
    {
      config: { access: { public: true } },
      schema: { tags: ['Authentication'], summary: 'User types a registering user can choose' },
    },
    async () => ok(USER_TYPES),
  );

  app.post<{ Body: RegisterBody }>(
    '/api/token/register',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['Authentication'],
        summary: 'Register; creates an unverified, inactive account and sends it the verification message',
        body: registerBody,
      },
    },
    async (request, reply) => {
      const body = request.body;
      // The address's registration is taken before the work (reCAPTCHA, hashing), and given back if it is refused.
      const hit = await takeHit(db, REGISTRATIONS_PER_ADDRESS, request.ip);
      if ('wait' in hit) {
        reply.header('Retry-After', String(hit.wait));
        throw new ApiError(
          429,
          `Too many registrations from your address. Try again in ${Math.ceil(hit.wait / 60)} minute(s).`,
          'throttled',
        );
      }
      const register = async () => {
        await checkRecaptcha(config.recaptchaSecret, config.recaptchaVerifyUrl, body.googleRecaptchaToken);
        const exists = await db.selectFrom('users').select('id').where('email', '=', body.email).executeTakeFirst();
        if (exists) throw conflict('User already exists');
        const passwordHash = await hashPassword(body.password);
        const now = new Date().toISOString();
        const outbox = mailer.outbox();
        const userId = await transact(db, async (trx) => {
          const inserted = await trx
            .insertInto('users')
            .values({
              email: body.email,
              password_hash: passwordHash,
              first_name: body.firstname,
              last_name: body.lastname,
              avatar: null,
              phone: null,
              user_type: body.userType,
              is_active: 0,
              is_email_verified: 0,
              registration_completed: 0,
              account_id: body.AccountId,
              created_at: now,
              updated_at: now,
              deleted_at: null,
            })
            .onConflict((oc) => oc.column('email').doNothing())
            .returning('id')
            .executeTakeFirst();
          if (!inserted) throw conflict('User already exists');
          await audit(
            trx,
            request,
            {
              action: 'register',
              entity: 'user',
              entityId: inserted.id,
              after: { email: body.email, userType: body.userType },
            },
            inserted.id,
          );
          // The first message counts towards the resends' cool-down. Administrators hear of the account once its
          // registration is completed (POST /api/account/complete-registration): only then does it wait for them.
          await throttle(trx, reply, verificationChecks(inserted.id));
          await sendVerification(trx, mailer, outbox, {
            id: inserted.id,
            email: body.email,
            firstName: body.firstname,
          });
          return inserted.id;
        });
        return userId;
      };
      const userId = await register().catch(async (error: unknown) => {
        await releaseHit(db, hit.id);
        throw error;
      });
      const accessToken = await openSession(db, userId, jwtSecret, config.jwtExpiresIn);
      return { accessToken, user: await findUser(db, userId) };
    },
  );

  app.post(
    '/api/token/logout',
    {
      config: { access: { account: true } },
      schema: { tags: ['Authentication'], summary: 'Sign out: the token stops working at once' },
    },
    async (request) => {
      await transact(db, async (trx) => {
        await revokeSession(trx, request.auth!.sessionId);
        await audit(trx, request, { action: 'logout', entity: 'session', entityId: request.auth!.user.id });
      });
      // Open hub connections of this session end now, so the others see the user go offline.
      ctx.realtime.disconnectSession(request.auth!.sessionId);
      return ok(true);
    },
  );

  app.get(
    '/api/version',
    {
      config: { access: { public: true } },
      schema: { tags: ['Platform'], summary: 'The server version' },
    },
    async () => ok({ version: ctx.version }),
  );

  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: { tags: ['Platform'], summary: 'For load balancers: the server and its database answer' },
    },
    async () => {
      await db.selectFrom('meta').select('key').limit(1).execute();
      // SQLite: whether the file is being kept in memory yet ('mapping' while the first walk runs; absent when off).
      return ok({ status: 'ok', database: ctx.dialect, ...(ctx.resident ? { fileInMemory: ctx.resident.state } : {}) });
    },
  );
}
