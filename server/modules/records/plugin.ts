import type { FastifyInstance } from 'fastify';
import type { AnyResource } from '../../../schema/define/resource';
import { RECORD_RESOURCES, type RecordResource, type RecordTableName } from '../../../schema/resources';
import type { ServerContext } from '../../context';
import { brokerFeeExtension } from '../brokerFees/brokerFees';
import { claimExtension } from '../claims/claims';
import { dispatcherPayRuleExtension } from '../dispatcherPayRules/dispatcherPayRules';
import { driverEventExtension } from '../driverEvents/driverEvents';
import { driverExtension } from '../drivers/drivers';
import { evaluationExtension } from '../evaluations/evaluations';
import {
  brokerFactorExtension,
  factoringCompanyExtension,
  shipperFactorExtension,
} from '../factoring/factoringCompanies';
import { payBillExtension } from '../finances/payBills';
import { transactionExtension } from '../finances/transactions';
import { fuelCardExtension } from '../fuelCards/fuelCards';
import { vehicleExtension } from '../units/vehicles';
import { citationExtension } from '../tickets/citations';
import { inspectionExtension } from '../tickets/inspections';
import { ticketExtension } from '../tickets/tickets';
import { userExtension } from '../users/users';
import { withSheetParty } from '../orderDrafts/parties';
import { type AnyExtension, type RecordExtension, fromDefinition } from './fromDefinition';
import { registerRecord } from './routes';

/** The resource of schema/resources whose table is T. */
type ResourceOf<T extends RecordTableName> = Extract<RecordResource, { table: T }>;
/** How the server makes an extension of resource D (some read the database first: the card hash key). */
type ExtensionFactory<D extends AnyResource> = (ctx: ServerContext) => RecordExtension<D> | Promise<RecordExtension<D>>;
/** The registry's type: the extension of table T is an extension of T's resource (another's is a compile error). */
export type Extensions = { [T in RecordTableName]?: ExtensionFactory<ResourceOf<T>> };

/**
 * The server code of the resources that need more than their definition, by table. A resource without an entry is
 * served from its definition alone. Each extension lives beside its module, in the file named as its definition's
 * (schema/resources/drivers.ts → server/modules/drivers/drivers.ts).
 */
const EXTENSIONS: Extensions = {
  users: userExtension,
  drivers: () => driverExtension,
  units: vehicleExtension,
  fuel_cards: fuelCardExtension,
  driver_transactions: transactionExtension,
  pay_bills: payBillExtension,
  broker_fee_transactions: brokerFeeExtension,
  tickets: ticketExtension,
  citations: () => citationExtension,
  inspection_reports: () => inspectionExtension,
  claims: claimExtension,
  evaluations: evaluationExtension,
  driver_events: driverEventExtension,
  dispatcher_pay_rules: dispatcherPayRuleExtension,
  factoring_companies: () => factoringCompanyExtension,
  brokers: () => withSheetParty('broker', brokerFactorExtension),
  shippers: () => withSheetParty('shipper', shipperFactorExtension),
};
/** The same registry looked up by a table name read at run time (each entry was checked against its resource above). */
const EXTENSIONS_BY_TABLE: Partial<Record<string, (ctx: ServerContext) => AnyExtension | Promise<AnyExtension>>> =
  EXTENSIONS;

/** One resource's record routes (from its definition and extension), then the extension's own routes with the helpers. */
async function serve<D extends AnyResource>(
  app: FastifyInstance,
  ctx: ServerContext,
  resource: D,
  extension: RecordExtension<D>,
) {
  const records = registerRecord(app, ctx, fromDefinition(resource, extension));
  await extension.routes?.(app, ctx, records);
}

/**
 * The record routes of every definition of schema/resources (list, export, get, create, update, delete, restore)
 * and their extensions' own routes. `extra` serves more definitions (the tests' throw-away resource).
 */
export function recordRoutes(extra: readonly AnyResource[] = []) {
  return async function records(app: FastifyInstance, ctx: ServerContext) {
    const resources: readonly AnyResource[] = [...RECORD_RESOURCES, ...extra];
    for (const resource of resources) {
      const extension: AnyExtension = (await EXTENSIONS_BY_TABLE[resource.table]?.(ctx)) ?? {};
      await serve(app, ctx, resource, extension);
    }
  };
}
