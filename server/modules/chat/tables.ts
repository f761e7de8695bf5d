import type { Generated, Kysely } from 'kysely';
import type { Database, Db } from '../../db/types';

/** The tables of migration 037_chat, as Kysely sees them (kept here, with the only module that reads them). */
export interface ChatThreadsTable {
  id: Generated<number>;
  kind: string;
  name: string | null;
  direct_key: string | null;
  created_by: number;
  created_at: string;
  last_message_id: number | null;
  updated_at: string;
}
export interface ChatMembersTable {
  thread_id: number;
  user_id: number;
  joined_at: string;
  last_read_message_id: Generated<number>;
}
export interface ChatMessagesTable {
  id: Generated<number>;
  thread_id: number;
  author_id: number;
  body: string;
  created_at: string;
  edited_at: string | null;
  deleted_at: string | null;
  version: Generated<number>;
}
export interface ChatAttachmentsTable {
  id: Generated<number>;
  thread_id: number;
  message_id: number | null;
  uploaded_by: number;
  file_name: string;
  content_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  sha256: string;
  content: Uint8Array;
  created_at: string;
}

export type ChatTables = {
  chat_threads: ChatThreadsTable;
  chat_members: ChatMembersTable;
  chat_messages: ChatMessagesTable;
  chat_attachments: ChatAttachmentsTable;
};

export type ChatDb = Kysely<Database & ChatTables>;

/** The database (or a transaction) with the chat tables known to Kysely. */
export const chatDb = (db: Db): ChatDb => db.withTables<ChatTables>();

/** The same connection for the shared helpers typed on the product's tables (audit, notifications). */
export const asDb = (db: ChatDb): Db => db as unknown as Db;
