import { RECEIVABLES_ROUTE } from '../../schema/receivables';
import { registerRecordResource } from '../../ui/records/definitions';

/** Receivables at /app/management/customers (schema/receivables.ts): the list and one customer's page. */
export const receivablesResource = registerRecordResource({
  name: 'management/customers',
  api: '/api/Receivables',
  endpoints: { restore: undefined },
});

export const RECEIVABLES_PATH = RECEIVABLES_ROUTE;
/** A customer's API address: /api/Receivables/broker/12 (and /invoices, /payments, /export, /statement). */
export const customerApi = (key: { kind: string; id: number }, action?: string) =>
  `/api/Receivables/${key.kind.toLowerCase()}/${key.id}${action ? `/${action}` : ''}`;
