import { usCents, usDate } from '../../../schema/format';
import {
  type InvoiceDto,
  type InvoiceFactoringDto,
  INVOICE_STATUS_LABELS,
  PAYER_KIND_LABELS,
} from '../../../schema/invoices';
import type { ServerContext } from '../../context';
import { companyFromEnv } from '../contact/company';
import { pdfDocument } from '../documents/pdf';
import { bolOf, documentCompany, thumbnailsOf } from '../vehicleInspections/bol';
import { drawBol, plain } from '../vehicleInspections/bolPdf';

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const GREY = '#555555';

/** The payer's address block, as its record holds it. */
async function payerAddress(ctx: ServerContext, invoice: InvoiceDto): Promise<string[]> {
  // Brokers and shippers keep their address in the same columns.
  const table = (invoice.payerKind === 'BROKER' ? 'brokers' : 'shippers') as 'shippers';
  const row = await ctx.db
    .selectFrom(`${table} as p`)
    .leftJoin('states as st', 'st.id', 'p.state_id')
    .select(['p.address', 'p.city', 'p.zip', 'p.email', 'st.abbreviation as state'])
    .where('p.id', '=', invoice.payerId)
    .executeTakeFirst();
  if (!row) return [];
  return [
    row.address,
    [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    row.email,
  ].filter((line): line is string => !!line);
}

/** The bills of lading the invoice carries: each order's delivery bill, when a vehicle of it was inspected. */
async function billsOf(ctx: ServerContext, invoice: InvoiceDto) {
  const bills = [];
  for (const order of invoice.orders) {
    const bill = await bolOf(ctx, order.id, 'DELIVERY');
    if (bill.vehicles.some((vehicle) => vehicle.inspection?.completedAt))
      bills.push({ bill, thumbnails: await thumbnailsOf(ctx.db, ctx.files, bill.vehicles) });
  }
  return bills;
}

/**
 * An assigned invoice's "Pay to" (docs/product/factoring.md#notice): the factor and its remit-to address in a framed
 * box across the page, with the notice of assignment in bold, where a payables clerk cannot miss it.
 */
function drawPayTo(doc: PDFKit.PDFDocument, factoring: InvoiceFactoringDto) {
  const top = doc.y;
  const pad = 10;
  const inner = WIDTH - 2 * pad;
  const draw = (dry: boolean) => {
    let y = top + pad;
    const line = (value: string, font: string, size: number, colour = '#000000') => {
      doc.font(font).fontSize(size);
      const height = doc.heightOfString(plain(value), { width: inner });
      if (!dry) doc.fillColor(colour).text(plain(value), MARGIN + pad, y, { width: inner });
      y += height + 2;
    };
    line('PAY TO (THIS INVOICE IS ASSIGNED)', 'Helvetica-Bold', 9, '#8a1c1c');
    line(factoring.name, 'Helvetica-Bold', 13);
    for (const remit of factoring.remitTo) line(remit, 'Helvetica', 10);
    y += 4;
    line(factoring.noticeText, 'Helvetica-Bold', 9.5);
    return y + pad - 2;
  };
  const bottom = draw(true);
  doc
    .rect(MARGIN, top, WIDTH, bottom - top)
    .fillColor('#fff4e5')
    .fill();
  doc
    .rect(MARGIN, top, WIDTH, bottom - top)
    .lineWidth(2)
    .strokeColor('#8a1c1c')
    .stroke();
  draw(false);
  doc.fillColor('#000000');
  doc.y = bottom + 14;
}

/**
 * The invoice as a PDF (pdfkit, US Letter, as the bill of lading): the company, the payer, number, dates and terms,
 * the lines and totals in dollars, the credit note when voided; then each order's delivery bill of lading, drawn by
 * the bill's own code (server/modules/vehicleInspections/bolPdf.ts drawBol).
 */
export async function invoicePdf(ctx: ServerContext, invoice: InvoiceDto): Promise<Buffer> {
  const env = companyFromEnv();
  const carrier = await ctx.db
    .selectFrom('book_orders as o')
    .leftJoin('carriers as c', 'c.id', 'o.carrier_id')
    .select('c.name')
    .where('o.id', '=', invoice.orders[0]?.id ?? 0)
    .executeTakeFirst();
  const company = documentCompany(carrier?.name ?? null);
  const { doc, done } = pdfDocument({
    Title: plain(`Invoice ${invoice.numberText}`),
    Author: plain(company),
    Subject: plain(`Invoice ${invoice.numberText} to ${invoice.payerName}`),
  });
  const left = MARGIN;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(plain(value), x, y, options);

  // The head: the company on the left, the invoice's number and dates on the right.
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000');
  text(company, left, MARGIN, { width: WIDTH / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const line of [env.address, env.phone, env.email].filter((l): l is string => !!l))
    text(line, left, doc.y, { width: WIDTH / 2 });
  const companyBottom = doc.y;
  const right = left + WIDTH / 2;
  doc.font('Helvetica-Bold').fontSize(22).fillColor('#000000');
  text(invoice.status === 'VOID' ? 'INVOICE (VOID)' : 'INVOICE', right, MARGIN, { width: WIDTH / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Invoice', invoice.numberText],
    ['Date', usDate(invoice.issuedOn)],
    ['Terms', invoice.terms],
    ['Due', usDate(invoice.dueOn)],
  ];
  for (const [name, value] of facts) {
    const y = doc.y;
    doc.fillColor(GREY).text(name, right, y, { width: WIDTH / 2 - 110, align: 'right' });
    doc.fillColor('#000000').text(plain(value), right + WIDTH / 2 - 100, y, { width: 100, align: 'right' });
  }
  doc.y = Math.max(doc.y, companyBottom) + 18;

  // Bill to.
  doc.font('Helvetica').fontSize(8).fillColor(GREY);
  text(`BILL TO (${PAYER_KIND_LABELS[invoice.payerKind].toUpperCase()})`, left, doc.y);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000');
  text(invoice.payerName, left, doc.y + 2, { width: WIDTH / 2 });
  doc.font('Helvetica').fontSize(9.5);
  for (const line of await payerAddress(ctx, invoice)) text(line, left, doc.y, { width: WIDTH / 2 });
  doc.moveDown(0.6);
  text(`Orders: ${invoice.orders.map((o) => o.orderNumber).join(', ')}`, left, doc.y, { width: WIDTH });
  doc.moveDown(1);
  if (invoice.factoring) drawPayTo(doc, invoice.factoring);

  // The lines.
  const columns = {
    description: left,
    quantity: left + WIDTH - 190,
    unit: left + WIDTH - 150,
    amount: left + WIDTH - 80,
  };
  const head = doc.y;
  doc
    .rect(left, head - 3, WIDTH, 18)
    .fillColor('#eeeeee')
    .fill();
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
  text('Description', columns.description + 4, head + 1);
  text('Qty', columns.quantity, head + 1, { width: 30, align: 'right' });
  text('Rate', columns.unit, head + 1, { width: 65, align: 'right' });
  text('Amount', columns.amount, head + 1, { width: 76, align: 'right' });
  doc.y = head + 20;
  doc.font('Helvetica').fontSize(9);
  for (const line of invoice.lines) {
    if (doc.y > doc.page.height - MARGIN - 80) doc.addPage();
    const y = doc.y;
    text(line.description, columns.description + 4, y, { width: columns.quantity - columns.description - 12 });
    const bottom = doc.y;
    text(String(line.quantity), columns.quantity, y, { width: 30, align: 'right' });
    text(usCents(line.unitCents), columns.unit, y, { width: 65, align: 'right' });
    text(usCents(line.amountCents), columns.amount, y, { width: 76, align: 'right' });
    doc.y = Math.max(bottom, y + 12) + 4;
  }
  doc
    .moveTo(left, doc.y)
    .lineTo(left + WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.6);

  // Totals.
  const totals: [string, number, boolean][] = [
    ['Subtotal', invoice.subtotalCents, false],
    ['Total', invoice.totalCents, true],
  ];
  if (invoice.paidCents) totals.push(['Paid', -invoice.paidCents, false]);
  if (invoice.creditedCents)
    totals.push([`Credited (${invoice.creditNote?.numberText ?? ''})`, -invoice.creditedCents, false]);
  totals.push(['Balance due', invoice.balanceCents, true]);
  for (const [name, cents, bold] of totals) {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9.5);
    text(name, columns.unit - 120, y, { width: 180, align: 'right' });
    text(usCents(cents), columns.amount, y, { width: 76, align: 'right' });
    doc.y = y + (bold ? 16 : 13);
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  const status = INVOICE_STATUS_LABELS[invoice.status];
  const payee = invoice.factoring ? ` to ${invoice.factoring.name} only` : '';
  text(
    `Please pay ${usCents(invoice.balanceCents)}${payee} by ${usDate(invoice.dueOn)} (${invoice.terms}), quoting ${invoice.numberText}. Status: ${status}.`,
    left,
    doc.y,
    { width: WIDTH },
  );
  if (invoice.notes) text(invoice.notes, left, doc.y + 6, { width: WIDTH });
  if (invoice.creditNote)
    text(
      `Voided by credit note ${invoice.creditNote.numberText} of ${usCents(invoice.creditNote.amountCents)} on ${usDate(invoice.creditNote.createdAt.slice(0, 10))}: ${invoice.creditNote.reason}`,
      left,
      doc.y + 6,
      { width: WIDTH },
    );

  for (const { bill, thumbnails } of await billsOf(ctx, invoice)) drawBol(doc, bill, thumbnails, { newPage: true });
  doc.end();
  return done;
}
