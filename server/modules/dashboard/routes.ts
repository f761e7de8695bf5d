import type { FastifyInstance } from 'fastify';
import { type DashboardQuery, dashboardQuery } from '../../../schema/dashboard';
import { todayIso } from '../../../schema/expiry';
import { requestAllows } from '../../auth/principal';
import { type ServerContext, ok } from '../../context';
import { dashboardSummary } from './summary';

/**
 * The landing dashboard (docs/analytics.md, schema/dashboard.ts): GET /api/Dashboard/summary. Any signed-in user may
 * ask; each tile is computed and sent only when the user may read its feature (summary.ts).
 */
export default async function dashboardRoutes(app: FastifyInstance, ctx: ServerContext) {
  const summarize = dashboardSummary(ctx);
  app.get<{ Querystring: DashboardQuery }>(
    '/api/Dashboard/summary',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['Dashboard'],
        summary:
          'The landing dashboard: loads by status, gross by week, loads waiting, expirations, claims, court dates, AR and COD — each tile only with Read on its feature',
        querystring: dashboardQuery,
      },
    },
    async (request) => {
      return ok(
        await summarize(request.query.today ?? todayIso(), (features) =>
          requestAllows(ctx.permissions, request, features, 'Read'),
        ),
      );
    },
  );
}
