import type { FastifyRequest } from 'fastify';
import { addDays, todayIso } from '../../../schema/expiry';
import { enumWords, usCents } from '../../../schema/format';
import { type InvoiceCreateBody, type PayerKind, PAYER_KIND_LABELS, invoiceNumberText } from '../../../schema/invoices';
import { MAX_MONEY_CENTS } from '../../../schema/money';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { audit } from '../audit/audit';
import { factorOfNewInvoice } from '../factoring/assign';
import { takeNumber } from './numbers';

interface LineDraft {
  kind: 'LINEHAUL' | 'PRODUCT';
  orderId: number | null;
  productId: number | null;
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
  quickBooksItem: string | null;
  incomeAccount: string | null;
}

/** The payer of an invoice, not deleted: a broker or a shipper, with its payment terms. */
export async function payerOf(db: Db, kind: PayerKind, id: number) {
  const table = kind === 'BROKER' ? 'brokers' : 'shippers';
  const payer = await db
    .selectFrom(table)
    .select(['id', 'name', 'email', 'payment_terms_days'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!payer) throw badRequest(`No such ${PAYER_KIND_LABELS[kind].toLowerCase()}`, 'payerId');
  return { ...payer, id: Number(payer.id), termsDays: Number(payer.payment_terms_days) };
}

/**
 * Linehaul per vehicle: each vehicle at its own price when the vehicles' prices make the order's; otherwise the
 * order's price shared out evenly (the cents left over on the first vehicles), so the lines always sum to the price.
 */
export function linehaulShares(priceCents: number, vehiclePrices: number[]): number[] {
  if (!vehiclePrices.length) return [priceCents];
  if (vehiclePrices.reduce((a, b) => a + b, 0) === priceCents) return vehiclePrices;
  const base = Math.floor(priceCents / vehiclePrices.length);
  const left = priceCents - base * vehiclePrices.length;
  return vehiclePrices.map((_, i) => base + (i < left ? 1 : 0));
}

/** An order already on a live invoice: the 409 names that invoice. */
export async function liveInvoiceOf(db: Db, orderId: number) {
  return db
    .selectFrom('invoice_orders as io')
    .innerJoin('invoices as i', 'i.id', 'io.invoice_id')
    .select(['i.id', 'i.number'])
    .where('io.book_order_id', '=', orderId)
    .where('io.live', '=', 1)
    .executeTakeFirst();
}

/**
 * Makes an invoice inside the caller's transaction (docs/product/invoices.md#making-one): the payer's delivered
 * orders on no live invoice, their linehaul per vehicle, the products chosen, due by the payer's terms, with the next
 * number of the series. Answers the new invoice's id.
 */
export async function createInvoice(trx: Db, request: FastifyRequest, body: InvoiceCreateBody): Promise<number> {
  const payer = await payerOf(trx, body.payerKind, body.payerId);
  const factorId = await factorOfNewInvoice(trx, body.payerKind, payer.id, body.factoringCompanyId);
  const orderIds = [...new Set(body.orderIds)];
  const orders = await trx
    .selectFrom('book_orders')
    .select(['id', 'order_number', 'status', 'broker_id', 'shipper_id', 'price_cents'])
    .where('id', 'in', orderIds)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const missing = orderIds.find((id) => !orders.some((o) => Number(o.id) === id));
  if (missing !== undefined) throw badRequest(`Book order ${missing} not found`, 'orderIds');
  for (const order of orders) {
    const payerId = Number(body.payerKind === 'BROKER' ? order.broker_id : order.shipper_id);
    if (payerId !== payer.id) throw badRequest(`Order ${order.order_number} is not paid by ${payer.name}`, 'orderIds');
    const live = await liveInvoiceOf(trx, Number(order.id));
    if (live)
      throw conflict(`Order ${order.order_number} is on invoice ${invoiceNumberText(Number(live.number))} already`, {
        invoiceId: Number(live.id),
        invoiceNumber: Number(live.number),
      });
    if (order.status !== 'DELIVERED')
      throw conflict(
        `Order ${order.order_number} is ${enumWords(order.status).toLowerCase()}: only a delivered order is invoiced`,
      );
    // An order is paid through its invoice once it has one (server/modules/bank/openItems.ts): a deposit already
    // matched to the order itself would be counted twice.
    const settled = await trx
      .selectFrom('bank_item_settlements')
      .select('settled_cents')
      .where('item_type', '=', 'BOOK_ORDER')
      .where('item_id', '=', order.id)
      .executeTakeFirst();
    if (Number(settled?.settled_cents ?? 0) > 0)
      throw conflict(
        `${usCents(Number(settled!.settled_cents))} from the bank is matched to order ${order.order_number} itself. Undo that bank match to bill it on an invoice.`,
      );
  }

  // The linehaul product names the linehaul lines and their QuickBooks item (schema/products.ts ORDER_PRICE).
  const linehaulProduct = await trx
    .selectFrom('products')
    .select(['id', 'name', 'quick_books_item', 'income_account'])
    .where('charge', '=', 'ORDER_PRICE')
    .where('active', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .executeTakeFirst();
  const lines: LineDraft[] = [];
  let vehicleCount = 0;
  for (const order of orders) {
    const vehicles = await trx
      .selectFrom('book_order_vehicles')
      .select(['year', 'make', 'model', 'vin', 'price_cents'])
      .where('book_order_id', '=', order.id)
      .orderBy('position')
      .execute();
    vehicleCount += Math.max(vehicles.length, 1);
    const shares = linehaulShares(
      Number(order.price_cents),
      vehicles.map((v) => Number(v.price_cents)),
    );
    shares.forEach((cents, i) => {
      const vehicle = vehicles[i];
      const what = vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}, VIN ${vehicle.vin}` : 'vehicles';
      lines.push({
        kind: 'LINEHAUL',
        orderId: Number(order.id),
        productId: linehaulProduct ? Number(linehaulProduct.id) : null,
        description: `${linehaulProduct?.name ?? 'Linehaul'}, order ${order.order_number}: ${what}`,
        quantity: 1,
        unitCents: cents,
        amountCents: cents,
        quickBooksItem: linehaulProduct?.quick_books_item ?? null,
        incomeAccount: linehaulProduct?.income_account ?? null,
      });
    });
  }
  const linehaulCents = lines.reduce((sum, line) => sum + line.amountCents, 0);

  for (const [index, wanted] of body.products.entries()) {
    const product = await trx
      .selectFrom('products')
      .selectAll()
      .where('id', '=', wanted.productId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!product || !product.active) throw badRequest('No such active product', `products.${index}.productId`);
    const common = {
      kind: 'PRODUCT' as const,
      orderId: null,
      productId: Number(product.id),
      quickBooksItem: product.quick_books_item,
      incomeAccount: product.income_account,
    };
    if (product.charge === 'ORDER_PRICE')
      throw badRequest(`${product.name} is billed from the orders already`, `products.${index}.productId`);
    if (product.charge === 'PERCENT_OF_LINEHAUL') {
      // Hundredths of a percent (schema/resources/products.ts): exact integers, rounded once to the cent.
      const amount = Math.round((linehaulCents * Number(product.percent)) / 10_000);
      lines.push({
        ...common,
        description: `${product.name} (${Number(product.percent) / 100}% of linehaul)`,
        quantity: 1,
        unitCents: amount,
        amountCents: amount,
      });
    } else {
      const quantity = wanted.quantity ?? (product.charge === 'PER_VEHICLE' ? vehicleCount : 1);
      const unit = Number(product.price_cents);
      lines.push({ ...common, description: product.name, quantity, unitCents: unit, amountCents: unit * quantity });
    }
  }

  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total > MAX_MONEY_CENTS) throw badRequest(`An invoice is at most ${usCents(MAX_MONEY_CENTS)}`, 'orderIds');
  const issuedOn = body.issuedOn ?? todayIso();
  const number = await takeNumber(trx, 'invoice');
  const now = new Date().toISOString();
  const userId = request.auth?.user.id ?? null;
  const invoice = await trx
    .insertInto('invoices')
    .values({
      number,
      payer_kind: body.payerKind,
      broker_id: body.payerKind === 'BROKER' ? payer.id : null,
      shipper_id: body.payerKind === 'SHIPPER' ? payer.id : null,
      status: 'DRAFT',
      issued_on: issuedOn,
      terms_days: payer.termsDays,
      due_on: addDays(issuedOn, payer.termsDays),
      subtotal_cents: total,
      total_cents: total,
      notes: body.notes ?? null,
      factoring_company_id: factorId,
      created_by: userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(invoice.id);
  await trx
    .insertInto('invoice_orders')
    .values(orders.map((o) => ({ invoice_id: id, book_order_id: Number(o.id), live: 1 })))
    .execute();
  await trx
    .insertInto('invoice_lines')
    .values(
      lines.map((line, position) => ({
        invoice_id: id,
        position,
        kind: line.kind,
        book_order_id: line.orderId,
        product_id: line.productId,
        description: line.description,
        quantity: line.quantity,
        unit_cents: line.unitCents,
        amount_cents: line.amountCents,
        quickbooks_item: line.quickBooksItem,
        income_account: line.incomeAccount,
      })),
    )
    .execute();
  await audit(trx, request, {
    action: 'create',
    entity: 'invoice',
    entityId: id,
    after: {
      number,
      payer: payer.name,
      orders: orders.map((o) => o.order_number),
      totalCents: total,
      factoringCompanyId: factorId,
    },
  });
  return id;
}
