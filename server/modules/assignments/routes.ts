import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';
import { dispatcherAssignmentRoutes } from './dispatchers';
import { unitAssignmentRoutes } from './units';
import { unitsOnDayRoute } from './unitsOnDay';

/** Dated assignments: driver ↔ dispatcher, driver ↔ truck / trailer / fuel card (schema/assignments.ts). */
export default async function assignmentRoutes(app: FastifyInstance, ctx: ServerContext) {
  dispatcherAssignmentRoutes(app, ctx);
  unitAssignmentRoutes(app, ctx);
  unitsOnDayRoute(app, ctx);
}
