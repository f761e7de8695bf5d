import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { personName } from '../../../schema/format';
import {
  FUEL_CSV_MAX_BYTES,
  IFTA_API,
  type FuelImportRowDto,
  type IftaQuarterSummaryDto,
  type IftaStatus,
  fuelImportQuery,
  iftaCloseBody,
  iftaRatesBody,
  iftaReportFileName,
  quarterParams,
} from '../../../schema/ifta';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import { fileText } from '../../http/bodies';
import { sendCsvFile } from '../../http/csv';
import { audit } from '../audit/audit';
import { contentDisposition } from '../documents/store';
import { closeQuarter } from './close';
import { importFuel, previewFuel } from './fuelImport';
import { claimQuarter } from './quarters';
import { readRatesCsv, replaceRates } from './rates';
import { quarterReturn } from './report';
import { returnCsv, returnPdf } from './reportFiles';

const TAGS = ['IFTA'];
const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel'] as const;
type Permission = 'Read' | 'Create' | 'Update' | 'Export' | 'Approve';
const access = (permission: Permission) => ({ access: { feature: 'Ifta', permission } }) as const;
const tooLarge = `The file is larger than ${FUEL_CSV_MAX_BYTES / 1_000_000} MB: split it into smaller files`;
const csvUpload = (permission: Permission) => ({
  config: { ...access(permission), accepts: CSV_TYPES, tooLarge },
  bodyLimit: FUEL_CSV_MAX_BYTES,
});
type QuarterParams = z.output<typeof quarterParams>;

/**
 * IFTA (docs/product/ifta.md): a quarter's return (Read), its rate table (Update: typed, or read from a CSV first),
 * the fuel-card import (Create), the close that files it (Approve), the PDF and CSV of the return (Export).
 */
export default async function iftaRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  app.addContentTypeParser([...CSV_TYPES], (_request, payload, done) => done(null, payload));

  app.get(
    `${IFTA_API}/quarters`,
    {
      config: access('Read'),
      schema: { tags: TAGS, summary: 'The quarters worked on, newest first: open or closed, version, rates loaded' },
    },
    async () => {
      const rows = await db
        .selectFrom('ifta_quarters as q')
        .select((eb) => [
          'q.quarter',
          'q.status',
          'q.version',
          'q.closed_at',
          eb
            .selectFrom('ifta_rates as r')
            .select((e) => e.fn.countAll<number | string>().as('n'))
            .whereRef('r.quarter_id', '=', 'q.id')
            .as('rate_count'),
        ])
        .orderBy('q.quarter', 'desc')
        .execute();
      return ok(
        rows.map((r): IftaQuarterSummaryDto => ({
          quarter: r.quarter,
          status: r.status as IftaStatus,
          version: r.version,
          closedAt: r.closed_at,
          rateCount: Number(r.rate_count ?? 0),
        })),
      );
    },
  );

  app.get<{ Params: QuarterParams }>(
    `${IFTA_API}/quarters/:quarter`,
    {
      config: access('Read'),
      schema: {
        tags: TAGS,
        summary:
          'The quarter’s return: miles, gallons and tax per state, flags (states without a rate, miles in no state, loads without a route); once closed, as filed',
        params: quarterParams,
      },
    },
    async (request) => ok(await quarterReturn(db, request.params.quarter)),
  );

  app.put<{ Params: QuarterParams; Body: z.output<typeof iftaRatesBody> }>(
    `${IFTA_API}/quarters/:quarter/rates`,
    {
      config: access('Update'),
      schema: {
        tags: TAGS,
        summary:
          'Replace the quarter’s rate table (dollars per gallon as text, four decimals at most) at the version read; 409 when stale or closed',
        params: quarterParams,
        body: iftaRatesBody,
      },
    },
    async (request) => {
      const { quarter } = request.params;
      await transact(db, async (trx) => {
        const claimed = await claimQuarter(trx, quarter, request.body.version);
        await replaceRates(trx, claimed.id, request.body.rates);
        await audit(trx, request, {
          action: 'update',
          entity: 'ifta_rates',
          entityId: quarter,
          after: { rates: request.body.rates.length, version: claimed.version },
        });
      });
      return ok(await quarterReturn(db, quarter));
    },
  );

  app.post<{ Params: QuarterParams }>(
    `${IFTA_API}/quarters/:quarter/rates/preview`,
    {
      ...csvUpload('Update'),
      schema: {
        tags: TAGS,
        summary:
          'Read a rate table from a CSV (State, Rate): the rates and each line that could not be read; saves nothing',
        params: quarterParams,
      },
    },
    async (request) => ok(readRatesCsv(await fileText(request))),
  );

  app.post<{ Params: QuarterParams; Body: z.output<typeof iftaCloseBody> }>(
    `${IFTA_API}/quarters/:quarter/close`,
    {
      config: access('Approve'),
      schema: {
        tags: TAGS,
        summary:
          'Close the quarter as filed at the version read: its return is kept as it is now and later data does not change it; 409 when stale, closed, or a state lacks its rate',
        params: quarterParams,
        body: iftaCloseBody,
      },
    },
    async (request) => ok(await closeQuarter(db, request, request.params.quarter, request.body.version)),
  );

  const download = (reply: FastifyReply, quarter: string, kind: 'pdf' | 'csv') =>
    reply
      .header('content-disposition', contentDisposition(iftaReportFileName(quarter, kind)))
      .header('cache-control', 'private, no-store');

  app.get<{ Params: QuarterParams }>(
    `${IFTA_API}/quarters/:quarter/report.pdf`,
    {
      config: access('Export'),
      schema: { tags: TAGS, summary: 'The quarter’s return as a PDF (as filed once closed)', params: quarterParams },
    },
    async (request, reply) => {
      const pdf = await returnPdf(await quarterReturn(db, request.params.quarter));
      return download(reply, request.params.quarter, 'pdf').type('application/pdf').send(pdf);
    },
  );

  app.get<{ Params: QuarterParams }>(
    `${IFTA_API}/quarters/:quarter/report.csv`,
    {
      config: access('Export'),
      schema: { tags: TAGS, summary: 'The quarter’s return as CSV (as filed once closed)', params: quarterParams },
    },
    async (request, reply) => {
      const filed = await quarterReturn(db, request.params.quarter);
      return sendCsvFile(reply, iftaReportFileName(request.params.quarter, 'csv'), Readable.from(returnCsv(filed)));
    },
  );

  app.post(
    `${IFTA_API}/fuel/preview`,
    {
      ...csvUpload('Create'),
      schema: {
        tags: TAGS,
        summary:
          'Read a fuel card company’s transaction export (CSV): lines ready, already imported, not fuel, refused by line with why; saves nothing',
      },
    },
    async (request) => ok(await previewFuel(db, await fileText(request))),
  );

  app.post<{ Querystring: z.output<typeof fuelImportQuery> }>(
    `${IFTA_API}/fuel/import`,
    {
      ...csvUpload('Create'),
      schema: {
        tags: TAGS,
        summary:
          'Import a fuel card company’s transaction export (CSV): each fuel line once (again: counted, not added), the lines refused named by line',
        querystring: fuelImportQuery,
      },
    },
    async (request) =>
      ok(await importFuel(db, request, await fileText(request), request.query.fileName || 'fuel-card-export.csv')),
  );

  app.get(
    `${IFTA_API}/fuel/imports`,
    {
      config: access('Read'),
      schema: { tags: TAGS, summary: 'The fuel-card files imported, newest first (the last 50)' },
    },
    async () => {
      const rows = await db
        .selectFrom('fuel_imports as i')
        .leftJoin('users as u', 'u.id', 'i.created_by')
        .select([
          'i.id',
          'i.file_name',
          'i.row_count',
          'i.added_count',
          'i.duplicate_count',
          'i.refused_count',
          'i.created_at',
          'u.first_name',
          'u.last_name',
        ])
        .orderBy('i.id', 'desc')
        .limit(50)
        .execute();
      return ok(
        rows.map((r): FuelImportRowDto => ({
          id: r.id,
          fileName: r.file_name,
          lines: r.row_count,
          added: r.added_count,
          duplicates: r.duplicate_count,
          refused: r.refused_count,
          createdAt: r.created_at,
          createdBy: r.first_name === null ? null : personName(r.first_name, r.last_name),
        })),
      );
    },
  );
}
