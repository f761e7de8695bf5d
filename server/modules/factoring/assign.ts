import type { FastifyRequest } from 'fastify';
import type { PayerKind } from '../../../schema/invoices';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import { bumpInvoice, invoiceAt, wrongState } from '../invoices/states';

/** A factoring company that may take invoices now: not deleted and active, else 400 naming `field`. */
export async function activeFactor(db: Db, id: number, field: string) {
  const factor = await db
    .selectFrom('factoring_companies')
    .select(['id', 'name', 'active'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!factor) throw badRequest('No such factoring company', field);
  if (!Number(factor.active))
    throw badRequest(`${factor.name} is inactive: choose an active factoring company, or none`, field);
  return { id: Number(factor.id), name: factor.name };
}

/**
 * The factor a new invoice is assigned to (docs/product/factoring.md#per-invoice): the one the body names, none when
 * it says null, else the payer's own (docs/product/factoring.md#per-customer). Whichever it is must be active.
 */
export async function factorOfNewInvoice(
  db: Db,
  payerKind: PayerKind,
  payerId: number,
  chosen: number | null | undefined,
): Promise<number | null> {
  if (chosen === null) return null;
  if (chosen !== undefined) return (await activeFactor(db, chosen, 'factoringCompanyId')).id;
  const payer = await db
    .selectFrom(payerKind === 'BROKER' ? 'brokers' : 'shippers')
    .select('factoring_company_id')
    .where('id', '=', payerId)
    .executeTakeFirst();
  const own = payer?.factoring_company_id;
  if (own === null || own === undefined) return null;
  return (await activeFactor(db, Number(own), 'factoringCompanyId')).id;
}

/**
 * Assigns a draft invoice to a factor, or to none (docs/product/factoring.md#per-invoice), at the version the client
 * read, inside the caller's `transact`: a sent invoice keeps the factor its PDF and mail named.
 */
export async function setInvoiceFactor(
  trx: Db,
  request: FastifyRequest,
  id: number,
  version: number,
  factoringCompanyId: number | null,
): Promise<void> {
  const invoice = await invoiceAt(trx, id, version);
  if (invoice.status !== 'DRAFT') throw wrongState(invoice, 'only a draft changes its factoring company');
  const factor = factoringCompanyId === null ? null : await activeFactor(trx, factoringCompanyId, 'factoringCompanyId');
  await bumpInvoice(trx, invoice, { factoring_company_id: factor?.id ?? null });
  await audit(trx, request, {
    action: 'update',
    entity: 'invoice',
    entityId: id,
    before: { factoringCompanyId: invoice.factoring?.id ?? null },
    after: { factoringCompanyId: factor?.id ?? null, factoringCompany: factor?.name ?? null },
  });
}
