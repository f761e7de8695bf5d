import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ORDER_CSV_MAX_BYTES, orderCsvTemplate } from '../../../schema/orderImport';
import { type ServerContext, ok } from '../../context';
import { sendCsvFile } from '../../http/csv';
import { fileText } from '../../http/bodies';
import { ApiError } from '../../http/errors';
import { importOrders, previewImport } from './csvImport';

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
const TAGS = ['Book orders'];
const tooLarge = () =>
  new ApiError(
    413,
    `The file is larger than ${ORDER_CSV_MAX_BYTES / 1_000_000} MB: split it into smaller files`,
    'too_large',
  );
const config = {
  access: { feature: 'BookOrders' as const, permission: 'Create' as const },
  accepts: CSV_TYPES,
  tooLarge: tooLarge().message,
};

/**
 * Booking loads from a CSV file (docs/product/book-orders.md#csv-import): its template, a preview that writes
 * nothing, and the import of every ready load in one transaction. The file is the request body (text/csv).
 */
export default async function importRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.addContentTypeParser([...CSV_TYPES], (_request, payload, done) => done(null, payload));

  app.get(
    '/api/BookOrder/import/template',
    { config: { access: config.access }, schema: { tags: TAGS, summary: 'The CSV template of the load import' } },
    (_request, reply) => sendCsvFile(reply, 'book-orders-template.csv', Readable.from([orderCsvTemplate()])),
  );
  app.post(
    '/api/BookOrder/import/preview',
    {
      config,
      bodyLimit: ORDER_CSV_MAX_BYTES,
      schema: {
        tags: TAGS,
        summary: 'Read a CSV of loads: each load with its problems and likely duplicates; writes nothing',
      },
    },
    async (request) => ok(await previewImport(ctx.db, await fileText(request))),
  );
  app.post(
    '/api/BookOrder/import',
    {
      config,
      bodyLimit: ORDER_CSV_MAX_BYTES,
      schema: {
        tags: TAGS,
        summary: 'Book every ready load of a CSV in one transaction; the others are named with why',
      },
    },
    async (request) => {
      const { result, deliveries } = await importOrders(ctx.db, ctx.dialect, request, await fileText(request));
      ctx.realtime.deliver(deliveries);
      return ok(result);
    },
  );
}
