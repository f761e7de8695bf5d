import type { FastifyInstance } from 'fastify';
import { type ReportAnswer, type ReportDefinition, type ReportQuery, reportQuery } from '../../../schema/reports';
import { ok, type ServerContext } from '../../context';
import { sendCsvFile } from '../../http/csv';
import { reportCsv, reportFileName } from './csv';
import { credentials } from './credentials';
import { dispatcherSalary } from './dispatcherSalary';
import { driverLoads } from './driverLoads';
import { evaluationReport } from './evaluations';
import { type Report, runOf } from './frame';
import { byDispatcher, byDriver } from './people';
import { weeklyFinance } from './weeklyFinance';
import { weeklyReport } from './weeklyReport';

/** Every report of schema/reports.ts REPORT_LIST, each answered by its module. */
export const REPORT_MODULES: readonly Report[] = [
  weeklyReport,
  weeklyFinance,
  byDispatcher,
  byDriver,
  driverLoads,
  credentials,
  dispatcherSalary,
  evaluationReport,
];

const tags = ['Reports'];

/**
 * A long answer's rows a page at a time (a year by driver for a carrier is ~1,800 rows): the totals and chart stay the
 * whole period's. A report that pages its own rows (the driver's loads) says so with `total`.
 */
export function pageOf(answer: ReportAnswer, page: number, size: number): ReportAnswer {
  if (answer.total !== undefined || answer.rows.length <= size) return answer;
  return { ...answer, rows: answer.rows.slice((page - 1) * size, page * size), total: answer.rows.length, page, size };
}

/**
 * The reports (docs/analytics.md, schema/reports.ts): GET /api/Reports/{name} answers { from, to, rows, chart?, totals,
 * previous? } under `value`; GET /api/Reports/{name}/export the same rows as CSV. Each reads its report's feature
 * (Read, Export); an unknown name is the router's 404.
 */
export default async function reportRoutes(app: FastifyInstance, ctx: ServerContext) {
  for (const report of REPORT_MODULES) {
    const definition: ReportDefinition = report.definition;
    const answer = async (request: Parameters<typeof runOf>[1], query: ReportQuery) => {
      const run = await (report.runOf ? report.runOf(ctx, request, query) : runOf(ctx, request, definition, query));
      return { run, answer: await report.answer(run) };
    };
    app.get<{ Querystring: ReportQuery }>(
      `/api/Reports/${definition.name}`,
      {
        config: { access: { feature: definition.feature, permission: 'Read' } },
        schema: {
          tags,
          summary: `${definition.title}: rows, chart, totals${definition.compares ? " and the previous period's totals" : ''} for the period and filters`,
          querystring: reportQuery,
        },
      },
      async (request) => {
        const { run, answer: result } = await answer(request, { ...request.query, page: request.query.page ?? 1 });
        return ok(pageOf(result, run.page ?? 1, run.size));
      },
    );

    app.get<{ Querystring: ReportQuery }>(
      `/api/Reports/${definition.name}/export`,
      {
        config: { access: { feature: definition.feature, permission: 'Export' } },
        schema: {
          tags,
          summary: `${definition.title} as CSV (the same rows; the columns of the grouping)`,
          querystring: reportQuery,
        },
      },
      async (request, reply) => {
        // The file has every row, whatever page the screen shows.
        const { run, answer: result } = await answer(request, { ...request.query, page: undefined });
        return sendCsvFile(reply, reportFileName(definition, result), reportCsv(definition, run.groupBy, result));
      },
    );
  }
}
