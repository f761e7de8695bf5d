import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { idParams } from '../../../schema/common';
import {
  type AddMembersBody,
  type AttachmentQuery,
  type ChatContactDto,
  type ChatSearchHit,
  type ChatSearchQuery,
  type ContactsQuery,
  type EditMessageBody,
  type HistoryQuery,
  type LinksQuery,
  type MemberParams,
  type NewMessageBody,
  type NewThreadBody,
  type SeenBody,
  type ThreadChangeBody,
  type ThreadListQuery,
  CHAT_API,
  CHAT_MESSAGES,
  MAX_THREAD_MEMBERS,
  addMembersBody,
  attachmentQuery,
  chatSearchQuery,
  contactsQuery,
  editMessageBody,
  historyQuery,
  linksQuery,
  newMessageBody,
  newThreadBody,
  memberParams,
  seenBody,
  threadChangeBody,
  threadListQuery,
} from '../../../schema/chat';
import { HUB_METHODS } from '../../../schema/realtime';
import { MAX_DOCUMENT_BYTES } from '../../../schema/documents';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok, page } from '../../context';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { contentDisposition, tooLarge, wrongType } from '../documents/store';
import { createNotifications } from '../notifications/store';
import type { Delivery } from '../notify/realtime';
import { receiveChatFile } from './attachments';
import { chatUsers, dispatchersOf } from './contacts';
import { resolveLinks } from './links';
import {
  history,
  indexMessage,
  memberIds,
  memberThread,
  messageDto,
  preview,
  searchMessages,
  threadDto,
  threadsOf,
  toAttachmentDto,
  totalUnread,
} from './store';
import { type ChatDb, asDb, chatDb } from './tables';
import { transact } from '../../db/transaction';

type Id = z.output<typeof idParams>;
const tags = ['Chat'];
const READ = { access: { feature: 'Chat', permission: 'Read' } } as const;
/** A pending upload not sent within a day is dropped (with the next upload of its owner). */
const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Staff chat (schema/chat.ts): threads, messages, seen markers, typing, search, attachments and links
 * to records. Every route needs Read on Chat; starting a thread with someone other than one's dispatchers needs Create.
 * Membership decides the rest: a thread the caller is not in answers 404 on every route, whatever id is sent. Changes
 * reach the members' open sessions over the hub (on every server: Realtime.sendToUsers goes through the backplane);
 * a member who is not online gets a notification instead (one per thread until they read it).
 *
 * Messages are people's own words: the audit log records who wrote, edited or deleted which message in which thread,
 * never the text.
 */
export default async function chatRoutes(app: FastifyInstance, ctx: ServerContext) {
  const db = chatDb(ctx.db);
  const { realtime, permissions, dialect } = ctx;
  // An upload's body reaches its route as a stream whatever its type (its bytes decide); only this plugin's routes.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  /** The person calling: chat is people's, never a connected app's (it would read its administrator's threads). */
  const me = (request: FastifyRequest) => {
    if (request.auth!.app) throw forbidden('Chat is for people, not connected apps');
    return request.auth!.user;
  };
  const nameOfUser = (user: { firstName: string; lastName: string }) => `${user.firstName} ${user.lastName}`.trim();
  const tell = (userIds: readonly number[], method: string, payload: unknown) =>
    realtime.sendToUsers(userIds, method, [payload]);

  app.get<{ Querystring: ThreadListQuery }>(
    `${CHAT_API}/threads`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Your conversations, the latest activity first, each with its members, last message and unread count',
        querystring: threadListQuery,
      },
    },
    async (request) => {
      const { page: pageNumber, size } = request.query;
      const { items, total } = await threadsOf(db, me(request).id, { page: pageNumber, size });
      return page(items, total, pageNumber, size);
    },
  );

  app.get(
    `${CHAT_API}/unread`,
    {
      config: READ,
      schema: { tags, summary: 'How many messages of others you have not seen yet, in all your conversations' },
    },
    async (request) => ok({ unreadCount: await totalUnread(db, me(request).id) }),
  );

  app.get<{ Querystring: ContactsQuery }>(
    `${CHAT_API}/contacts`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'The people you may start a conversation with (Create on Chat: everyone who uses chat; else your dispatchers)',
        querystring: contactsQuery,
      },
    },
    async (request) => {
      const caller = me(request);
      const [users, dispatchers, mayCreate] = await Promise.all([
        chatUsers(db, permissions),
        dispatchersOf(db, caller.id),
        requestAllows(permissions, request, ['Chat'], 'Create'),
      ]);
      const search = request.query.search?.toLowerCase();
      const contacts: ChatContactDto[] = [...users.values()]
        .filter(
          (u) =>
            u.userId !== caller.id &&
            (mayCreate || dispatchers.has(u.userId)) &&
            (!search || u.name.toLowerCase().includes(search)),
        )
        .map((u) => ({ ...u, dispatcher: dispatchers.has(u.userId) }));
      return ok(contacts);
    },
  );

  /**
   * The people the caller may bring into a conversation: they use chat, and they are the caller's dispatchers unless
   * the caller holds Create on Chat. Refused with 400 (someone cannot use chat) or 403 (someone is not a contact).
   */
  async function checkContacts(request: FastifyRequest, callerId: number, userIds: number[]): Promise<void> {
    const users = await chatUsers(db, permissions, userIds);
    if (users.size !== userIds.length) throw badRequest(CHAT_MESSAGES.unknownPeople, 'userIds');
    if (!(await requestAllows(permissions, request, ['Chat'], 'Create'))) {
      const dispatchers = await dispatchersOf(db, callerId);
      const stranger = userIds.find((id) => !dispatchers.has(id));
      if (stranger !== undefined) throw forbidden(CHAT_MESSAGES.notContact(users.get(stranger)!.name));
    }
  }

  app.post<{ Body: NewThreadBody }>(
    `${CHAT_API}/threads`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'Start a conversation: one person and no name is your direct thread with them (the same one each time); more people, or a name, make a group',
        body: newThreadBody,
      },
    },
    async (request) => {
      const caller = me(request);
      const others = [...new Set(request.body.userIds)].filter((id) => id !== caller.id);
      if (!others.length) throw badRequest(CHAT_MESSAGES.pickPeople, 'userIds');
      const name = request.body.name || null;
      const direct = others.length === 1 && !name;
      if (!direct && !name) throw badRequest(CHAT_MESSAGES.groupName, 'name');
      await checkContacts(request, caller.id, others);
      const members = [caller.id, ...others];
      const directKey = direct ? [caller.id, others[0]].sort((a, b) => a - b).join(':') : null;
      const findDirect = () =>
        db.selectFrom('chat_threads').select('id').where('direct_key', '=', directKey).executeTakeFirst();
      if (directKey) {
        const existing = await findDirect();
        if (existing) return ok(await threadDto(db, caller.id, Number(existing.id)));
      }
      let threadId: number;
      try {
        threadId = await transact(db, async (trx) => {
          const now = new Date().toISOString();
          const { id } = await trx
            .insertInto('chat_threads')
            .values({
              kind: direct ? 'direct' : 'group',
              name,
              direct_key: directKey,
              created_by: caller.id,
              created_at: now,
              last_message_id: null,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('chat_members')
            .values(members.map((userId) => ({ thread_id: Number(id), user_id: userId, joined_at: now })))
            .execute();
          await audit(asDb(trx), request, {
            action: 'create',
            entity: 'chat_thread',
            entityId: id,
            after: { kind: direct ? 'direct' : 'group', name, members },
          });
          return Number(id);
        });
      } catch (error) {
        // Both people started their direct thread at once: the other start made it.
        const existing = directKey ? await findDirect() : undefined;
        if (!existing) throw error;
        return ok(await threadDto(db, caller.id, Number(existing.id)));
      }
      tell(members, HUB_METHODS.chatThread, { threadId });
      return ok(await threadDto(db, caller.id, threadId));
    },
  );

  app.get<{ Params: Id }>(
    `${CHAT_API}/threads/:id`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'One of your conversations with its members and how far each has seen it',
        params: idParams,
      },
    },
    async (request) => ok(await threadDto(db, me(request).id, request.params.id)),
  );

  app.put<{ Params: Id; Body: ThreadChangeBody }>(
    `${CHAT_API}/threads/:id`,
    {
      config: READ,
      schema: { tags, summary: 'Rename a group you are in', params: idParams, body: threadChangeBody },
    },
    async (request) => {
      const caller = me(request);
      await transact(db, async (trx) => {
        const thread = await memberThread(trx, caller.id, request.params.id);
        if (thread.kind !== 'group') throw badRequest('A direct conversation has no name', 'name');
        await trx.updateTable('chat_threads').set({ name: request.body.name }).where('id', '=', thread.id).execute();
        await audit(asDb(trx), request, {
          action: 'update',
          entity: 'chat_thread',
          entityId: thread.id,
          before: { name: thread.name },
          after: { name: request.body.name },
        });
      });
      tell(await memberIds(db, request.params.id), HUB_METHODS.chatThread, { threadId: request.params.id });
      return ok(await threadDto(db, caller.id, request.params.id));
    },
  );

  app.post<{ Params: Id; Body: AddMembersBody }>(
    `${CHAT_API}/threads/:id/members`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'Add people to a group you are in: those you may write to, as when starting a conversation (those already in it stay as they are)',
        params: idParams,
        body: addMembersBody,
      },
    },
    async (request) => {
      const caller = me(request);
      const threadId = request.params.id;
      const thread = await memberThread(db, caller.id, threadId);
      if (thread.kind !== 'group') throw badRequest(CHAT_MESSAGES.notGroup, 'userIds');
      const current = new Set(await memberIds(db, threadId));
      const added = [...new Set(request.body.userIds)].filter((id) => !current.has(id));
      if (added.length) {
        if (current.size + added.length > MAX_THREAD_MEMBERS) throw badRequest(CHAT_MESSAGES.tooManyMembers, 'userIds');
        await checkContacts(request, caller.id, added);
        await transact(db, async (trx) => {
          // Still in the group (someone may have removed the caller meanwhile); newcomers start with nothing unread.
          const now = await memberThread(trx, caller.id, threadId);
          const joined = new Date().toISOString();
          await trx
            .insertInto('chat_members')
            .values(
              added.map((userId) => ({
                thread_id: threadId,
                user_id: userId,
                joined_at: joined,
                last_read_message_id: now.last_message_id ?? 0,
              })),
            )
            .onConflict((conflict) => conflict.columns(['thread_id', 'user_id']).doNothing())
            .execute();
          await audit(asDb(trx), request, {
            action: 'update',
            entity: 'chat_thread',
            entityId: threadId,
            after: { added },
          });
        });
        tell([...current, ...added], HUB_METHODS.chatThread, { threadId });
      }
      return ok(await threadDto(db, caller.id, threadId));
    },
  );

  app.delete<{ Params: MemberParams }>(
    `${CHAT_API}/threads/:id/members/:userId`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'Leave a group (your own user id; an organizer who leaves hands the group to the member who joined first), or remove someone from a group you organize',
        params: memberParams,
      },
    },
    async (request) => {
      const caller = me(request);
      const { id: threadId, userId } = request.params;
      const thread = await memberThread(db, caller.id, threadId);
      if (thread.kind !== 'group') throw badRequest(CHAT_MESSAGES.notGroup, 'userId');
      if (userId !== caller.id && thread.created_by !== caller.id) throw forbidden(CHAT_MESSAGES.onlyOrganizer);
      const before = await memberIds(db, threadId);
      if (!before.includes(userId)) throw new ApiError(404, CHAT_MESSAGES.notInGroup, 'not_found');
      await transact(db, async (trx) => {
        await trx.deleteFrom('chat_members').where('thread_id', '=', threadId).where('user_id', '=', userId).execute();
        // An organizer who leaves hands the group to the member who joined first, so that someone can still remove others.
        if (userId === thread.created_by) {
          const next = await trx
            .selectFrom('chat_members')
            .select('user_id')
            .where('thread_id', '=', threadId)
            .orderBy('joined_at')
            .orderBy('user_id')
            .limit(1)
            .executeTakeFirst();
          if (next)
            await trx
              .updateTable('chat_threads')
              .set({ created_by: next.user_id })
              .where('id', '=', threadId)
              .execute();
        }
        await audit(asDb(trx), request, {
          action: 'update',
          entity: 'chat_thread',
          entityId: threadId,
          after: { removed: userId },
        });
      });
      // The one who left or was removed is told too: their list drops the conversation.
      tell(before, HUB_METHODS.chatThread, { threadId });
      return ok(userId === caller.id ? null : await threadDto(db, caller.id, threadId));
    },
  );

  app.get<{ Params: Id; Querystring: HistoryQuery }>(
    `${CHAT_API}/threads/:id/messages`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'A page of a conversation’s messages, oldest first: the latest, or those before a message id (before); hasMore when older ones remain',
        params: idParams,
        querystring: historyQuery,
      },
    },
    async (request) => {
      const thread = await memberThread(db, me(request).id, request.params.id);
      return ok(await history(db, thread.id, request.query.before, request.query.size));
    },
  );

  /** Tells the members who are not online now, once per thread until they have read the notification. */
  async function notifyOffline(
    trx: ChatDb,
    threadId: number,
    recipients: number[],
    author: string,
    title: string,
    text: string,
  ): Promise<Delivery[]> {
    const online = new Set(realtime.onlineUsers().map((u) => u.userId));
    const offline = recipients.filter((id) => !online.has(id));
    if (!offline.length) return [];
    const link = `/app/chat/${threadId}`;
    const told = await trx
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', 'in', offline)
      .where('link', '=', link)
      .where('read_at', 'is', null)
      .execute();
    const already = new Set(told.map((t) => Number(t.user_id)));
    return createNotifications(
      asDb(trx),
      offline.filter((id) => !already.has(id)),
      {
        type: 'chatMessage',
        title: `New message from ${author}${title ? ` in ${title}` : ''}`,
        body: text,
        link,
      },
    );
  }

  app.post<{ Params: Id; Body: NewMessageBody }>(
    `${CHAT_API}/threads/:id/messages`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Write to a conversation you are in (text, and files uploaded to it first)',
        params: idParams,
        body: newMessageBody,
      },
    },
    async (request) => {
      const caller = me(request);
      const { body, attachmentIds } = request.body;
      const ids = [...new Set(attachmentIds)];
      const { messageId, members, deliveries } = await transact(db, async (trx) => {
        const thread = await memberThread(trx, caller.id, request.params.id);
        if (ids.length !== attachmentIds.length) throw badRequest(CHAT_MESSAGES.unknownAttachments, 'attachmentIds');
        if (ids.length) {
          const pending = await trx
            .selectFrom('chat_attachments')
            .select('id')
            .where('id', 'in', ids)
            .where('thread_id', '=', thread.id)
            .where('uploaded_by', '=', caller.id)
            .where('message_id', 'is', null)
            .execute();
          if (pending.length !== ids.length) throw badRequest(CHAT_MESSAGES.unknownAttachments, 'attachmentIds');
        }
        const now = new Date().toISOString();
        const { id } = await trx
          .insertInto('chat_messages')
          .values({
            thread_id: thread.id,
            author_id: caller.id,
            body,
            created_at: now,
            edited_at: null,
            deleted_at: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const messageId = Number(id);
        if (ids.length)
          await trx.updateTable('chat_attachments').set({ message_id: messageId }).where('id', 'in', ids).execute();
        await trx
          .updateTable('chat_threads')
          .set({ last_message_id: messageId, updated_at: now })
          .where('id', '=', thread.id)
          .execute();
        // The author has seen their own message.
        await trx
          .updateTable('chat_members')
          .set({ last_read_message_id: messageId })
          .where('thread_id', '=', thread.id)
          .where('user_id', '=', caller.id)
          .execute();
        await indexMessage(trx, dialect, messageId, body);
        await audit(asDb(trx), request, {
          action: 'create',
          entity: 'chat_message',
          entityId: messageId,
          after: { threadId: thread.id, attachments: ids.length },
        });
        const members = await memberIds(trx, thread.id);
        const text = body ? preview(body) : `Sent ${ids.length === 1 ? 'a file' : `${ids.length} files`}`;
        const deliveries = await notifyOffline(
          trx,
          thread.id,
          members.filter((m) => m !== caller.id),
          nameOfUser(caller),
          thread.kind === 'group' ? (thread.name ?? '') : '',
          text,
        );
        return { messageId, members, deliveries };
      });
      const message = (await messageDto(db, messageId))!;
      tell(members, HUB_METHODS.chatMessage, { message });
      realtime.deliver(deliveries);
      return ok(message);
    },
  );

  /** A message of a thread the caller is in (404 otherwise), with the thread's members. */
  async function memberMessage(trx: ChatDb, userId: number, id: number) {
    const row = await trx
      .selectFrom('chat_messages')
      .select(['id', 'thread_id', 'author_id', 'body', 'deleted_at', 'version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Message');
    const thread = await memberThread(trx, userId, Number(row.thread_id)).catch(() => {
      throw notFound('Message');
    });
    return { row, thread };
  }

  app.put<{ Params: Id; Body: EditMessageBody }>(
    `${CHAT_API}/messages/:id`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Edit your own message (with the version you read: 409 with the current message when it changed)',
        params: idParams,
        body: editMessageBody,
      },
    },
    async (request) => {
      const caller = me(request);
      const { body, version } = request.body;
      const threadId = await transact(db, async (trx) => {
        const { row, thread } = await memberMessage(trx, caller.id, request.params.id);
        if (Number(row.author_id) !== caller.id) throw forbidden(CHAT_MESSAGES.notYours);
        if (row.deleted_at !== null)
          throw conflict(CHAT_MESSAGES.deleted, { current: await messageDto(trx, Number(row.id)) });
        if (Number(row.version) !== version)
          throw conflict(CHAT_MESSAGES.stale, { current: await messageDto(trx, Number(row.id)) });
        if (!body) {
          const files = await trx
            .selectFrom('chat_attachments')
            .select('id')
            .where('message_id', '=', Number(row.id))
            .limit(1)
            .execute();
          if (!files.length) throw badRequest(CHAT_MESSAGES.emptyMessage, 'body');
        }
        if (body === row.body) return thread.id;
        await trx
          .updateTable('chat_messages')
          .set({ body, edited_at: new Date().toISOString(), version: sql`version + 1` })
          .where('id', '=', Number(row.id))
          .execute();
        await indexMessage(trx, dialect, Number(row.id), body);
        await audit(asDb(trx), request, {
          action: 'update',
          entity: 'chat_message',
          entityId: Number(row.id),
          after: { threadId: thread.id, version: version + 1 },
        });
        return thread.id;
      });
      const message = (await messageDto(db, request.params.id))!;
      tell(await memberIds(db, threadId), HUB_METHODS.chatMessageChanged, message);
      return ok(message);
    },
  );

  app.delete<{ Params: Id }>(
    `${CHAT_API}/messages/:id`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Delete your own message: its text and files are removed; the others see that it was deleted',
        params: idParams,
      },
    },
    async (request) => {
      const caller = me(request);
      const threadId = await transact(db, async (trx) => {
        const { row, thread } = await memberMessage(trx, caller.id, request.params.id);
        if (Number(row.author_id) !== caller.id) throw forbidden(CHAT_MESSAGES.notYours);
        if (row.deleted_at !== null) return thread.id;
        await trx
          .updateTable('chat_messages')
          .set({ body: '', deleted_at: new Date().toISOString(), version: sql`version + 1` })
          .where('id', '=', Number(row.id))
          .execute();
        await trx.deleteFrom('chat_attachments').where('message_id', '=', Number(row.id)).execute();
        await indexMessage(trx, dialect, Number(row.id), null);
        await audit(asDb(trx), request, {
          action: 'delete',
          entity: 'chat_message',
          entityId: Number(row.id),
          after: { threadId: thread.id },
        });
        return thread.id;
      });
      const message = (await messageDto(db, request.params.id))!;
      tell(await memberIds(db, threadId), HUB_METHODS.chatMessageChanged, message);
      return ok(message);
    },
  );

  app.post<{ Params: Id; Body: SeenBody }>(
    `${CHAT_API}/threads/:id/read`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'You have seen a conversation up to this message (never moves back); answers your unread count in all conversations',
        params: idParams,
        body: seenBody,
      },
    },
    async (request) => {
      const caller = me(request);
      const seen = await transact(db, async (trx) => {
        const thread = await memberThread(trx, caller.id, request.params.id);
        const target = await trx
          .selectFrom('chat_messages')
          .select('id')
          .where('id', '=', request.body.messageId)
          .where('thread_id', '=', thread.id)
          .executeTakeFirst();
        if (!target) throw badRequest('That message is not in this conversation', 'messageId');
        if (Number(target.id) <= thread.last_read_message_id) return null;
        await trx
          .updateTable('chat_members')
          .set({ last_read_message_id: Number(target.id) })
          .where('thread_id', '=', thread.id)
          .where('user_id', '=', caller.id)
          .where('last_read_message_id', '<', Number(target.id))
          .execute();
        await audit(asDb(trx), request, {
          action: 'read',
          entity: 'chat_thread',
          entityId: thread.id,
          after: { lastReadMessageId: Number(target.id) },
        });
        return { threadId: thread.id, lastReadMessageId: Number(target.id) };
      });
      if (seen) tell(await memberIds(db, seen.threadId), HUB_METHODS.chatSeen, { ...seen, userId: caller.id });
      return ok({ unreadCount: await totalUnread(db, caller.id) });
    },
  );

  app.post<{ Params: Id }>(
    `${CHAT_API}/threads/:id/typing`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'You are typing in a conversation: its other members are told (nothing is stored)',
        params: idParams,
      },
    },
    async (request) => {
      const caller = me(request);
      const thread = await memberThread(db, caller.id, request.params.id);
      tell(
        (await memberIds(db, thread.id)).filter((id) => id !== caller.id),
        HUB_METHODS.chatTyping,
        { threadId: thread.id, userId: caller.id, name: nameOfUser(caller) },
      );
      return ok({});
    },
  );

  app.get<{ Querystring: ChatSearchQuery }>(
    `${CHAT_API}/search`,
    {
      config: READ,
      schema: {
        tags,
        summary: 'Messages of your conversations containing the text (any case), newest first',
        querystring: chatSearchQuery,
      },
    },
    async (request) => {
      const caller = me(request);
      const { search, page: pageNumber, size } = request.query;
      const { items, total } = await searchMessages(db, dialect, caller.id, search, pageNumber, size);
      const threads = await threadsOf(db, caller.id, { ids: [...new Set(items.map((m) => m.threadId))] });
      const titles = new Map(threads.items.map((t) => [t.id, t.title]));
      return page<ChatSearchHit>(
        items.map((message) => ({ message, threadTitle: titles.get(message.threadId) ?? '' })),
        total,
        pageNumber,
        size,
      );
    },
  );

  app.get<{ Querystring: LinksQuery }>(
    `${CHAT_API}/links`,
    {
      config: READ,
      schema: {
        tags,
        summary:
          'The records messages mention (ref=bookOrder:number:HB0000012, claim:id:4 …) that you may open; the others are left out',
        querystring: linksQuery,
      },
    },
    async (request) => {
      me(request);
      const [bookOrder, claim] = await Promise.all([
        requestAllows(permissions, request, ['BookOrders'], 'Read'),
        requestAllows(permissions, request, ['ClaimsTracker'], 'Read'),
      ]);
      return ok(await resolveLinks(db, request.query.ref, { bookOrder, claim }));
    },
  );

  app.post<{ Params: Id; Querystring: AttachmentQuery }>(
    `${CHAT_API}/threads/:id/attachments`,
    {
      config: READ,
      bodyLimit: MAX_DOCUMENT_BYTES,
      schema: {
        tags,
        params: idParams,
        querystring: attachmentQuery,
        summary: `Upload a file to send in a conversation: the body is the file (PDF, JPEG or PNG told by its content, at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB); 413 too large, 415 not accepted. Send it with the next message's attachmentIds`,
      },
    },
    async (request, reply) => {
      const caller = me(request);
      const closing = (error: unknown) => {
        if (error instanceof ApiError && (error.statusCode === 413 || error.statusCode === 415))
          reply.header('connection', 'close');
        return error;
      };
      if (Number(request.headers['content-length'] ?? 0) > MAX_DOCUMENT_BYTES) throw closing(tooLarge());
      const thread = await memberThread(db, caller.id, request.params.id);
      if (!(request.body instanceof Readable)) throw wrongType();
      const file = await receiveChatFile(request.body, request.query.fileName).catch((error: unknown) => {
        throw closing(error);
      });
      const row = await transact(db, async (trx) => {
        await trx
          .deleteFrom('chat_attachments')
          .where('uploaded_by', '=', caller.id)
          .where('message_id', 'is', null)
          .where('created_at', '<', new Date(Date.now() - PENDING_TTL_MS).toISOString())
          .execute();
        const added = await trx
          .insertInto('chat_attachments')
          .values({
            thread_id: thread.id,
            message_id: null,
            uploaded_by: caller.id,
            file_name: file.fileName,
            content_type: file.contentType,
            size_bytes: file.bytes.length,
            width: file.width,
            height: file.height,
            sha256: file.sha256,
            content: file.bytes,
            created_at: new Date().toISOString(),
          })
          .returning(['id', 'message_id', 'file_name', 'content_type', 'size_bytes', 'width', 'height'])
          .executeTakeFirstOrThrow();
        await audit(asDb(trx), request, {
          action: 'create',
          entity: 'chat_attachment',
          entityId: added.id,
          after: {
            threadId: thread.id,
            fileName: file.fileName,
            contentType: file.contentType,
            sizeBytes: file.bytes.length,
          },
        });
        return added;
      });
      return ok(toAttachmentDto(row));
    },
  );

  /** An attachment the caller may see: of a message in a thread they are in, or their own upload not yet sent. */
  async function visibleAttachment(userId: number, id: number) {
    const row = await db
      .selectFrom('chat_attachments')
      .select(['id', 'thread_id', 'message_id', 'uploaded_by'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('File');
    await memberThread(db, userId, Number(row.thread_id)).catch(() => {
      throw notFound('File');
    });
    if (row.message_id === null && Number(row.uploaded_by) !== userId) throw notFound('File');
    return row;
  }

  app.get<{ Params: Id }>(
    `${CHAT_API}/attachments/:id/content`,
    {
      config: READ,
      schema: { tags, summary: 'Download a file sent in one of your conversations', params: idParams },
    },
    async (request, reply) => {
      const { id } = await visibleAttachment(me(request).id, request.params.id);
      const file = await db
        .selectFrom('chat_attachments')
        .select(['file_name', 'content_type', 'content'])
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow();
      const bytes = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content);
      return reply
        .type(file.content_type)
        .header('content-disposition', contentDisposition(file.file_name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', bytes.length)
        .send(bytes);
    },
  );

  app.delete<{ Params: Id }>(
    `${CHAT_API}/attachments/:id`,
    {
      config: READ,
      schema: { tags, summary: 'Drop a file you uploaded and have not sent yet', params: idParams },
    },
    async (request) => {
      const caller = me(request);
      const row = await visibleAttachment(caller.id, request.params.id);
      if (row.message_id !== null) throw conflict('The file was sent: delete its message instead');
      await transact(db, async (trx) => {
        await trx
          .deleteFrom('chat_attachments')
          .where('id', '=', Number(row.id))
          .where('message_id', 'is', null)
          .execute();
        await audit(asDb(trx), request, { action: 'delete', entity: 'chat_attachment', entityId: Number(row.id) });
      });
      return ok({ deleted: true });
    },
  );
}
