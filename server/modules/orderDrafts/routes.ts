import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { idParams } from '../../../schema/common';
import { SHEET_MAX_BYTES } from '../../../schema/dispatchSheets';
import { draftBookBody, draftListQuery, draftUploadQuery, draftVersionBody } from '../../../schema/orderDrafts';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok } from '../../context';
import { ApiError, forbidden } from '../../http/errors';
import { bytesOf, contentDisposition, receiveFile, wrongType } from '../documents/store';
import { orderWrites } from '../bookOrders/orderWrites';
import { bookDraft, discardDraft } from './book';
import { draftFromFile } from './intake';
import { draftFile, findDraft, listDrafts } from './store';

const TAGS = ['Dispatch sheets'];
const API = '/api/OrderDrafts';
const access = (permission: 'Read' | 'Create' | 'Update' | 'Delete') => ({
  access: { feature: 'DispatchSheets' as const, permission },
});
const tooLarge = () =>
  new ApiError(
    413,
    `A dispatch sheet is at most ${SHEET_MAX_BYTES / 1_000_000} MB: this file is larger. Upload the sheet alone, not a scan of many pages`,
    'too_large',
    'file',
  );
type Id = { id: number };

/**
 * Dispatch sheets read into draft orders (docs/product/dispatch-sheets.md#drafts): upload a PDF (the body, as the
 * documents take theirs), list and open the drafts, see the sheet, book a reviewed draft as an order, discard one.
 */
export default async function orderDraftRoutes(app: FastifyInstance, ctx: ServerContext) {
  const orders = orderWrites(ctx.db);
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.get<{ Querystring: { status: 'OPEN' | 'BOOKED' | 'DISCARDED'; page: number; size: number } }>(
    API,
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary: 'Drafts of one status (OPEN by default), newest first',
        querystring: draftListQuery,
      },
    },
    async (request) => ok(await listDrafts(ctx.db, request.query)),
  );

  app.post<{ Querystring: { fileName: string } }>(
    API,
    {
      config: { ...access('Create'), tooLarge: tooLarge().message },
      bodyLimit: SHEET_MAX_BYTES,
      schema: {
        tags: TAGS,
        summary: `Upload a dispatch sheet (the body is the PDF, at most ${SHEET_MAX_BYTES / 1_000_000} MB): it is read into an open draft. 400 unreadable (encrypted, damaged, no text), 413 too large, 415 not a PDF`,
        querystring: draftUploadQuery,
      },
    },
    async (request, reply) => {
      if (Number(request.headers['content-length'] ?? 0) > SHEET_MAX_BYTES) {
        reply.header('connection', 'close');
        throw tooLarge();
      }
      if (!(request.body instanceof Readable)) throw wrongType();
      const file = await receiveFile(request.body, { maxBytes: SHEET_MAX_BYTES, accept: ['application/pdf'] }).catch(
        (error: unknown) => {
          if (error instanceof ApiError && error.statusCode === 413) throw tooLarge();
          if (error instanceof ApiError && error.statusCode === 415)
            throw new ApiError(415, 'A dispatch sheet is a PDF file: this file is not one', error.code, 'file');
          throw error;
        },
      );
      const id = await draftFromFile(ctx, file, {
        fileName: request.query.fileName,
        source: 'UPLOAD',
        createdBy: request.auth!.user.id,
      });
      return reply.status(201).send(ok(await findDraft(ctx.db, id)));
    },
  );

  app.get<{ Params: Id }>(
    `${API}/:id`,
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary: 'A draft: what was read, the order form it proposes, how sure each field is, likely duplicates',
        params: idParams,
      },
    },
    async (request) => ok(await findDraft(ctx.db, request.params.id)),
  );

  app.get<{ Params: Id }>(
    `${API}/:id/file`,
    { config: access('Read'), schema: { tags: TAGS, summary: "The draft's sheet as it came (PDF)", params: idParams } },
    async (request, reply) => {
      const row = await draftFile(ctx.db, request.params.id);
      const bytes = await bytesOf(ctx.files, row);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(row.file_name).replace(/^attachment/, 'inline'))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.post<{ Params: Id; Body: { version: number; order: Record<string, unknown> } }>(
    `${API}/:id/book`,
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary:
          'Book the reviewed order (checked as the create checks it; needs Book Orders Create too) and mark the draft booked. 409 when the draft changed or looks booked already',
        params: idParams,
        body: draftBookBody,
      },
    },
    async (request: FastifyRequest<{ Params: Id; Body: { version: number; order: Record<string, unknown> } }>) => {
      if (!(await requestAllows(ctx.permissions, request, ['BookOrders'], 'Create'))) throw forbidden();
      const { result, deliveries } = await bookDraft(ctx, request, request.params.id, request.body);
      ctx.realtime.deliver(deliveries);
      // The open dispatch boards show the new load as they do one booked on the order form.
      ctx.orderChanges.changed(await orders.mustLoad(ctx.db, result.id));
      return ok(result);
    },
  );

  app.post<{ Params: Id; Body: { version: number } }>(
    `${API}/:id/discard`,
    {
      config: access('Delete'),
      schema: { tags: TAGS, summary: 'Discard an open draft', params: idParams, body: draftVersionBody },
    },
    async (request) => {
      await discardDraft(ctx, request, request.params.id, request.body.version);
      return ok(await findDraft(ctx.db, request.params.id));
    },
  );
}
