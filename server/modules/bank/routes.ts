import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FeatureKey } from '../../../schema/features';
import { type ServerContext, ok, page } from '../../context';
import { ApiError } from '../../http/errors';
import { MAX_BANK_FILE_BYTES, importBankCsv, tooLarge } from './importer';

const BANK: readonly FeatureKey[] = ['MatchTransactions'];
const tags = ['Bank matching'];

const importQuery = z.object({ fileName: z.string().trim().min(1).max(255) }).strict();
const importsQuery = z.object({ page: z.coerce.number().int().min(0).max(100_000).default(0), size: z.coerce.number().int().min(1).max(200).default(25) }).strict();

/**
 * Bank matching (issue 15): imports of the bank's CSV exports so far. The file is sent as the request body
 * (Content-Type text/csv), streamed into the import; only these routes take that type.
 */
export default async function bankRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.addContentTypeParser(['text/csv', 'application/vnd.ms-excel'], (_request, payload, done) => done(null, payload));

  app.post<{ Querystring: z.infer<typeof importQuery> }>('/api/TransactionsMatching/import', {
    config: { access: { feature: BANK, permission: 'Create' } },
    // The body is a stream: Fastify's own limit does not count it; the import does (MAX_BANK_FILE_BYTES).
    bodyLimit: MAX_BANK_FILE_BYTES,
    schema: { tags, summary: 'Import a Chase checking or credit-card CSV export (body: the file, Content-Type text/csv); rows already imported are counted, not added', querystring: importQuery },
  }, async (request, reply) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > MAX_BANK_FILE_BYTES) {
      reply.header('connection', 'close');
      throw tooLarge();
    }
    // Only the CSV parser above hands over a stream; a JSON body (or none) is not a file.
    if (!(request.body instanceof Readable)) throw new ApiError(415, 'Send the bank export itself as the body, with Content-Type text/csv', 'unsupported_media_type', 'file');
    try {
      return ok(await importBankCsv(ctx.db, request.body, { fileName: request.query.fileName, userId: request.auth?.user.id ?? null }));
    } catch (error) {
      // The rest of an oversized upload is not read: the connection ends with the answer.
      if (error instanceof ApiError && error.statusCode === 413) reply.header('connection', 'close');
      throw error;
    }
  });

  app.get<{ Querystring: z.infer<typeof importsQuery> }>('/api/TransactionsMatching/imports', {
    config: { access: { feature: BANK, permission: 'Read' } },
    schema: { tags, summary: 'The imports of bank exports, newest first: who, when, the file, rows read, added and already there', querystring: importsQuery },
  }, async (request) => {
    const { page: pageNumber, size } = request.query;
    const [{ n }, rows] = await Promise.all([
      ctx.db.selectFrom('bank_imports').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ctx.db.selectFrom('bank_imports as i').leftJoin('users as u', 'u.id', 'i.imported_by')
        .select(['i.id', 'i.layout', 'i.file_name', 'i.imported_at', 'i.rows_read', 'i.added', 'i.already_there', 'i.first_day', 'i.last_day', 'u.first_name', 'u.last_name'])
        .orderBy('i.imported_at', 'desc').orderBy('i.id', 'desc').limit(size).offset(pageNumber * size).execute(),
    ]);
    const items = rows.map((r) => ({
      id: r.id, layout: r.layout, fileName: r.file_name, importedAt: r.imported_at, importedBy: r.first_name ? `${r.first_name} ${r.last_name}` : null,
      rowsRead: r.rows_read, added: r.added, alreadyThere: r.already_there, firstDay: r.first_day, lastDay: r.last_day,
    }));
    return page(items, Number(n), pageNumber, size);
  });
}
