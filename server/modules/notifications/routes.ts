import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParams, queryBoolean, textInteger } from '../../../schema/common';
import type { ServerContext } from '../../context';
import { notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { toNotificationDto } from './store';
import { transact } from '../../db/transaction';

const listQuery = z.object({
  page: textInteger(0, 10_000_000).default(0),
  size: textInteger(1, 100).default(20),
  unreadOnly: queryBoolean.default(false),
});
const pushTokenBody = z.object({
  token: z.string().trim().min(1, 'Send the push token').max(4096, 'The push token is too long'),
  platform: z.enum(['web', 'android', 'ios']).default('web'),
});
const pushTokenRemoval = z.object({
  token: z.string().trim().min(1, 'Send the push token').max(4096, 'The push token is too long'),
});

const TAGS = ['Notifications'];
const OWN = { access: { signedIn: true } } as const;
const COLUMNS = ['id', 'type', 'title', 'body', 'link', 'created_at', 'read_at'] as const;
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The caller's own notifications (stored, so nothing is missed while offline; the hub also delivers them live)
 * and the push tokens of their browsers. Responses are `{ data }`.
 */
export default async function notificationRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const mine = (userId: number) => db.selectFrom('notifications').where('user_id', '=', userId);
  const unreadCount = async (userId: number) =>
    Number(
      (
        await mine(userId)
          .where('read_at', 'is', null)
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  app.get<{ Querystring: z.output<typeof listQuery> }>(
    '/api/Notifications',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'The caller’s notifications, newest first, with the number still unread',
        querystring: listQuery,
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const { page, size, unreadOnly } = request.query;
      const filtered = unreadOnly ? mine(userId).where('read_at', 'is', null) : mine(userId);
      const [rows, total, unread] = await Promise.all([
        filtered
          .select(COLUMNS)
          .orderBy('id', 'desc')
          .limit(size)
          .offset(page * size)
          .execute(),
        filtered.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        unreadCount(userId),
      ]);
      return { data: { items: rows.map(toNotificationDto), totalCount: Number(total.n), unreadCount: unread } };
    },
  );

  app.post<{ Params: z.output<typeof idParams> }>(
    '/api/Notifications/:id/read',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'Mark one of the caller’s notifications read (again: no change)',
        params: idParams,
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const id = request.params.id;
      const row = await transact(db, async (trx) => {
        const before = await trx
          .selectFrom('notifications')
          .select(COLUMNS)
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        if (!before) throw notFound('Notification');
        if (before.read_at) return before;
        const after = await trx
          .updateTable('notifications')
          .set({ read_at: new Date().toISOString() })
          .where('id', '=', id)
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await audit(trx, request, { action: 'read', entity: 'notification', entityId: id });
        return after;
      });
      return { data: toNotificationDto(row) };
    },
  );

  app.post(
    '/api/Notifications/read-all',
    {
      config: OWN,
      schema: { tags: TAGS, summary: 'Mark all the caller’s notifications read' },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      await transact(db, async (trx) => {
        const result = await trx
          .updateTable('notifications')
          .set({ read_at: new Date().toISOString() })
          .where('user_id', '=', userId)
          .where('read_at', 'is', null)
          .executeTakeFirst();
        const marked = Number(result.numUpdatedRows);
        if (marked > 0) await audit(trx, request, { action: 'read-all', entity: 'notification', after: { marked } });
      });
      return { data: { unreadCount: 0 } };
    },
  );

  app.post<{ Body: z.output<typeof pushTokenBody> }>(
    '/api/PushTokens',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'Store this browser’s push token for the caller (a token seen before moves to the caller)',
        body: pushTokenBody,
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const { token, platform } = request.body;
      const now = new Date().toISOString();
      const id = await transact(db, async (trx) => {
        const { id } = await trx
          .insertInto('push_tokens')
          .values({ user_id: userId, token, token_hash: hashOf(token), platform, created_at: now, last_seen_at: now })
          .onConflict((oc) => oc.column('token_hash').doUpdateSet({ user_id: userId, platform, last_seen_at: now }))
          .returning('id')
          .executeTakeFirstOrThrow();
        // The token itself is a credential of the browser: the audit log keeps only which record it was.
        await audit(trx, request, { action: 'store', entity: 'push_token', entityId: id, after: { platform } });
        return id;
      });
      return { data: { id } };
    },
  );

  app.delete<{ Body: z.output<typeof pushTokenRemoval> }>(
    '/api/PushTokens',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'Forget this browser’s push token (at sign-out); deleted is false when the caller had no such token',
        body: pushTokenRemoval,
      },
    },
    async (request) => {
      const userId = request.auth!.user.id;
      const deleted = await transact(db, async (trx) => {
        const row = await trx
          .deleteFrom('push_tokens')
          .where('token_hash', '=', hashOf(request.body.token))
          .where('user_id', '=', userId)
          .returning('id')
          .executeTakeFirst();
        if (row) await audit(trx, request, { action: 'delete', entity: 'push_token', entityId: row.id });
        return !!row;
      });
      return { data: { deleted } };
    },
  );
}
