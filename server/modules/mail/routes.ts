import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  MAIL_MESSAGES,
  MAX_MAIL_LABELS,
  type MailChangeBody,
  type MailLabelBody,
  type MailListQuery,
  mailChangeBody,
  mailLabelBody,
  mailListQuery,
} from '../../../schema/mail';
import { type ServerContext, ok, page } from '../../context';
import type { Db } from '../../db/types';
import { ApiError, badRequest, conflict } from '../../http/errors';
import { audit } from '../audit/audit';
import { findMessage, labelDto, listMessages, mailboxLabels, ownLabel } from './mailbox';
import { transact } from '../../db/transaction';

type IdParams = z.output<typeof idParams>;
const TAGS = ['Mail'];
/** Any signed-in person, whatever the account's state: an unverified user reads the verification message here. */
const OWN = { access: { account: true } } as const;

/**
 * The in-app mailbox (/app/received-emails and /app/mail): the messages the system sent the caller (./mailer.ts), the
 * system labels all, unread, starred and trash, and the caller's own labels. Only the caller's messages and labels are
 * ever found: another's id answers 404.
 */
export default async function mailRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const me = (request: FastifyRequest) => request.auth!.user.id;

  /** 409 when the caller has another label of that name, whatever its case. */
  const assertNameFree = async (trx: Db, userId: number, name: string, exceptId: number | null) => {
    let query = trx
      .selectFrom('mail_labels')
      .select('id')
      .where('user_id', '=', userId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    if (await query.executeTakeFirst()) throw new ApiError(409, MAIL_MESSAGES.labelTaken(name), 'conflict', 'name');
  };

  app.get(
    '/api/mail/labels',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'The system labels (all, unread, starred, trash) and your labels, each with its count',
      },
    },
    async (request) => ok(await mailboxLabels(db, me(request))),
  );

  app.get<{ Querystring: MailListQuery }>(
    '/api/mail/mails',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary:
          'Your messages under a label (a system label or the id of yours), newest first; search in subject, addresses and text',
        querystring: mailListQuery,
      },
    },
    async (request) => {
      const { label, search, page: pageNumber, size } = request.query;
      const { items, total } = await listMessages(db, me(request), { label, search, page: pageNumber, size });
      return page(items, total, pageNumber, size);
    },
  );

  app.get<{ Params: IdParams }>(
    '/api/mail/mails/:id',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'One of your messages with its text and HTML; opening it marks it read',
        params: idParams,
      },
    },
    async (request) => {
      const userId = me(request);
      const message = await findMessage(db, userId, request.params.id);
      if (message.readAt !== null) return ok(message);
      await transact(db, async (trx) => {
        await trx
          .updateTable('mail_messages')
          .set({ read_at: new Date().toISOString() })
          .where('id', '=', message.id)
          .where('read_at', 'is', null)
          .execute();
        await audit(trx, request, { action: 'read', entity: 'mail', entityId: message.id });
      });
      return ok(await findMessage(db, userId, message.id));
    },
  );

  app.put<{ Params: IdParams; Body: MailChangeBody }>(
    '/api/mail/mails/:id',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary:
          'Mark one of your messages read or unread, starred, in the trash or out, or give it labels of yours (labelIds replaces them)',
        params: idParams,
        body: mailChangeBody,
      },
    },
    async (request) => {
      const userId = me(request);
      const { read, starred, trashed, labelIds } = request.body;
      await transact(db, async (trx) => {
        const before = await findMessage(trx, userId, request.params.id);
        const now = new Date().toISOString();
        const set = {
          ...(read === undefined ? {} : { read_at: read ? (before.readAt ?? now) : null }),
          ...(starred === undefined ? {} : { starred: starred ? 1 : 0 }),
          ...(trashed === undefined ? {} : { trashed_at: trashed ? now : null }),
        };
        if (Object.keys(set).length)
          await trx.updateTable('mail_messages').set(set).where('id', '=', before.id).execute();
        if (labelIds) {
          const ids = [...new Set(labelIds)];
          const own = ids.length
            ? await trx
                .selectFrom('mail_labels')
                .select('id')
                .where('user_id', '=', userId)
                .where('id', 'in', ids)
                .execute()
            : [];
          if (own.length !== ids.length) throw badRequest(MAIL_MESSAGES.unknownLabels, 'labelIds');
          await trx.deleteFrom('mail_message_labels').where('message_id', '=', before.id).execute();
          if (ids.length)
            await trx
              .insertInto('mail_message_labels')
              .values(ids.map((labelId) => ({ message_id: before.id, label_id: labelId })))
              .execute();
        }
        await audit(trx, request, {
          action: 'update',
          entity: 'mail',
          entityId: before.id,
          before: {
            readAt: before.readAt,
            starred: before.starred,
            trashed: before.trashed,
            labelIds: before.labelIds,
          },
          after: request.body,
        });
      });
      return ok(await findMessage(db, userId, request.params.id));
    },
  );

  app.post<{ Body: MailLabelBody }>(
    '/api/mail/labels',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: `Add a label to your mailbox (at most ${MAX_MAIL_LABELS}; names unique whatever their case)`,
        body: mailLabelBody,
      },
    },
    async (request) => {
      const userId = me(request);
      const { name, color } = request.body;
      const id = await transact(db, async (trx) => {
        const { n } = await trx
          .selectFrom('mail_labels')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= MAX_MAIL_LABELS) throw conflict(MAIL_MESSAGES.tooManyLabels);
        await assertNameFree(trx, userId, name, null);
        const { id } = await trx
          .insertInto('mail_labels')
          .values({ user_id: userId, name, color, created_at: new Date().toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, request, { action: 'create', entity: 'mail_label', entityId: id, after: { name, color } });
        return Number(id);
      });
      return ok(await labelDto(db, userId, id));
    },
  );

  app.put<{ Params: IdParams; Body: MailLabelBody }>(
    '/api/mail/labels/:id',
    {
      config: OWN,
      schema: { tags: TAGS, summary: 'Rename or recolour one of your labels', params: idParams, body: mailLabelBody },
    },
    async (request) => {
      const userId = me(request);
      const { name, color } = request.body;
      await transact(db, async (trx) => {
        const before = await ownLabel(trx, userId, request.params.id);
        await assertNameFree(trx, userId, name, before.id);
        await trx.updateTable('mail_labels').set({ name, color }).where('id', '=', before.id).execute();
        await audit(trx, request, {
          action: 'update',
          entity: 'mail_label',
          entityId: before.id,
          before: { name: before.name, color: before.color },
          after: { name, color },
        });
      });
      return ok(await labelDto(db, userId, request.params.id));
    },
  );

  app.delete<{ Params: IdParams }>(
    '/api/mail/labels/:id',
    {
      config: OWN,
      schema: {
        tags: TAGS,
        summary: 'Delete one of your labels (its messages stay, without it): { id }',
        params: idParams,
      },
    },
    async (request) => {
      const userId = me(request);
      await transact(db, async (trx) => {
        const label = await ownLabel(trx, userId, request.params.id);
        await trx.deleteFrom('mail_message_labels').where('label_id', '=', label.id).execute();
        await trx.deleteFrom('mail_labels').where('id', '=', label.id).execute();
        await audit(trx, request, {
          action: 'delete',
          entity: 'mail_label',
          entityId: label.id,
          before: { name: label.name, color: label.color },
        });
      });
      return ok({ id: request.params.id });
    },
  );
}
