import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import { accountingExportBody, accountingExportListQuery, exportFileParams } from '../../../schema/accountingExport';
import { type ServerContext, ok, page } from '../../context';
import { notFound } from '../../http/errors';
import { bytesOf, contentDisposition } from '../documents/store';
import { listExports, loadExport, runExport } from './exports';

const tags = ['Accounting export'];
const access = (permission: 'Read' | 'Export') => ({ access: { feature: 'AccountingExport', permission } }) as const;

/**
 * The accounting export (docs/product/accounting-export.md): make one for a period and a format (Export), the history
 * of exports with what each carried, and their files to download again (Read).
 */
export default async function accountingExportRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.post<{ Body: z.output<typeof accountingExportBody> }>(
    '/api/AccountingExports',
    {
      config: access('Export'),
      schema: {
        tags,
        summary:
          'Export a period for QuickBooks (IIF or QuickBooks Online CSV): what the books have not received yet, each row once; with nothing new, the last export of the same period again',
        body: accountingExportBody,
      },
    },
    async (request, reply) => {
      const result = await runExport(ctx, request, request.body);
      return reply.code(result.reused ? 200 : 201).send(ok(result));
    },
  );

  app.get<{ Querystring: z.output<typeof accountingExportListQuery> }>(
    '/api/AccountingExports',
    {
      config: access('Read'),
      schema: {
        tags,
        summary: 'The exports, newest first, with what each carried',
        querystring: accountingExportListQuery,
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await listExports(db, q.format, q.page, q.size);
      return page(items, total, q.page, q.size);
    },
  );

  app.get<{ Params: z.output<typeof idParams> }>(
    '/api/AccountingExports/:id',
    {
      config: access('Read'),
      schema: { tags, summary: 'One export: its period, format, counts and files', params: idParams },
    },
    async (request) => {
      const found = await loadExport(db, request.params.id);
      if (!found) throw notFound('Export');
      return ok(found);
    },
  );

  app.get<{ Params: z.output<typeof exportFileParams> }>(
    '/api/AccountingExports/:id/files/:kind',
    {
      config: access('Read'),
      schema: { tags, summary: 'A file of an export, exactly as it was made', params: exportFileParams },
    },
    async (request, reply) => {
      const file = await db
        .selectFrom('accounting_export_files as f')
        .innerJoin('documents as d', 'd.id', 'f.document_id')
        .select(['f.file_name', 'd.content_type', 'd.content', 'd.object_key', 'f.export_id'])
        .where('f.export_id', '=', request.params.id)
        .where('f.kind', '=', request.params.kind)
        .executeTakeFirst();
      if (!file) throw notFound('Export file');
      const bytes = await bytesOf(ctx.files, file);
      return reply
        .type(file.content_type === 'text/csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=windows-1252')
        .header('content-disposition', contentDisposition(`export-${Number(file.export_id)}-${file.file_name}`))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}
