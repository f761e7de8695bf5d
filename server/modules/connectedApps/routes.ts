import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  APP_MESSAGES,
  type AppCreateBody,
  type AppListQuery,
  type AppRevokeBody,
  type AppRotateBody,
  type AppUpdateBody,
  type ApplicationTokenDto,
  type ConnectedAppDto,
  type ConnectedAppWithSecret,
  type ExchangeBody,
  GRACE_MINUTES,
  SCOPE_FEATURES,
  type ScopeOption,
  type Scopes,
  appCreateBody,
  appListQuery,
  appRevokeBody,
  appRotateBody,
  appUpdateBody,
  exchangeBody,
} from '../../../schema/connectedApps';
import { PERMISSIONS, type Permission } from '../../../schema/roles';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok, page } from '../../context';
import type { Db } from '../../db/types';
import { ApiError, conflict, forbidden, notFound } from '../../http/errors';
import { isAccountUsable } from '../../http/access';
import { audit } from '../audit/audit';
import { exchangeBlock, exchangeFailureKey, recordFailure } from '../auth/throttle';
import { newClientId, newSecret, sameText, secretHash, secretMatches } from './secrets';
import { findApp, listApps } from './store';
import { issueAppToken } from './tokens';
import { transact } from '../../db/transaction';

const TAGS = ['Connected apps'];
const access = (permission: 'Read' | 'Create' | 'Update' | 'Delete') =>
  ({ access: { feature: 'ConnectedApps', permission } }) as const;
type Id = z.output<typeof idParams>;

/** What the audit log keeps of an app: never its secret or a hash of it. */
const audited = (app: ConnectedAppDto) => ({
  name: app.name,
  callerId: app.callerId,
  clientId: app.clientId,
  scopes: app.scopes,
  tokenMinutes: app.tokenMinutes,
  ratePerMinute: app.ratePerMinute,
  status: app.status,
});

/** A hash no secret matches, checked when the client id is unknown so that the answer takes as long either way. */
const NO_APP_HASH = secretHash('no-such-app', 'no-such-secret');

/**
 * Connected apps (docs/authentication.md; schema/connectedApps.ts): administrators (Connected Apps on /app/settings)
 * register applications, edit them, rotate their secrets and revoke them; integrators exchange an app's credentials for
 * an application token at POST /apps/auth-token. What a token may reach at each call is server/http/access.ts's.
 */
export default async function connectedAppRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  /** An app gets no more than the administrator giving it holds at that moment (403 naming the first that is not). */
  const mustHold = async (request: FastifyRequest, scopes: Scopes) => {
    for (const [key, permissions] of Object.entries(scopes)) {
      for (const permission of permissions) {
        if (!(await requestAllows(ctx.permissions, request, [key], permission)))
          throw new ApiError(403, APP_MESSAGES.notHeld(permission, key), 'forbidden', `scopes.${key}`);
      }
    }
  };

  /**
   * The app as this write finds it, inside its transaction: 404 when unknown, 409 when revoked, 409 with the current
   * app (as every record's conflict) when someone changed it since `version`. PostgreSQL: locked for the transaction.
   */
  const claim = async (trx: Db, id: number, version: number) => {
    const query = trx
      .selectFrom('connected_apps')
      .select(['id', 'version', 'revoked_at', 'client_id', 'secret_hash'])
      .where('id', '=', id);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound('Connected app');
    const before = await findApp(trx, id);
    // Without the current app: the screen's offer (keep mine on top of theirs) means nothing for a revoked one.
    if (row.revoked_at) throw conflict(APP_MESSAGES.revoked);
    if (row.version !== version) throw conflict(APP_MESSAGES.stale, { current: before });
    return { row, before };
  };

  app.get<{ Querystring: AppListQuery }>(
    '/api/ConnectedApps',
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary:
          'Connected apps: search in name, caller id and client id; status active, revoked or all; sort name, callerId, createdAt, lastUsedAt, status',
        querystring: appListQuery,
      },
    },
    async (request) => {
      const { items, total } = await listApps(db, request.query);
      return page(items, total, request.query.page, request.query.size);
    },
  );

  app.get(
    '/api/ConnectedApps/scope-options',
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary:
          'The screens an app may be given, each with the permissions the caller holds there (an app gets no more)',
      },
    },
    async (request): Promise<{ value: ScopeOption[] }> => {
      const options: ScopeOption[] = [];
      for (const feature of SCOPE_FEATURES) {
        const permissions: Permission[] = [];
        for (const permission of PERMISSIONS)
          if (await requestAllows(ctx.permissions, request, [feature.key], permission)) permissions.push(permission);
        options.push({ key: feature.key, title: feature.title, section: feature.section, permissions });
      }
      return ok(options);
    },
  );

  app.get<{ Params: Id }>(
    '/api/ConnectedApps/:id',
    {
      config: access('Read'),
      schema: { tags: TAGS, summary: 'One connected app (never its secret)', params: idParams },
    },
    async (request) => ok(await findApp(db, request.params.id)),
  );

  app.post<{ Body: AppCreateBody }>(
    '/api/ConnectedApps',
    {
      config: access('Create'),
      schema: {
        tags: TAGS,
        summary:
          'Register an app: its clientId and secretKey are in the answer, the secret this once (only a hash is kept). Scopes: { featureKey: [permissions] }, ' +
          'never more than the caller holds, Read with any other permission, never Access Settings, Connected Apps or the audit trail',
        body: appCreateBody,
      },
    },
    async (request): Promise<{ value: ConnectedAppWithSecret }> => {
      const body = request.body;
      await mustHold(request, body.scopes);
      const clientId = newClientId();
      const secretKey = newSecret();
      const now = new Date().toISOString();
      const created = await transact(db, async (trx) => {
        const { id } = await trx
          .insertInto('connected_apps')
          .values({
            name: body.name,
            caller_id: body.callerId,
            client_id: clientId,
            secret_hash: secretHash(clientId, secretKey),
            secret_rotated_at: null,
            previous_secret_hash: null,
            previous_secret_until: null,
            scopes: JSON.stringify(body.scopes),
            token_minutes: body.tokenMinutes,
            rate_per_minute: body.ratePerMinute,
            created_by: request.auth!.user.id,
            created_at: now,
            updated_at: now,
            revoked_at: null,
            revoked_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const dto = await findApp(trx, id);
        await audit(trx, request, { action: 'create', entity: 'connected_app', entityId: id, after: audited(dto) });
        return dto;
      });
      return ok({ ...created, secretKey });
    },
  );

  app.put<{ Params: Id; Body: AppUpdateBody }>(
    '/api/ConnectedApps/:id',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary:
          'Change an app’s name, scopes, token lifetime or rate limit, with the version read (409 when stale or revoked)',
        params: idParams,
        body: appUpdateBody,
      },
    },
    async (request) => {
      const { version, ...body } = request.body;
      await findApp(db, request.params.id);
      await mustHold(request, body.scopes);
      return ok(
        await transact(db, async (trx) => {
          const { before } = await claim(trx, request.params.id, version);
          await trx
            .updateTable('connected_apps')
            .set({
              name: body.name,
              scopes: JSON.stringify(body.scopes),
              token_minutes: body.tokenMinutes,
              rate_per_minute: body.ratePerMinute,
              updated_at: new Date().toISOString(),
              version: version + 1,
            })
            .where('id', '=', before.id)
            .execute();
          const after = await findApp(trx, before.id);
          await audit(trx, request, {
            action: 'update',
            entity: 'connected_app',
            entityId: before.id,
            before: audited(before),
            after: audited(after),
          });
          return after;
        }),
      );
    },
  );

  app.post<{ Params: Id; Body: AppRotateBody }>(
    '/api/ConnectedApps/:id/rotate-secret',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary:
          `Replace an app’s secret: the new one is in the answer, this once. The old one (and tokens issued with it) keeps working for graceMinutes ` +
          `(${GRACE_MINUTES.min} to ${GRACE_MINUTES.max}, default ${GRACE_MINUTES.default}: 24 hours), so the integrator can switch without a gap; 0 stops it at once. ` +
          'A secret replaced before is dropped at once. With the version read (409 when stale or revoked)',
        params: idParams,
        body: appRotateBody,
      },
    },
    async (request): Promise<{ value: ConnectedAppWithSecret }> => {
      const { version, graceMinutes } = request.body;
      await findApp(db, request.params.id);
      const secretKey = newSecret();
      const rotated = await transact(db, async (trx) => {
        const { row, before } = await claim(trx, request.params.id, version);
        const now = Date.now();
        const until = graceMinutes > 0 ? new Date(now + graceMinutes * 60_000).toISOString() : null;
        await trx
          .updateTable('connected_apps')
          .set((eb) => ({
            secret_hash: secretHash(row.client_id, secretKey),
            previous_secret_hash: until ? row.secret_hash : null,
            previous_secret_until: until,
            secret_generation: eb('secret_generation', '+', 1),
            secret_rotated_at: new Date(now).toISOString(),
            updated_at: new Date(now).toISOString(),
            version: version + 1,
          }))
          .where('id', '=', row.id)
          .execute();
        const after = await findApp(trx, row.id);
        await audit(trx, request, {
          action: 'rotate-secret',
          entity: 'connected_app',
          entityId: row.id,
          before: audited(before),
          after: { graceMinutes, previousSecretUntil: until },
        });
        return after;
      });
      return ok({ ...rotated, secretKey });
    },
  );

  app.post<{ Params: Id; Body: AppRevokeBody }>(
    '/api/ConnectedApps/:id/revoke',
    {
      config: access('Delete'),
      schema: {
        tags: TAGS,
        summary:
          'Revoke an app: its secret and every token it holds stop at once, on every server. It stays listed; it cannot be undone',
        params: idParams,
        body: appRevokeBody,
      },
    },
    async (request) => {
      await findApp(db, request.params.id);
      return ok(
        await transact(db, async (trx) => {
          const { before } = await claim(trx, request.params.id, request.body.version);
          const now = new Date().toISOString();
          await trx
            .updateTable('connected_apps')
            .set({
              revoked_at: now,
              revoked_by: request.auth!.user.id,
              previous_secret_hash: null,
              previous_secret_until: null,
              updated_at: now,
              version: request.body.version + 1,
            })
            .where('id', '=', before.id)
            .execute();
          const after = await findApp(trx, before.id);
          await audit(trx, request, {
            action: 'revoke',
            entity: 'connected_app',
            entityId: before.id,
            before: audited(before),
            after: audited(after),
          });
          return after;
        }),
      );
    },
  );

  app.post<{ Body: ExchangeBody }>(
    '/apps/auth-token',
    {
      config: { access: { public: true } },
      schema: {
        tags: TAGS,
        summary:
          'Exchange a connected app’s clientId, secretKey and callerId for an application token: { data: { applicationToken, expiresAt } }. ' +
          'Send it as Authorization: Bearer on the API calls of the app’s scopes until it expires. Any wrong value: 401, one message; ' +
          'failures from one address are throttled as sign-ins are (429 with Retry-After)',
        body: exchangeBody,
      },
    },
    async (request, reply): Promise<ApplicationTokenDto> => {
      const { clientId, secretKey, callerId } = request.body;
      const address = request.ip;
      const block = await exchangeBlock(db, clientId, address);
      if (block) {
        reply.header('Retry-After', String(block.seconds));
        throw new ApiError(429, APP_MESSAGES.throttled(Math.ceil(block.seconds / 60)), 'throttled');
      }
      const found = await db
        .selectFrom('connected_apps as a')
        .innerJoin('users as u', 'u.id', 'a.created_by')
        .select([
          'a.id',
          'a.caller_id',
          'a.secret_hash',
          'a.secret_generation',
          'a.previous_secret_hash',
          'a.previous_secret_until',
          'a.token_minutes',
          'a.created_by',
          'a.revoked_at',
          'u.is_active',
          'u.is_email_verified',
          'u.registration_completed',
          'u.deleted_at',
        ])
        .where('a.client_id', '=', clientId)
        .executeTakeFirst();
      const now = Date.now();
      // Which of the app's secrets this is: the current one, or the one a rotation replaced while its grace lasts.
      const current = secretMatches(found?.secret_hash ?? NO_APP_HASH, clientId, secretKey);
      const previous =
        !current &&
        !!found?.previous_secret_hash &&
        !!found.previous_secret_until &&
        found.previous_secret_until > new Date(now).toISOString() &&
        secretMatches(found.previous_secret_hash, clientId, secretKey);
      const callerMatches = sameText(found?.caller_id ?? '', callerId);
      if (!found || found.revoked_at || found.deleted_at || !(current || previous) || !callerMatches) {
        await recordFailure(db, exchangeFailureKey(clientId), address, now);
        throw new ApiError(401, APP_MESSAGES.badCredentials, 'invalid_credentials');
      }
      // Said only to whoever holds the app's credentials.
      if (
        !isAccountUsable({
          isActive: found.is_active === 1,
          isEmailVerified: found.is_email_verified === 1,
          registrationCompleted: found.registration_completed === 1,
        })
      ) {
        throw forbidden(APP_MESSAGES.ownerInactive);
      }
      const generation = current ? found.secret_generation : found.secret_generation - 1;
      const token = issueAppToken(
        ctx.jwtSecret,
        { id: found.id, ownerId: found.created_by, generation, tokenMinutes: found.token_minutes },
        now,
      );
      await transact(db, async (trx) => {
        // The integrator's own typos from this address are forgotten, as a person's are when they sign in.
        await trx
          .deleteFrom('login_failures')
          .where('email', '=', exchangeFailureKey(clientId))
          .where('address', '=', address)
          .execute();
        await audit(
          trx,
          request,
          {
            action: 'token',
            entity: 'connected_app',
            entityId: found.id,
            appId: found.id,
            after: { expiresAt: token.expiresAt, secret: current ? 'current' : 'previous' },
          },
          found.created_by,
        );
      });
      return { data: token };
    },
  );
}
