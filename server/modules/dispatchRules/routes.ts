import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type DispatchCheckQuery,
  type DispatchRulesBody,
  type DispatchRulesDto,
  OVERRIDE_MESSAGES,
  REQUIRED_CREDENTIALS,
  dispatchCheckQuery,
  dispatchRulesBody,
} from '../../../schema/dispatchRules';
import { personName } from '../../../schema/format';
import { type ServerContext, ok } from '../../context';
import { transact } from '../../db/transaction';
import { forbidden, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { saveSetting } from '../company/routes';
import { isAdministrator } from '../users/guards';
import { bookingRefusals } from './enforce';
import { REQUIRED_CREDENTIALS_SETTING, requiredCredentials } from './settings';

/**
 * The dispatch rules (docs/product/compliance.md#dispatch-rules): what a save would refuse, asked by the order form
 * and the dispatch board before they save, and the credentials the company requires (administrators change them).
 * The writes themselves are refused by enforceBookingRules inside the order's routes.
 */
export default async function dispatchRuleRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  app.get<{ Querystring: DispatchCheckQuery }>(
    '/api/BookOrder/dispatch-check',
    {
      config: { access: { feature: 'BookOrders', permission: 'Read' } },
      schema: {
        tags: ['Book orders'],
        summary:
          'What saving this driver and broker on these dates would refuse (expired or missing credentials, inactive authority), and whether the caller may override',
        querystring: dispatchCheckQuery,
      },
    },
    async (request) => {
      const q = request.query;
      let before = null;
      if (q.orderId !== undefined) {
        const order = await db
          .selectFrom('book_orders')
          .select(['driver_id', 'broker_id'])
          .where('id', '=', q.orderId)
          .executeTakeFirst();
        if (!order) throw notFound('Order');
        before = { driverId: order.driver_id, brokerId: order.broker_id };
      }
      const refusals = await bookingRefusals(
        db,
        {
          driverId: q.driverId ?? null,
          brokerId: q.brokerId ?? null,
          pickup: q.pickupDate ? { date: q.pickupDate } : undefined,
          delivery: q.deliveryDate ? { date: q.deliveryDate } : undefined,
        },
        before,
      );
      return ok({ refusals, canOverride: await isAdministrator(db, request) });
    },
  );

  async function rulesFor(request: FastifyRequest): Promise<DispatchRulesDto> {
    const { required, updatedAt, updatedById } = await requiredCredentials(db);
    const by =
      updatedById === null
        ? undefined
        : await db
            .selectFrom('users')
            .select(['first_name', 'last_name'])
            .where('id', '=', updatedById)
            .executeTakeFirst();
    return {
      required,
      updatedAt,
      updatedBy: by ? personName(by.first_name, by.last_name) : null,
      canChange: await isAdministrator(db, request),
    };
  }

  app.get(
    '/api/Company/dispatch-rules',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['Company'],
        summary: 'The credentials a driver must have on file to be dispatched, beyond valid CDL and medical card dates',
      },
    },
    async (request) => ok(await rulesFor(request)),
  );

  app.put<{ Body: DispatchRulesBody }>(
    '/api/Company/dispatch-rules',
    {
      config: { access: { signedIn: true } },
      // Refused before the body is read: a non-administrator learns nothing from the validation.
      preValidation: async (request) => {
        if (!(await isAdministrator(db, request))) throw forbidden(OVERRIDE_MESSAGES.onlyAdministratorsRules);
      },
      schema: {
        tags: ['Company'],
        summary: 'Change the credentials required to dispatch a driver (administrators only)',
        body: dispatchRulesBody,
      },
    },
    async (request) => {
      const required = REQUIRED_CREDENTIALS.filter((key) => request.body.required.includes(key));
      await transact(db, async (trx) => {
        const before = await requiredCredentials(trx);
        if (before.required.join() === required.join()) return;
        await saveSetting(trx, REQUIRED_CREDENTIALS_SETTING, JSON.stringify(required), request.auth!.user.id);
        await audit(trx, request, {
          action: 'update',
          entity: 'company_settings',
          entityId: REQUIRED_CREDENTIALS_SETTING,
          before: { required: before.required },
          after: { required },
        });
      });
      return ok(await rulesFor(request));
    },
  );
}
