import { z } from 'zod';
import { idText, idValue, textInteger } from './common';

/**
 * Staff chat (docs/product/administration.md#chat; server/modules/chat, resources/chat): direct and group threads
 * between staff, messages kept by the server with author and time, delivered over the /notify hub (schema/realtime.ts
 * HUB_METHODS.chat*).
 *
 * Who may write to whom (the Chat feature of schema/features.ts, granted in Access Settings):
 * - Read on Chat: use chat at all — read and write in the threads one is a member of, and start a thread with one's
 *   own dispatchers (a driver's current driver–dispatcher assignment);
 * - Create on Chat: start a thread with anyone who may use chat. Every staff role holds it by default; drivers do not,
 *   so a driver writes to their dispatchers, to whoever starts a thread with them, and to anyone once the administrator
 *   gives Create on Chat to the Driver role (or to a role given to that driver).
 */
export const CHAT_API = '/api/Chat';

export const MAX_CHAT_MESSAGE = 4000;
export const MAX_THREAD_NAME = 80;
/** People in one thread, its starter included. */
export const MAX_THREAD_MEMBERS = 200;
export const MAX_ATTACHMENTS_PER_MESSAGE = 5;
/** Messages in one page of a thread's history. */
export const CHAT_PAGE_SIZE = 30;
/** How long a "… is typing" lasts without another sign, and how often the composer sends one at most. */
export const TYPING_SHOW_MS = 5_000;
export const TYPING_SEND_MS = 2_500;

export const CHAT_MESSAGES = {
  notMember: 'Conversation not found',
  emptyMessage: 'Write a message or attach a file',
  pickPeople: 'Pick at least one person',
  groupName: 'Name the group',
  notContact: (name: string) => `You cannot start a conversation with ${name}: ask an administrator for Create on Chat`,
  unknownPeople: 'Some of these people cannot use chat',
  tooManyMembers: `A conversation holds at most ${MAX_THREAD_MEMBERS} people`,
  notYours: 'You can change only your own messages',
  deleted: 'This message was deleted',
  stale: 'The message changed meanwhile: here is its current text',
  unknownAttachments: 'Attach files uploaded to this conversation, each once',
  noChange: 'Nothing to change',
  notGroup: 'Only a group has members to add or remove',
  onlyOrganizer: 'Only the group’s organizer can remove others; anyone can leave',
  notInGroup: 'This person is not in the group',
} as const;

const messageText = z
  .string()
  .max(MAX_CHAT_MESSAGE, `A message holds at most ${MAX_CHAT_MESSAGE.toLocaleString('en-US')} characters`)
  // NUL and the other C0 controls but tab and new line have no place in a chat line (and PostgreSQL refuses NUL).
  .refine(
    // eslint-disable-next-line no-control-regex
    (text) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text),
    'The message holds control characters',
  )
  .transform((text) => text.replace(/\r\n?/g, '\n').trim());

/** POST /api/Chat/threads: one other person and no name → the direct thread of the two (found or made); else a group. */
export const newThreadBody = z
  .object({
    userIds: z
      .array(idValue)
      .min(1, CHAT_MESSAGES.pickPeople)
      .max(MAX_THREAD_MEMBERS - 1, CHAT_MESSAGES.tooManyMembers),
    name: z.string().trim().max(MAX_THREAD_NAME).optional(),
  })
  .strict();
export type NewThreadBody = z.output<typeof newThreadBody>;

/** POST /api/Chat/threads/{id}/members: people to add to a group one is in (those already in it are left as they are). */
export const addMembersBody = z
  .object({
    userIds: z
      .array(idValue)
      .min(1, CHAT_MESSAGES.pickPeople)
      .max(MAX_THREAD_MEMBERS - 1, CHAT_MESSAGES.tooManyMembers),
  })
  .strict();
export type AddMembersBody = z.output<typeof addMembersBody>;

/** DELETE /api/Chat/threads/{id}/members/{userId}: leave a group (one's own id), or remove someone (its starter). */
export const memberParams = z.object({ id: idText, userId: idText }).strict();
export type MemberParams = z.output<typeof memberParams>;

/** PUT /api/Chat/threads/{id}: a group's name. */
export const threadChangeBody = z
  .object({ name: z.string().trim().min(1, CHAT_MESSAGES.groupName).max(MAX_THREAD_NAME) })
  .strict();
export type ThreadChangeBody = z.output<typeof threadChangeBody>;

export const newMessageBody = z
  .object({
    body: messageText.default(''),
    attachmentIds: z.array(idValue).max(MAX_ATTACHMENTS_PER_MESSAGE).default([]),
  })
  .strict()
  .refine((m) => m.body.length > 0 || m.attachmentIds.length > 0, {
    message: CHAT_MESSAGES.emptyMessage,
    path: ['body'],
  });
export type NewMessageBody = z.output<typeof newMessageBody>;

/** PUT /api/Chat/messages/{id}: the new text, with the version it was read at (409 when it changed meanwhile). */
export const editMessageBody = z.object({ body: messageText, version: z.number().int().min(1) }).strict();
export type EditMessageBody = z.output<typeof editMessageBody>;

export const seenBody = z.object({ messageId: idValue }).strict();
export type SeenBody = z.output<typeof seenBody>;

/** GET /api/Chat/threads/{id}/messages: the page before a message (none: the latest). */
export const historyQuery = z
  .object({
    before: textInteger(1, 2_147_483_647).optional(),
    size: textInteger(1, 100).default(CHAT_PAGE_SIZE),
  })
  .strict();
export type HistoryQuery = z.output<typeof historyQuery>;

export const threadListQuery = z
  .object({
    page: textInteger(0, 10_000_000).default(0),
    size: textInteger(1, 100).default(50),
  })
  .strict();
export type ThreadListQuery = z.output<typeof threadListQuery>;

/** GET /api/Chat/search: messages of the caller's threads containing the text (any case), newest first. */
export const chatSearchQuery = z
  .object({
    search: z.string().trim().min(1, 'Type something to search for').max(200),
    page: textInteger(0, 10_000_000).default(0),
    size: textInteger(1, 100).default(20),
  })
  .strict();
export type ChatSearchQuery = z.output<typeof chatSearchQuery>;

export const contactsQuery = z.object({ search: z.string().trim().max(100).optional() }).strict();
export type ContactsQuery = z.output<typeof contactsQuery>;

export const attachmentQuery = z.object({ fileName: z.string().max(1000).default('') }).strict();
export type AttachmentQuery = z.output<typeof attachmentQuery>;

// ---------------------------------------------------------------- links to records

export type RecordRefKind = 'bookOrder' | 'claim';

/** A mention of a record in a message: by id (#BO-12, a pasted /app/… address) or by number (HB0000012, CLM-2026-00012). */
export interface RecordRef {
  kind: RecordRefKind;
  by: 'id' | 'number';
  value: string;
  /** Where it is in the text. */
  start: number;
  end: number;
}

/** The record a reader may open, as GET /api/Chat/links answers it: nothing at all about records they may not read. */
export interface ResolvedLink {
  /** `${kind}:${by}:${value}` of the ref it resolves. */
  ref: string;
  kind: RecordRefKind;
  id: number;
  label: string;
  status: string;
  path: string;
}

export const refKey = (ref: Pick<RecordRef, 'kind' | 'by' | 'value'>) => `${ref.kind}:${ref.by}:${ref.value}`;

const REF_PATTERN = new RegExp(
  [
    // A pasted address of the app (with or without its origin), the id in it.
    String.raw`(?:https?:\/\/[^\s/]+)?\/app\/books\/bookorders\/(?<orderPath>\d{1,10})(?:\/edit)?\b`,
    String.raw`(?:https?:\/\/[^\s/]+)?\/app\/reports\/claims-tracker\/(?<claimPath>\d{1,10})(?:\/edit)?\b`,
    String.raw`#BO-(?<orderId>\d{1,10})\b`,
    String.raw`#CL-(?<claimId>\d{1,10})\b`,
    String.raw`\b(?<orderNumber>HB\d{7})\b`,
    String.raw`\b(?<claimNumber>CLM-\d{4}-\d{5})\b`,
  ].join('|'),
  'gi',
);

/** The record mentions of a message, in order (at most 10: a message is not a report). */
export function findRecordRefs(text: string): RecordRef[] {
  const refs: RecordRef[] = [];
  for (const match of text.matchAll(REF_PATTERN)) {
    const g = match.groups ?? {};
    const at = { start: match.index, end: match.index + match[0].length };
    if (g.orderPath ?? g.orderId)
      refs.push({ kind: 'bookOrder', by: 'id', value: String(Number(g.orderPath ?? g.orderId)), ...at });
    else if (g.claimPath ?? g.claimId)
      refs.push({ kind: 'claim', by: 'id', value: String(Number(g.claimPath ?? g.claimId)), ...at });
    else if (g.orderNumber) refs.push({ kind: 'bookOrder', by: 'number', value: g.orderNumber.toUpperCase(), ...at });
    else if (g.claimNumber) refs.push({ kind: 'claim', by: 'number', value: g.claimNumber.toUpperCase(), ...at });
    if (refs.length >= 10) break;
  }
  return refs;
}

/** GET /api/Chat/links?ref=bookOrder:number:HB0000012&ref=claim:id:4 */
const refText = z
  .string()
  .regex(/^(bookOrder|claim):(id:\d{1,10}|number:[A-Z0-9-]{1,20})$/, 'A ref is kind:id:N or kind:number:TEXT');
export const linksQuery = z
  .object({ ref: z.union([refText, z.array(refText).max(20)]).transform((r) => [...new Set([r].flat())]) })
  .strict();
export type LinksQuery = z.output<typeof linksQuery>;

// ---------------------------------------------------------------- what the API answers

export interface ChatPerson {
  userId: number;
  name: string;
}

export interface ChatAttachmentDto {
  id: number;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
}

export interface ChatMessageDto {
  id: number;
  threadId: number;
  authorId: number;
  authorName: string;
  /** Empty once deleted. */
  body: string;
  createdAt: string;
  editedAt: string | null;
  deletedAt: string | null;
  version: number;
  attachments: ChatAttachmentDto[];
}

export interface ChatMemberDto extends ChatPerson {
  /** The last message they have seen (0: none). */
  lastReadMessageId: number;
}

export interface ChatThreadDto {
  id: number;
  kind: 'direct' | 'group';
  /** The group's name; for a direct thread, the other person's name. */
  title: string;
  name: string | null;
  members: ChatMemberDto[];
  lastMessage: {
    id: number;
    authorId: number;
    authorName: string;
    preview: string;
    createdAt: string;
    deleted: boolean;
    attachments: number;
  } | null;
  unreadCount: number;
  /** The last activity (its last message, or when it was made). */
  updatedAt: string;
  /** Who runs a group (removes others): the person who started it, or, once they left, the member who joined first. */
  organizerId: number;
}

export interface ChatHistoryDto {
  items: ChatMessageDto[];
  /** Older messages remain before the first one. */
  hasMore: boolean;
}

export interface ChatSearchHit {
  message: ChatMessageDto;
  threadTitle: string;
}

export interface ChatContactDto extends ChatPerson {
  roles: string[];
  /** One of the caller's dispatchers (a driver writing to them needs no Create on Chat). */
  dispatcher: boolean;
}

// ---------------------------------------------------------------- hub events (schema/realtime.ts names the methods)

/** HUB_METHODS.chatMessage: a new message, to every member of its thread. */
export interface ChatMessageEvent {
  message: ChatMessageDto;
}
/** HUB_METHODS.chatTyping: someone is typing in a thread (to the other members). */
export interface ChatTypingEvent {
  threadId: number;
  userId: number;
  name: string;
}
/** HUB_METHODS.chatSeen: a member has seen the thread up to a message. */
export interface ChatSeenEvent {
  threadId: number;
  userId: number;
  lastReadMessageId: number;
}
/** HUB_METHODS.chatThread: a thread was made or renamed (its members read their list again). */
export interface ChatThreadEvent {
  threadId: number;
}
