import { sql } from 'kysely';
import type { ChatAttachmentDto, ChatMemberDto, ChatMessageDto, ChatThreadDto } from '../../../schema/chat';
import { CHAT_MESSAGES } from '../../../schema/chat';
import type { DialectName } from '../../db';
import { ApiError } from '../../http/errors';
import { containsPattern } from '../users/queries';
import type { ChatDb } from './tables';

/**
 * The chat's queries. Every read of a thread, its messages or attachments goes through membership: a thread the
 * caller is not in is "not found", whatever id they send.
 */

export const conversationNotFound = () => new ApiError(404, CHAT_MESSAGES.notMember, 'not_found');
const PREVIEW_LENGTH = 120;

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || 'Former user';

export const preview = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat;
};

export interface ThreadRow {
  id: number;
  kind: string;
  name: string | null;
  created_by: number;
  last_message_id: number | null;
  updated_at: string;
}

/** The thread, if the user is a member; else 404. */
export async function memberThread(
  db: ChatDb,
  userId: number,
  threadId: number,
): Promise<ThreadRow & { last_read_message_id: number }> {
  const row = await db
    .selectFrom('chat_members as m')
    .innerJoin('chat_threads as t', 't.id', 'm.thread_id')
    .select(['t.id', 't.kind', 't.name', 't.created_by', 't.last_message_id', 't.updated_at', 'm.last_read_message_id'])
    .where('m.thread_id', '=', threadId)
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw conversationNotFound();
  return {
    ...row,
    id: Number(row.id),
    last_message_id: row.last_message_id === null ? null : Number(row.last_message_id),
    last_read_message_id: Number(row.last_read_message_id),
  };
}

export async function memberIds(db: ChatDb, threadId: number): Promise<number[]> {
  return (await db.selectFrom('chat_members').select('user_id').where('thread_id', '=', threadId).execute()).map((r) =>
    Number(r.user_id),
  );
}

// ---------------------------------------------------------------- messages

const MESSAGE_COLUMNS = [
  'msg.id',
  'msg.thread_id',
  'msg.author_id',
  'msg.body',
  'msg.created_at',
  'msg.edited_at',
  'msg.deleted_at',
  'msg.version',
  'u.first_name',
  'u.last_name',
] as const;
const messages = (db: ChatDb) =>
  db.selectFrom('chat_messages as msg').leftJoin('users as u', 'u.id', 'msg.author_id').select(MESSAGE_COLUMNS);
type MessageRow = Awaited<ReturnType<ReturnType<typeof messages>['execute']>>[number];

const ATTACHMENT_COLUMNS = ['id', 'message_id', 'file_name', 'content_type', 'size_bytes', 'width', 'height'] as const;
type AttachmentRow = {
  id: number;
  message_id: number | null;
  file_name: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
};

export const toAttachmentDto = (row: AttachmentRow): ChatAttachmentDto => ({
  id: Number(row.id),
  fileName: row.file_name,
  contentType: row.content_type,
  sizeBytes: Number(row.size_bytes),
  width: row.width === null ? null : Number(row.width),
  height: row.height === null ? null : Number(row.height),
});

async function withAttachments(db: ChatDb, rows: MessageRow[]): Promise<ChatMessageDto[]> {
  const ids = rows.filter((r) => r.deleted_at === null).map((r) => Number(r.id));
  const attachments = ids.length
    ? await db
        .selectFrom('chat_attachments')
        .select(ATTACHMENT_COLUMNS)
        .where('message_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const byMessage = new Map<number, ChatAttachmentDto[]>();
  for (const a of attachments)
    byMessage.set(Number(a.message_id), [...(byMessage.get(Number(a.message_id)) ?? []), toAttachmentDto(a)]);
  return rows.map((r) => ({
    id: Number(r.id),
    threadId: Number(r.thread_id),
    authorId: Number(r.author_id),
    authorName: nameOf(r.first_name, r.last_name),
    body: r.deleted_at === null ? r.body : '',
    createdAt: r.created_at,
    editedAt: r.edited_at,
    deletedAt: r.deleted_at,
    version: Number(r.version),
    attachments: byMessage.get(Number(r.id)) ?? [],
  }));
}

export async function messageDto(db: ChatDb, id: number): Promise<ChatMessageDto | null> {
  const rows = await messages(db).where('msg.id', '=', id).execute();
  return (await withAttachments(db, rows))[0] ?? null;
}

/** A page of a thread's history before `before` (or the latest), oldest first; hasMore when older ones remain. */
export async function history(
  db: ChatDb,
  threadId: number,
  before: number | undefined,
  size: number,
): Promise<{ items: ChatMessageDto[]; hasMore: boolean }> {
  let query = messages(db).where('msg.thread_id', '=', threadId);
  if (before !== undefined) query = query.where('msg.id', '<', before);
  const rows = await query
    .orderBy('msg.id', 'desc')
    .limit(size + 1)
    .execute();
  const hasMore = rows.length > size;
  return { items: await withAttachments(db, rows.slice(0, size).reverse()), hasMore };
}

/**
 * Messages of the user's threads whose text contains `text` (any case), newest first. SQLite: the FTS5 trigram index
 * names the candidate messages (3 characters or more); PostgreSQL: lower(body) like …, served by the trigram GIN index
 * when pg_trgm is installed. Either way the candidates are then kept only in the user's threads (chat_members).
 */
export async function searchMessages(
  db: ChatDb,
  dialect: DialectName,
  userId: number,
  text: string,
  page: number,
  size: number,
) {
  const mine = db.selectFrom('chat_members').select('thread_id').where('user_id', '=', userId);
  let query = db
    .selectFrom('chat_messages as msg')
    .where('msg.thread_id', 'in', mine)
    .where('msg.deleted_at', 'is', null);
  if (dialect === 'sqlite' && text.length >= 3) {
    const phrase = `"${text.toLowerCase().replace(/"/g, '""')}"`;
    query = query.where(
      'msg.id',
      'in',
      sql<number>`(select rowid from chat_message_search where chat_message_search match ${phrase})`,
    );
  } else {
    query = query.where(sql`lower(msg.body)`, 'like', sql`${containsPattern(text)} escape '\\'`);
  }
  const [rows, total] = await Promise.all([
    query
      .leftJoin('users as u', 'u.id', 'msg.author_id')
      .select(MESSAGE_COLUMNS)
      .orderBy('msg.id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    query.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: await withAttachments(db, rows), total: Number(total.n) };
}

/** Keeps the SQLite search index in step with a message's text (PostgreSQL indexes the column itself). */
export async function indexMessage(db: ChatDb, dialect: DialectName, id: number, body: string | null): Promise<void> {
  if (dialect !== 'sqlite') return;
  await sql`delete from chat_message_search where rowid = ${id}`.execute(db);
  if (body) await sql`insert into chat_message_search (rowid, text) values (${id}, ${body})`.execute(db);
}

// ---------------------------------------------------------------- threads

/** Unread messages (others', not deleted, after the last seen) per thread of the user; all threads when ids is null. */
export async function unreadCounts(
  db: ChatDb,
  userId: number,
  threadIds: number[] | null,
): Promise<Map<number, number>> {
  if (threadIds && !threadIds.length) return new Map();
  let query = db
    .selectFrom('chat_members as m')
    .innerJoin('chat_messages as msg', (join) =>
      join.onRef('msg.thread_id', '=', 'm.thread_id').onRef('msg.id', '>', 'm.last_read_message_id'),
    )
    .select(['m.thread_id', ({ fn }) => fn.countAll<number>().as('n')])
    .where('m.user_id', '=', userId)
    .where('msg.author_id', '<>', userId)
    .where('msg.deleted_at', 'is', null);
  if (threadIds) query = query.where('m.thread_id', 'in', threadIds);
  const rows = await query.groupBy('m.thread_id').execute();
  return new Map(rows.map((r) => [Number(r.thread_id), Number(r.n)]));
}

export async function totalUnread(db: ChatDb, userId: number): Promise<number> {
  let total = 0;
  for (const n of (await unreadCounts(db, userId, null)).values()) total += n;
  return total;
}

/** The user's threads as the list shows them, most recent activity first (all of them, or these ids). */
export async function threadsOf(
  db: ChatDb,
  userId: number,
  options: { page: number; size: number } | { ids: number[] },
): Promise<{ items: ChatThreadDto[]; total: number }> {
  let query = db
    .selectFrom('chat_members as m')
    .innerJoin('chat_threads as t', 't.id', 'm.thread_id')
    .where('m.user_id', '=', userId);
  if ('ids' in options) query = query.where('t.id', 'in', options.ids.length ? options.ids : [0]);
  const rowsQuery = query
    .select(['t.id', 't.kind', 't.name', 't.created_by', 't.last_message_id', 't.updated_at'])
    .orderBy('t.updated_at', 'desc')
    .orderBy('t.id', 'desc');
  const [rows, total] = await Promise.all([
    'ids' in options
      ? rowsQuery.execute()
      : rowsQuery
          .limit(options.size)
          .offset(options.page * options.size)
          .execute(),
    query.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return { items: [], total: Number(total.n) };
  const lastIds = rows
    .map((r) => r.last_message_id)
    .filter((id): id is number => id !== null)
    .map(Number);
  const [members, lasts, attachmentCounts, unread] = await Promise.all([
    db
      .selectFrom('chat_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.thread_id', 'm.user_id', 'm.last_read_message_id', 'u.first_name', 'u.last_name'])
      .where('m.thread_id', 'in', ids)
      .orderBy('u.first_name')
      .orderBy('u.last_name')
      .orderBy('m.user_id')
      .execute(),
    lastIds.length ? messages(db).where('msg.id', 'in', lastIds).execute() : Promise.resolve([]),
    lastIds.length
      ? db
          .selectFrom('chat_attachments')
          .select(['message_id', ({ fn }) => fn.countAll<number>().as('n')])
          .where('message_id', 'in', lastIds)
          .groupBy('message_id')
          .execute()
      : Promise.resolve([]),
    unreadCounts(db, userId, ids),
  ]);
  const membersOf = new Map<number, ChatMemberDto[]>();
  for (const m of members) {
    const list = membersOf.get(Number(m.thread_id)) ?? [];
    list.push({
      userId: Number(m.user_id),
      name: nameOf(m.first_name, m.last_name),
      lastReadMessageId: Number(m.last_read_message_id),
    });
    membersOf.set(Number(m.thread_id), list);
  }
  const lastById = new Map(lasts.map((m) => [Number(m.id), m]));
  const filesOf = new Map(attachmentCounts.map((a) => [Number(a.message_id), Number(a.n)]));
  const items = rows.map((r): ChatThreadDto => {
    const threadMembers = membersOf.get(Number(r.id)) ?? [];
    const others = threadMembers.filter((m) => m.userId !== userId);
    const last = r.last_message_id === null ? undefined : lastById.get(Number(r.last_message_id));
    return {
      id: Number(r.id),
      kind: r.kind === 'group' ? 'group' : 'direct',
      title: r.kind === 'group' ? (r.name ?? '') : (others[0]?.name ?? threadMembers[0]?.name ?? ''),
      name: r.name,
      members: threadMembers,
      lastMessage: last
        ? {
            id: Number(last.id),
            authorId: Number(last.author_id),
            authorName: nameOf(last.first_name, last.last_name),
            preview: last.deleted_at === null ? preview(last.body) : '',
            createdAt: last.created_at,
            deleted: last.deleted_at !== null,
            attachments: last.deleted_at === null ? (filesOf.get(Number(last.id)) ?? 0) : 0,
          }
        : null,
      unreadCount: unread.get(Number(r.id)) ?? 0,
      updatedAt: r.updated_at,
      organizerId: Number(r.created_by),
    };
  });
  return { items, total: Number(total.n) };
}

export async function threadDto(db: ChatDb, userId: number, threadId: number): Promise<ChatThreadDto> {
  const thread = (await threadsOf(db, userId, { ids: [threadId] })).items[0];
  if (!thread) throw conversationNotFound();
  return thread;
}
