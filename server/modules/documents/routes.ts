import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { fileNameText, idParams, idText } from '../../../schema/common';
import {
  type DocumentOwnerType,
  ACCEPTED_KINDS_TEXT,
  DOCUMENT_OWNERS,
  DOCUMENT_OWNER_TYPES,
  DOCUMENTS_API,
  MAX_DOCUMENT_BYTES,
  cleanDocumentName,
  isDocumentOwnerType,
} from '../../../schema/documents';
import type { Permission } from '../../../schema/roles';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok } from '../../context';
import { ApiError, forbidden, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import {
  bytesOf,
  contentDisposition,
  findDocument,
  keptBytes,
  listDocuments,
  ownerNotFound,
  ownerState,
  receiveFile,
  tooLarge,
  wrongType,
} from './store';
import { transact } from '../../db/transaction';
import { todayIso } from '../../../schema/expiry';
import { findRecord, refuseBeforeKept } from '../qualification/write';

/**
 * Owners whose papers are kept for a legal time (the qualification file, docs/product/driver-qualification.md#retention):
 * a delete before it is refused 409 naming the first day it may go.
 */
const RETENTION: Partial<Record<DocumentOwnerType, (db: ServerContext['db'], ownerId: number) => Promise<void>>> = {
  qualificationItem: async (db, ownerId) => {
    const record = await findRecord(db, ownerId);
    if (record) refuseBeforeKept(record, todayIso());
  },
};

const tags = ['Documents'];
/** Every feature that governs an owner: a route is open to whoever holds the permission on one of them; the handler then checks the owner's own. */
const OWNER_FEATURES = [...new Set(Object.values(DOCUMENT_OWNERS).map((o) => o.feature))];
const read = { access: { feature: OWNER_FEATURES, permission: 'Read' as const } };
const write = { access: { feature: OWNER_FEATURES, permission: 'Update' as const } };

const ownerType = z
  .string()
  .trim()
  .max(40, { message: 'At most 40 characters', abort: true })
  .superRefine((value, ctx) => {
    if (!isDocumentOwnerType(value))
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not a record that takes documents; use ${DOCUMENT_OWNER_TYPES.join(' or ')}`,
      });
  })
  .transform((value) => value as DocumentOwnerType);
const ownerQuery = z.object({ ownerType, ownerId: idText }).strict();
// The name as sent: refused with any control character (schema/common.ts fileNameText); kept cleaned and cut to
// MAX_DOCUMENT_NAME (cleanDocumentName), so a longer one is taken up to this.
const uploadQuery = z.object({ ownerType, ownerId: idText, fileName: fileNameText(1000).default('') }).strict();
type OwnerQuery = z.infer<typeof ownerQuery>;
type UploadQuery = z.infer<typeof uploadQuery>;
type Id = { id: number };

/**
 * Documents of records (docs/product/tickets.md#documents): scanned tickets and inspection reports, PDF, JPEG or PNG,
 * at most MAX_DOCUMENT_BYTES, kept in the database (every server of an install has them). The file is the request body
 * as it is; its kind is told from its bytes, never from its name or the Content-Type sent. Who may see or change an
 * owner's documents is decided by the owner's feature (schema/documents DOCUMENT_OWNERS).
 */
export default async function documentRoutes(app: FastifyInstance, ctx: ServerContext) {
  // Whatever the type sent, the body reaches the upload as a stream (the content decides, not the header); JSON keeps
  // its own parser and is refused by the upload as not a file. Only this plugin's routes take such bodies.
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  /** 403 unless the caller holds `permission` on the feature of this owner type. */
  const mayOn = async (request: FastifyRequest, type: DocumentOwnerType, permission: Permission) => {
    if (!(await requestAllows(ctx.permissions, request, [DOCUMENT_OWNERS[type].feature], permission)))
      throw forbidden();
  };
  /** A document the caller may act on (404 when unknown, deleted, or of an owner type no longer known). */
  const documentFor = async (request: FastifyRequest<{ Params: Id }>, permission: Permission) => {
    const document = await findDocument(ctx.db, request.params.id);
    if (!document || !isDocumentOwnerType(document.ownerType)) throw notFound('Document');
    await mayOn(request, document.ownerType, permission);
    return document;
  };

  app.get<{ Querystring: OwnerQuery }>(
    DOCUMENTS_API,
    {
      config: read,
      schema: {
        tags,
        summary: "A record's documents (ownerType citation or inspection, ownerId), oldest first; without their bytes",
        querystring: ownerQuery,
      },
    },
    async (request) => {
      const { ownerType: type, ownerId } = request.query;
      await mayOn(request, type, 'Read');
      if (!(await ownerState(ctx.db, type, ownerId))) throw ownerNotFound(type);
      return ok(await listDocuments(ctx.db, type, ownerId));
    },
  );

  app.post<{ Querystring: UploadQuery }>(
    DOCUMENTS_API,
    {
      // A larger body is refused with these words as soon as it passes the limit, announced or not (server/http/bodies.ts).
      config: { ...write, tooLarge: tooLarge().message },
      bodyLimit: MAX_DOCUMENT_BYTES,
      schema: {
        tags,
        querystring: uploadQuery,
        summary: `Add a document to a record: the body is the file itself (${ACCEPTED_KINDS_TEXT}, at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MB); its type is read from its content. 413 too large, 415 not an accepted type`,
      },
    },
    async (request, reply) => {
      const { ownerType: type, ownerId, fileName } = request.query;
      await mayOn(request, type, 'Update');
      const closing = (error: unknown) => {
        // The rest of a refused upload is not read: the connection ends with the answer.
        if (error instanceof ApiError && (error.statusCode === 413 || error.statusCode === 415))
          reply.header('connection', 'close');
        return error;
      };
      if (Number(request.headers['content-length'] ?? 0) > MAX_DOCUMENT_BYTES) throw closing(tooLarge());
      if ((await ownerState(ctx.db, type, ownerId)) !== 'live') throw ownerNotFound(type);
      // Only the parser above hands over a stream; a JSON body (or none) is not a file.
      if (!(request.body instanceof Readable)) throw wrongType();
      const file = await receiveFile(request.body).catch((error: unknown) => {
        throw closing(error);
      });
      const userId = request.auth!.user.id;
      // Stored before the row is written: an object no row names is harmless, a row without its bytes is not.
      const kept = await keptBytes(ctx.files, file);
      const document = await transact(ctx.db, async (trx) => {
        const { id } = await trx
          .insertInto('documents')
          .values({
            owner_type: type,
            owner_id: ownerId,
            file_name: cleanDocumentName(fileName, file.contentType),
            content_type: file.contentType,
            size_bytes: file.bytes.length,
            sha256: file.sha256,
            ...kept,
            created_at: new Date().toISOString(),
            created_by: userId,
            deleted_at: null,
            deleted_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const added = (await findDocument(trx, Number(id)))!;
        await audit(trx, request, { action: 'create', entity: 'document', entityId: added.id, after: added });
        return added;
      });
      return ok(document);
    },
  );

  app.get<{ Params: Id }>(
    `${DOCUMENTS_API}/:id/content`,
    {
      config: read,
      schema: { tags, summary: 'Download a document: its bytes as stored, with its type and name', params: idParams },
    },
    async (request, reply) => {
      const document = await documentFor(request, 'Read');
      const row = await ctx.db
        .selectFrom('documents')
        .select(['content', 'object_key'])
        .where('id', '=', document.id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!row) throw notFound('Document');
      const bytes = await bytesOf(ctx.files, row);
      return reply
        .type(document.contentType)
        .header('content-disposition', contentDisposition(document.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .header('content-length', bytes.length)
        .send(bytes);
    },
  );

  app.delete<{ Params: Id }>(
    `${DOCUMENTS_API}/:id`,
    {
      config: write,
      schema: { tags, summary: 'Remove a document (kept, marked deleted, for the audit trail)', params: idParams },
    },
    async (request) => {
      const document = await documentFor(request, 'Update');
      await RETENTION[document.ownerType]?.(ctx.db, document.ownerId);
      await transact(ctx.db, async (trx) => {
        const removed = await trx
          .updateTable('documents')
          .set({ deleted_at: new Date().toISOString(), deleted_by: request.auth!.user.id })
          .where('id', '=', document.id)
          .where('deleted_at', 'is', null)
          .returning('id')
          .execute();
        if (!removed.length) throw notFound('Document');
        await audit(trx, request, { action: 'delete', entity: 'document', entityId: document.id, before: document });
      });
      return ok(document);
    },
  );

  app.delete<{ Querystring: OwnerQuery }>(
    DOCUMENTS_API,
    {
      config: write,
      schema: { tags, summary: "Remove all of a record's documents at once", querystring: ownerQuery },
    },
    async (request) => {
      const { ownerType: type, ownerId } = request.query;
      await mayOn(request, type, 'Update');
      if (!(await ownerState(ctx.db, type, ownerId))) throw ownerNotFound(type);
      await RETENTION[type]?.(ctx.db, ownerId);
      const removed = await transact(ctx.db, async (trx) => {
        const documents = await listDocuments(trx, type, ownerId);
        if (!documents.length) return 0;
        const updated = await trx
          .updateTable('documents')
          .set({ deleted_at: new Date().toISOString(), deleted_by: request.auth!.user.id })
          .where(
            'id',
            'in',
            documents.map((d) => d.id),
          )
          .where('deleted_at', 'is', null)
          .returning('id')
          .execute();
        const ids = new Set(updated.map((r) => Number(r.id)));
        const gone = documents.filter((d) => ids.has(d.id));
        for (const document of gone)
          await audit(trx, request, { action: 'delete', entity: 'document', entityId: document.id, before: document });
        return gone.length;
      });
      return ok({ removed });
    },
  );
}
