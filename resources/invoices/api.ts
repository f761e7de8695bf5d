import { INVOICES_ROUTE } from '../../schema/invoices';
import { registerRecordResource } from '../../ui/records/definitions';

/** Invoices at /app/management/invoices (schema/invoices.ts): the list, a new invoice and one invoice's page. */
export const invoicesResource = registerRecordResource({
  name: 'management/invoices',
  api: '/api/Invoices',
  endpoints: { restore: undefined },
});

export const INVOICES_PATH = INVOICES_ROUTE;
export const invoicePath = (id: number) => `${INVOICES_PATH}/${id}`;
export const invoiceApi = (id: number, action?: 'send' | 'void' | 'pdf') =>
  `/api/Invoices/${id}${action ? `/${action}` : ''}`;
