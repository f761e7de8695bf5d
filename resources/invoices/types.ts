import type { InvoiceDto } from '../../schema/invoices';

/** A row of the list: the invoice without its lines and orders (server/modules/invoices/queries.ts). */
export type InvoiceSummary = Omit<InvoiceDto, 'lines' | 'orders' | 'creditNote'>;
