import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FeatureKey } from '../../../schema/features';
import {
  type BankRowsQuery,
  type MatchBody,
  type OpenItemsQuery,
  bankRowsQuery,
  dateFiltersQuery,
  explainBody,
  matchBody,
  openItemsQuery,
  unexplainBody,
  undoBody,
} from '../../../schema/bank';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import { type ServerContext, ok, page } from '../../context';
import { csvStream, pageThrough, sendCsv } from '../../http/csv';
import { notFound, unsupportedMediaType } from '../../http/errors';
import { MAX_BANK_FILE_BYTES, importBankCsv, tooLarge } from './importer';
import { confirmMatch, explainRow, unexplainRow, undoMatch, whoOf } from './matching';
import { dateFilters, listOpenItems, unmatchedReport } from './report';
import { BANK_ROW_CSV, bankRowDetail, bankRowsPage, listBankRows } from './rows';
import { suggest } from './suggestions';

const BANK: readonly FeatureKey[] = ['MatchTransactions'];
/** The bank's export as browsers and spreadsheets label a .csv file. */
const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
const tags = ['Bank matching'];

const importQuery = z.object({ fileName: z.string().trim().min(1).max(255) }).strict();
type Id = { id: number };
const reportQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(200).default(25),
  })
  .strict();
const importsQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    size: z.coerce.number().int().min(1).max(200).default(25),
  })
  .strict();

/**
 * Bank matching (docs/product/bank.md): imports of the bank's CSV exports so far. The file is sent as the request body
 * (Content-Type text/csv), streamed into the import; only these routes take that type.
 */
export default async function bankRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.addContentTypeParser([...CSV_TYPES], (_request, payload, done) => done(null, payload));

  app.post<{ Querystring: z.infer<typeof importQuery> }>(
    '/api/TransactionsMatching/import',
    {
      // What it takes and how much (server/http/bodies.ts): another type is 415 naming these, a larger body 413 as soon
      // as it passes the limit, announced or not, with the connection closed.
      config: { access: { feature: BANK, permission: 'Create' }, accepts: CSV_TYPES, tooLarge: tooLarge().message },
      bodyLimit: MAX_BANK_FILE_BYTES,
      schema: {
        tags,
        summary:
          'Import a Chase checking or credit-card CSV export (body: the file, Content-Type text/csv); rows already imported are counted, not added',
        querystring: importQuery,
      },
    },
    async (request) => {
      // Only the CSV parser above hands over a stream; no body is not a file.
      if (!(request.body instanceof Readable)) throw unsupportedMediaType(request);
      return ok(
        await importBankCsv(ctx.db, request.body, {
          fileName: request.query.fileName,
          userId: request.auth?.user.id ?? null,
        }),
      );
    },
  );

  app.get<{ Querystring: z.infer<typeof importsQuery> }>(
    '/api/TransactionsMatching/imports',
    {
      config: { access: { feature: BANK, permission: 'Read' } },
      schema: {
        tags,
        summary: 'The imports of bank exports, newest first: who, when, the file, rows read, added and already there',
        querystring: importsQuery,
      },
    },
    async (request) => {
      const { page: pageNumber, size } = request.query;
      const [{ n }, rows] = await Promise.all([
        ctx.db
          .selectFrom('bank_imports')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        ctx.db
          .selectFrom('bank_imports as i')
          .leftJoin('users as u', 'u.id', 'i.imported_by')
          .select([
            'i.id',
            'i.layout',
            'i.file_name',
            'i.imported_at',
            'i.rows_read',
            'i.added',
            'i.already_there',
            'i.first_day',
            'i.last_day',
            'u.first_name',
            'u.last_name',
          ])
          .orderBy('i.imported_at', 'desc')
          .orderBy('i.id', 'desc')
          .limit(size)
          .offset(pageNumber * size)
          .execute(),
      ]);
      const items = rows.map((r) => ({
        id: r.id,
        layout: r.layout,
        fileName: r.file_name,
        importedAt: r.imported_at,
        importedBy: r.first_name ? `${r.first_name} ${r.last_name}` : null,
        rowsRead: r.rows_read,
        added: r.added,
        alreadyThere: r.already_there,
        firstDay: r.first_day,
        lastDay: r.last_day,
      }));
      return page(items, Number(n), pageNumber, size);
    },
  );

  const read = { access: { feature: BANK, permission: 'Read' as const } };
  const write = { access: { feature: BANK, permission: 'Update' as const } };

  app.get<{ Querystring: { state?: BankRowsQuery['state'] } }>(
    '/api/TransactionsMatching/get-chase-transactions-date-filters',
    {
      config: read,
      schema: {
        tags,
        summary:
          'The periods bank rows can be filtered by (with their dates) and the months the imported exports cover; with state, the months with rows in it',
        querystring: dateFiltersQuery,
      },
    },
    async (request) => ok(await dateFilters(ctx.db, request.query.state)),
  );

  app.get<{ Querystring: BankRowsQuery }>(
    '/api/TransactionsMatching/transactions',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Bank rows: page, size, search (description, check number, or an amount such as 1234.56), state (TODO: still to match), direction, period, import',
        querystring: bankRowsQuery,
      },
    },
    async (request) => ok(await listBankRows(ctx.db, request.query)),
  );

  app.get<{ Querystring: BankRowsQuery }>(
    '/api/TransactionsMatching/transactions/export',
    {
      config: { access: { feature: BANK, permission: 'Export' as const } },
      schema: {
        tags,
        summary: "CSV of every bank row the list's filters select (streamed; paging ignored)",
        querystring: bankRowsQuery,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        'bank-transactions',
        csvStream(
          BANK_ROW_CSV,
          pageThrough((limit, offset) => bankRowsPage(ctx.db, request.query, limit, offset)),
        ),
      ),
  );

  app.get<{ Params: Id }>(
    '/api/TransactionsMatching/transactions/:id',
    {
      config: read,
      schema: { tags, summary: 'One bank row with every match made on it, undone ones too', params: idParams },
    },
    async (request) => {
      const row = await bankRowDetail(ctx.db, request.params.id);
      if (!row) throw notFound('Bank transaction');
      return ok(row);
    },
  );

  app.get<{ Params: Id }>(
    '/api/TransactionsMatching/transactions/:id/suggestions',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Candidates for a bank row, ranked (exact amount, reference or check number, names in the description, date), and the proposal "accept" confirms',
        params: idParams,
      },
    },
    async (request) => {
      const row = await ctx.db
        .selectFrom('bank_transactions')
        .select(['id', 'posted_on', 'description', 'amount_cents', 'matched_cents', 'check_number', 'state'])
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!row) throw notFound('Bank transaction');
      if (row.state === 'EXPLAINED') return ok({ left: 0, candidates: [], proposal: null });
      return ok(await suggest(ctx.db, row, todayIso()));
    },
  );

  app.get<{ Querystring: OpenItemsQuery }>(
    '/api/TransactionsMatching/open-items',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Items expected in the bank and not yet found in full: page, size, search (order number, party, reference), type, direction',
        querystring: openItemsQuery,
      },
    },
    async (request) => ok(await listOpenItems(ctx.db, request.query)),
  );

  app.get<{ Querystring: z.infer<typeof reportQuery> }>(
    '/api/TransactionsMatching/unmatched-report',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Both sides not yet matched, with ages: bank rows oldest first and items longest overdue first, each summed per age bucket',
        querystring: reportQuery,
      },
    },
    async (request) => ok(await unmatchedReport(ctx.db, request.query)),
  );

  app.post<{ Params: Id; Body: MatchBody }>(
    '/api/TransactionsMatching/transactions/:id/matches',
    {
      config: write,
      schema: {
        tags,
        summary:
          'Apply a bank row to one or more items, an amount on each (never more than either side has left); send the row version you read',
        params: idParams,
        body: matchBody,
      },
    },
    async (request) => ok(await confirmMatch(ctx.db, whoOf(request), request.params.id, request.body)),
  );

  app.post<{ Params: Id; Body: { reason: string } }>(
    '/api/TransactionsMatching/matches/:id/undo',
    {
      config: write,
      schema: {
        tags,
        summary: 'Undo a match: both sides get their amounts back; the match stays, with who, when and why',
        params: idParams,
        body: undoBody,
      },
    },
    async (request) => ok(await undoMatch(ctx.db, whoOf(request), request.params.id, request.body.reason)),
  );

  app.post<{ Params: Id; Body: z.infer<typeof explainBody> }>(
    '/api/TransactionsMatching/transactions/:id/explain',
    {
      config: write,
      schema: {
        tags,
        summary: 'Mark a bank row explained without an item (bank fee, transfer…), with a reason',
        params: idParams,
        body: explainBody,
      },
    },
    async (request) => ok(await explainRow(ctx.db, whoOf(request), request.params.id, request.body)),
  );

  app.post<{ Params: Id; Body: z.infer<typeof unexplainBody> }>(
    '/api/TransactionsMatching/transactions/:id/unexplain',
    {
      config: write,
      schema: {
        tags,
        summary: 'Take back an explanation: the row is unmatched again',
        params: idParams,
        body: unexplainBody,
      },
    },
    async (request) => ok(await unexplainRow(ctx.db, whoOf(request), request.params.id, request.body.version)),
  );
}
