import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type DocumentContentType,
  type DocumentDto,
  type DocumentOwnerType,
  DOCUMENT_OWNERS,
  MAX_DOCUMENT_BYTES,
  SNIFF_BYTES,
  documentMessages,
  sniffDocumentType,
} from '../../../schema/documents';
import type { Db, DocumentsTable } from '../../db/types';
import type { ObjectStore } from '../../files/objectStore';
import { transact } from '../../db/transaction';
import { ApiError, notFound } from '../../http/errors';

export const tooLarge = () => new ApiError(413, documentMessages.tooLarge(), 'too_large', 'file');
export const wrongType = () => new ApiError(415, documentMessages.wrongType(), 'unsupported_media_type', 'file');

/** The columns of a document but its bytes, with who added it. */
const DOCUMENT_COLUMNS = [
  'd.id',
  'd.owner_type',
  'd.owner_id',
  'd.file_name',
  'd.content_type',
  'd.size_bytes',
  'd.sha256',
  'd.created_at',
  'u.first_name',
  'u.last_name',
] as const;

/** A document row but its bytes, with the names of who added it. */
type DocumentRow = Omit<
  DocumentsTable,
  'content' | 'object_key' | 'created_by' | 'deleted_at' | 'deleted_by' | 'id'
> & {
  id: number;
  first_name: string | null;
  last_name: string | null;
};

export function toDto(row: DocumentRow): DocumentDto {
  return {
    id: Number(row.id),
    ownerType: row.owner_type as DocumentOwnerType,
    ownerId: Number(row.owner_id),
    fileName: row.file_name,
    contentType: row.content_type as DocumentContentType,
    sizeBytes: Number(row.size_bytes),
    sha256: row.sha256,
    createdAt: row.created_at,
    createdBy: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
  };
}

const documents = (db: Db) =>
  db.selectFrom('documents as d').leftJoin('users as u', 'u.id', 'd.created_by').select(DOCUMENT_COLUMNS);

/** One document not deleted, without its bytes; null when unknown or deleted. */
export async function findDocument(db: Db, id: number): Promise<DocumentDto | null> {
  const row = await documents(db).where('d.id', '=', id).where('d.deleted_at', 'is', null).executeTakeFirst();
  return row ? toDto(row) : null;
}

/** The owner's documents not deleted, oldest first. */
export async function listDocuments(db: Db, ownerType: DocumentOwnerType, ownerId: number): Promise<DocumentDto[]> {
  const rows = await documents(db)
    .where('d.owner_type', '=', ownerType)
    .where('d.owner_id', '=', ownerId)
    .where('d.deleted_at', 'is', null)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
  return rows.map(toDto);
}

/**
 * Whether the owner record is there: 'live', 'deleted' (soft-deleted) or null (no such record). Every owner table is
 * an editable record with id and deleted_at (schemaHelpers withRecordColumns).
 */
export async function ownerState(
  db: Db,
  ownerType: DocumentOwnerType,
  ownerId: number,
): Promise<'live' | 'deleted' | null> {
  const table = DOCUMENT_OWNERS[ownerType].table as 'citations';
  const row = await db.selectFrom(table).select(['id', 'deleted_at']).where('id', '=', ownerId).executeTakeFirst();
  if (!row) return null;
  return row.deleted_at === null ? 'live' : 'deleted';
}

export const ownerNotFound = (ownerType: DocumentOwnerType) => notFound(DOCUMENT_OWNERS[ownerType].label);

export interface ReceivedFile {
  bytes: Buffer;
  contentType: DocumentContentType;
  sha256: string;
}

/**
 * The uploaded body, read whole (a document is at most MAX_DOCUMENT_BYTES, or `maxBytes`) while counting: past the
 * limit the read stops with 413. Its kind is told from its first bytes; anything but PDF, JPEG or PNG (or the kinds of
 * `accept`) is 415, an empty body 400.
 */
export async function receiveFile(
  body: Readable,
  { maxBytes = MAX_DOCUMENT_BYTES, accept }: { maxBytes?: number; accept?: readonly DocumentContentType[] } = {},
): Promise<ReceivedFile> {
  const kindOf = (bytes: Uint8Array) => {
    const kind = sniffDocumentType(bytes);
    return kind && (!accept || accept.includes(kind)) ? kind : null;
  };
  const chunks: Buffer[] = [];
  let size = 0;
  // A refused upload is not read further; the request is left as it is (not destroyed) so that the answer still goes out.
  for await (const chunk of body.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer | string>) {
    const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += piece.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(piece);
    // A file that is not a document is refused as soon as its first bytes say so, not after all of it has come.
    if (size >= SNIFF_BYTES && chunks.length === 1 && !kindOf(piece)) throw wrongType();
  }
  if (size === 0) throw new ApiError(400, documentMessages.empty(), 'empty', 'file');
  const bytes = Buffer.concat(chunks, size);
  const contentType = kindOf(bytes);
  if (!contentType) throw wrongType();
  return { bytes, contentType, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
}

/** Content-Disposition for a download: a plain-ASCII name for old clients, the exact name as UTF-8 for the rest (RFC 6266). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Where an upload's bytes are kept: in the object store when S3_URL is set (the row keeps the key), else in the row. */
export async function keptBytes(
  files: ObjectStore | null,
  file: ReceivedFile,
  kind = 'documents',
): Promise<Pick<DocumentsTable, 'content' | 'object_key'>> {
  if (!files) return { content: file.bytes, object_key: null };
  return {
    content: Buffer.alloc(0),
    object_key: await files.put(kind, file.sha256, file.bytes, file.contentType),
  };
}

/** A document's bytes, from its row or from the object store its key names. */
export async function bytesOf(
  files: ObjectStore | null,
  row: Pick<DocumentsTable, 'content' | 'object_key'>,
): Promise<Buffer> {
  if (row.object_key === null) return Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
  if (!files)
    throw new ApiError(
      503,
      'This file is kept in the object store, and this server has none configured: set S3_URL as on the other servers',
      'object_store_missing',
    );
  return files.get(row.object_key);
}

/**
 * Moves the bytes of documents kept in the database into the object store (`npm run files:to-object-store`, after
 * S3_URL is set): each document is stored, checked by its SHA-256, and only then its row points at the object and
 * drops its bytes, one row at a time. Safe to stop and run again: a moved row is skipped, a stored object is not
 * written twice. Answers how many moved.
 */
export async function moveDocumentsToObjectStore(
  db: Db,
  files: ObjectStore,
  onMoved: (moved: number) => void = () => {},
): Promise<number> {
  let moved = 0;
  for (;;) {
    const rows = await db
      .selectFrom('documents')
      .select(['id', 'content', 'content_type', 'sha256'])
      .where('object_key', 'is', null)
      .orderBy('id')
      .limit(50)
      .execute();
    if (!rows.length) return moved;
    for (const row of rows) {
      const bytes = Buffer.isBuffer(row.content) ? row.content : Buffer.from(row.content);
      if (crypto.createHash('sha256').update(bytes).digest('hex') !== row.sha256)
        throw new Error(`Document #${row.id}: its bytes no longer match its SHA-256; it was left in the database`);
      const key = await files.put('documents', row.sha256, bytes, row.content_type);
      const stored = await files.get(key);
      if (!stored.equals(bytes)) throw new Error(`Document #${row.id}: the object store gave back other bytes`);
      await transact(db, (trx) =>
        trx
          .updateTable('documents')
          .set({ object_key: key, content: Buffer.alloc(0) })
          .where('id', '=', row.id)
          .where('object_key', 'is', null)
          .execute(),
      );
      onMoved(++moved);
    }
  }
}
