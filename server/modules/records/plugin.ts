import type { FastifyInstance } from 'fastify';
import type { AnyResource } from '../../../schema/define/resource';
import { RECORD_RESOURCES, type RecordTableName } from '../../../schema/resources';
import type { ServerContext } from '../../context';
import { brokerFeeExtension } from '../brokerFees/routes';
import { claimExtension } from '../claims/claims';
import { dispatcherPayRuleExtension } from '../dispatcherPayRules/routes';
import { driverEventExtension } from '../driverEvents/routes';
import { driverExtension } from '../drivers/routes';
import { evaluationExtension } from '../evaluations/extension';
import { payBillExtension } from '../finances/payBills';
import { transactionExtension } from '../finances/transactions';
import { fuelCardExtension } from '../fuelCards/routes';
import { unitExtension } from '../units/routes';
import { citationExtension } from '../tickets/citations';
import { inspectionExtension } from '../tickets/inspections';
import { ticketExtension } from '../tickets/tickets';
import { userExtension } from '../users/record';
import { type AnyExtension, fromDefinition } from './fromDefinition';
import { registerRecord } from './routes';

/**
 * The server code of the resources that need more than their definition, by table. A resource without an entry is
 * served from its definition alone.
 */
const EXTENSIONS: { [T in RecordTableName]?: (ctx: ServerContext) => AnyExtension | Promise<AnyExtension> } = {
  users: userExtension as never,
  drivers: () => driverExtension as never,
  units: unitExtension as never,
  fuel_cards: fuelCardExtension as never,
  driver_transactions: transactionExtension as never,
  pay_bills: payBillExtension as never,
  broker_fee_transactions: brokerFeeExtension as never,
  tickets: ticketExtension as never,
  citations: () => citationExtension as never,
  inspection_reports: () => inspectionExtension as never,
  claims: claimExtension as never,
  evaluations: evaluationExtension as never,
  driver_events: driverEventExtension as never,
  dispatcher_pay_rules: dispatcherPayRuleExtension as never,
};

/**
 * The record routes of every definition of schema/resources (list, export, get, create, update, delete, restore)
 * and their extensions' own routes. `extra` serves more definitions (the tests' throw-away resource).
 */
export function recordRoutes(extra: readonly AnyResource[] = []) {
  return async function records(app: FastifyInstance, ctx: ServerContext) {
    for (const def of [...RECORD_RESOURCES, ...extra] as AnyResource[]) {
      const extension = (await EXTENSIONS[def.table as RecordTableName]?.(ctx)) ?? {};
      const helpers = registerRecord(app, ctx, fromDefinition(def, extension));
      await extension.routes?.(app, ctx, helpers as never);
    }
  };
}
