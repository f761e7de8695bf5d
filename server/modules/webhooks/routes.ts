import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams, idText } from '../../../schema/common';
import {
  type DeliveryListQuery,
  PING_EVENT,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  type WebhookCreateBody,
  type WebhookDto,
  type WebhookListQuery,
  type WebhookUpdateBody,
  type WebhookWithSecret,
  deliveryListQuery,
  webhookCreateBody,
  webhookListQuery,
  webhookRotateBody,
  webhookUpdateBody,
  webhookVersionBody,
} from '../../../schema/webhooks';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok, page } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { ApiError, conflict, notFound } from '../../http/errors';
import { enqueue } from '../../jobs';
import { audit } from '../audit/audit';
import { roleIdOf } from '../users/guards';
import { checkDestination } from './destination';
import { emitWebhook } from './events';
import { deliverJob } from './jobs';
import { newSalt, secretText } from './signing';
import { eventsColumn, findWebhook, listDeliveries, listWebhooks } from './store';

const TAGS = ['Webhooks'];
const access = (permission: 'Read' | 'Create' | 'Update' | 'Delete') =>
  ({ access: { feature: 'Webhooks', permission } }) as const;
type Id = z.output<typeof idParams>;
const deliveryParams = z.object({ id: idText, deliveryId: idText });

/** What the audit log keeps of a subscription: never its secret. */
const audited = (hook: WebhookDto) => ({
  url: hook.url,
  events: hook.events,
  description: hook.description,
  status: hook.status,
  allowPrivateNetwork: hook.allowPrivateNetwork,
});

/**
 * Webhooks (docs/product/webhooks.md; schema/webhooks.ts): subscriptions of URLs to events, made by an administrator on
 * /app/webhooks or by a connected app given the Webhooks scope; the secret shown once and rotatable; pause, resume,
 * a test event; the delivery log and replay from it. Delivery itself is server/modules/webhooks/jobs.ts's.
 */
export default async function webhookRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  /** Each event needs Read on the screen it tells of (an app: in its scopes): 403 naming the first that is not held. */
  const mayHear = async (request: FastifyRequest, events: readonly string[]) => {
    for (const type of events) {
      const { feature, label } = WEBHOOK_EVENTS[type as keyof typeof WEBHOOK_EVENTS];
      if (!(await requestAllows(ctx.permissions, request, [feature], 'Read')))
        throw new ApiError(403, WEBHOOK_MESSAGES.noRead(label, feature), 'forbidden', 'events');
    }
  };

  /** Private addresses are an administrator's decision, as a person: an app can never open the office network. */
  const mayAllowPrivate = async (request: FastifyRequest) => {
    const auth = request.auth!;
    if (auth.app || !auth.roleIds.includes(await roleIdOf(db, 'Administrator')))
      throw new ApiError(403, WEBHOOK_MESSAGES.onlyAdministrators, 'forbidden', 'allowPrivateNetwork');
  };

  const rulesFor = (allowPrivate: boolean) => ({ allowHttp: ctx.config.webhookAllowHttp, allowPrivate });

  /** The subscription as this write finds it: 404, or 409 with the current one when changed since `version`. */
  const claim = async (trx: Db, id: number, version: number) => {
    const before = await findWebhook(trx, id);
    if (before.version !== version) throw conflict(WEBHOOK_MESSAGES.stale, { current: before });
    return before;
  };

  /** Moves the version with `set`, audits the change, answers the subscription after it. */
  const change = async (
    trx: Db,
    request: FastifyRequest,
    before: WebhookDto,
    set: Record<string, unknown>,
    action: string,
  ) => {
    await trx
      .updateTable('webhook_subscriptions')
      .set({ ...set, updated_at: new Date().toISOString(), version: before.version + 1 })
      .where('id', '=', before.id)
      .execute();
    const after = await findWebhook(trx, before.id);
    await audit(trx, request, {
      action,
      entity: 'webhook',
      entityId: before.id,
      before: audited(before),
      after: audited(after),
    });
    return after;
  };

  app.get<{ Querystring: WebhookListQuery }>(
    '/api/Webhooks',
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary:
          'Webhook subscriptions: search in the URL and description; status ACTIVE, PAUSED or all; sort url, createdAt, status, lastDeliveryAt',
        querystring: webhookListQuery,
      },
    },
    async (request) => {
      const { items, total } = await listWebhooks(db, request.query);
      return page(items, total, request.query.page, request.query.size);
    },
  );

  app.get<{ Params: Id }>(
    '/api/Webhooks/:id',
    {
      config: access('Read'),
      schema: { tags: TAGS, summary: 'One subscription (never its secret)', params: idParams },
    },
    async (request) => ok(await findWebhook(db, request.params.id)),
  );

  app.post<{ Body: WebhookCreateBody }>(
    '/api/Webhooks',
    {
      config: access('Create'),
      schema: {
        tags: TAGS,
        summary:
          'Subscribe a URL to events: the signing secret is in the answer, this once. https only in production; a private or local address only when an administrator allows it (allowPrivateNetwork)',
        body: webhookCreateBody,
      },
    },
    async (request, reply): Promise<{ value: WebhookWithSecret }> => {
      const body = request.body;
      await mayHear(request, body.events);
      if (body.allowPrivateNetwork) await mayAllowPrivate(request);
      const url = await checkDestination(body.url, rulesFor(body.allowPrivateNetwork));
      const salt = newSalt();
      const now = new Date().toISOString();
      const created = await transact(db, async (trx) => {
        const { id } = await trx
          .insertInto('webhook_subscriptions')
          .values({
            url: url.href,
            events: eventsColumn(body.events),
            description: body.description,
            status: 'ACTIVE',
            paused_reason: null,
            allow_private: body.allowPrivateNetwork ? 1 : 0,
            salt,
            previous_salt: null,
            previous_until: null,
            secret_rotated_at: null,
            failing_since: null,
            next_attempt_at: null,
            last_delivery_at: null,
            lease_token: null,
            lease_until: null,
            app_id: request.auth!.app?.id ?? null,
            created_by: request.auth!.user.id,
            created_at: now,
            updated_at: now,
            version: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const dto = await findWebhook(trx, Number(id));
        await audit(trx, request, { action: 'create', entity: 'webhook', entityId: dto.id, after: audited(dto) });
        return dto;
      });
      reply.code(201);
      return ok({ ...created, secret: secretText(ctx, salt) });
    },
  );

  app.put<{ Params: Id; Body: WebhookUpdateBody }>(
    '/api/Webhooks/:id',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary:
          'Change the URL, events, description or private-address permission, with the version read (409 when stale)',
        params: idParams,
        body: webhookUpdateBody,
      },
    },
    async (request) => {
      const { version, ...body } = request.body;
      const current = await findWebhook(db, request.params.id);
      await mayHear(request, body.events);
      if (body.allowPrivateNetwork !== current.allowPrivateNetwork) await mayAllowPrivate(request);
      const url = await checkDestination(body.url, rulesFor(body.allowPrivateNetwork));
      return ok(
        await transact(db, async (trx) => {
          const before = await claim(trx, request.params.id, version);
          return change(
            trx,
            request,
            before,
            {
              url: url.href,
              events: eventsColumn(body.events),
              description: body.description,
              allow_private: body.allowPrivateNetwork ? 1 : 0,
            },
            'update',
          );
        }),
      );
    },
  );

  app.delete<{ Params: Id }>(
    '/api/Webhooks/:id',
    {
      config: access('Delete'),
      schema: { tags: TAGS, summary: 'Unsubscribe: nothing more is delivered, and its log goes', params: idParams },
    },
    async (request, reply) => {
      await transact(db, async (trx) => {
        const before = await findWebhook(trx, request.params.id);
        const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('subscription_id', '=', before.id);
        await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
        await trx.deleteFrom('webhook_deliveries').where('subscription_id', '=', before.id).execute();
        await trx.deleteFrom('webhook_subscriptions').where('id', '=', before.id).execute();
        await audit(trx, request, {
          action: 'delete',
          entity: 'webhook',
          entityId: before.id,
          before: audited(before),
        });
      });
      reply.code(204);
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof webhookRotateBody> }>(
    '/api/Webhooks/:id/rotate-secret',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary:
          'Replace the signing secret: the new one is in the answer, this once; the old one also signs for graceMinutes (0: stops at once)',
        params: idParams,
        body: webhookRotateBody,
      },
    },
    async (request): Promise<{ value: WebhookWithSecret }> => {
      const { version, graceMinutes } = request.body;
      const salt = newSalt();
      const now = new Date();
      const after = await transact(db, async (trx) => {
        const before = await claim(trx, request.params.id, version);
        const row = await trx
          .selectFrom('webhook_subscriptions')
          .select('salt')
          .where('id', '=', before.id)
          .executeTakeFirstOrThrow();
        return change(
          trx,
          request,
          before,
          {
            salt,
            previous_salt: graceMinutes ? row.salt : null,
            previous_until: graceMinutes ? new Date(now.getTime() + graceMinutes * 60_000).toISOString() : null,
            secret_rotated_at: now.toISOString(),
          },
          'rotate-secret',
        );
      });
      return ok({ ...after, secret: secretText(ctx, salt) });
    },
  );

  app.post<{ Params: Id; Body: z.output<typeof webhookVersionBody> }>(
    '/api/Webhooks/:id/pause',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary: 'Stop delivering (events wait for it)',
        params: idParams,
        body: webhookVersionBody,
      },
    },
    async (request) =>
      ok(
        await transact(db, async (trx) => {
          const before = await claim(trx, request.params.id, request.body.version);
          if (before.status === 'PAUSED') return before;
          const who = request.auth!.app?.name ?? `${request.auth!.user.firstName} ${request.auth!.user.lastName}`;
          return change(trx, request, before, { status: 'PAUSED', paused_reason: `Paused by ${who}.` }, 'pause');
        }),
      ),
  );

  app.post<{ Params: Id; Body: z.output<typeof webhookVersionBody> }>(
    '/api/Webhooks/:id/resume',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary: 'Deliver again: what waits goes at once, in order',
        params: idParams,
        body: webhookVersionBody,
      },
    },
    async (request) =>
      ok(
        await transact(db, async (trx) => {
          const before = await claim(trx, request.params.id, request.body.version);
          if (before.status === 'ACTIVE') throw conflict(WEBHOOK_MESSAGES.notPaused, { current: before });
          const after = await change(
            trx,
            request,
            before,
            { status: 'ACTIVE', paused_reason: null, failing_since: null, next_attempt_at: null },
            'resume',
          );
          await enqueue(trx, deliverJob, { subscriptionId: before.id });
          return after;
        }),
      ),
  );

  app.post<{ Params: Id; Body: z.output<typeof webhookVersionBody> }>(
    '/api/Webhooks/:id/ping',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary: `Send a test event (${PING_EVENT}) to this subscription alone, after what waits`,
        params: idParams,
        body: webhookVersionBody,
      },
    },
    async (request, reply) => {
      await transact(db, async (trx) => {
        const before = await claim(trx, request.params.id, request.body.version);
        await emitWebhook(
          trx,
          { type: PING_EVENT, data: { subscriptionId: before.id, sentBy: request.auth!.user.id } },
          before.id,
        );
      });
      reply.code(202);
      return ok(await findWebhook(db, request.params.id));
    },
  );

  app.get<{ Params: Id; Querystring: DeliveryListQuery }>(
    '/api/Webhooks/:id/deliveries',
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary: 'The delivery log, newest first: each event with its attempts and the receiver’s answers',
        params: idParams,
        querystring: deliveryListQuery,
      },
    },
    async (request) => {
      await findWebhook(db, request.params.id);
      const { items, total } = await listDeliveries(db, request.params.id, request.query);
      return page(items, total, request.query.page, request.query.size);
    },
  );

  app.post<{ Params: z.output<typeof deliveryParams> }>(
    '/api/Webhooks/:id/deliveries/:deliveryId/replay',
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary: 'Deliver an event again (same webhook-id, newly signed), after what waits',
        params: deliveryParams,
      },
    },
    async (request, reply) => {
      const { id, deliveryId } = request.params;
      await transact(db, async (trx) => {
        await findWebhook(trx, id);
        const delivery = await trx
          .selectFrom('webhook_deliveries')
          .select(['id', 'event_id', 'status'])
          .where('id', '=', deliveryId)
          .where('subscription_id', '=', id)
          .executeTakeFirst();
        if (!delivery) throw notFound('Delivery');
        if (delivery.status === 'PENDING') throw conflict(WEBHOOK_MESSAGES.stillPending);
        await trx
          .insertInto('webhook_deliveries')
          .values({
            subscription_id: id,
            event_id: delivery.event_id,
            status: 'PENDING',
            attempts: 0,
            replay_of: delivery.id,
            created_at: new Date().toISOString(),
            delivered_at: null,
          })
          .execute();
        await enqueue(trx, deliverJob, { subscriptionId: id });
      });
      reply.code(202);
      return ok(await findWebhook(db, id));
    },
  );
}
