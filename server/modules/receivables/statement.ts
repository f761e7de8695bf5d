import { usCents, usDate } from '../../../schema/format';
import { INVOICE_STATUS_LABELS, PAYER_KIND_LABELS } from '../../../schema/invoices';
import {
  AGING_BUCKETS,
  AGING_LABELS,
  type CustomerInvoiceDto,
  type CustomerPaymentDto,
  type ReceivableRowDto,
} from '../../../schema/receivables';
import type { ServerContext } from '../../context';
import { companyFromEnv } from '../contact/company';
import { pdfDocument } from '../documents/pdf';
import { documentCompany } from '../vehicleInspections/bol';
import { plain } from '../vehicleInspections/bolPdf';

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const GREY = '#555555';

export interface Statement {
  customer: ReceivableRowDto;
  address: string[];
  today: string;
  from: string;
  to: string;
  open: CustomerInvoiceDto[];
  payments: CustomerPaymentDto[];
}

/** The customer's address block, as its broker or shipper record holds it. */
export async function customerAddress(ctx: ServerContext, customer: ReceivableRowDto): Promise<string[]> {
  // Brokers and shippers keep their address in the same columns.
  const table = (customer.payerKind === 'BROKER' ? 'brokers' : 'shippers') as 'shippers';
  const row = await ctx.db
    .selectFrom(`${table} as p`)
    .leftJoin('states as st', 'st.id', 'p.state_id')
    .select(['p.address', 'p.city', 'p.zip', 'p.email', 'st.abbreviation as state'])
    .where('p.id', '=', customer.payerId)
    .executeTakeFirst();
  if (!row) return [];
  return [
    row.address,
    [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    row.email,
  ].filter((line): line is string => !!line);
}

type Column = [title: string, width: number, align: 'left' | 'right'];

/**
 * A statement of account as a PDF (pdfkit, US Letter, in the invoice's style: server/modules/invoices/pdf.ts): the
 * company, the customer, the open balance and its aging, each open invoice with its age, and the payments received
 * in the period (docs/product/receivables.md#statement).
 */
export async function statementPdf(statement: Statement): Promise<Buffer> {
  const { customer, today } = statement;
  const env = companyFromEnv();
  const company = documentCompany(null);
  const { doc, done } = pdfDocument({
    Title: plain(`Statement of account: ${customer.name}`),
    Author: plain(company),
    Subject: plain(`Statement of account of ${customer.name} on ${usDate(today)}`),
  });
  const left = MARGIN;
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(plain(value), x, y, options);

  doc.font('Helvetica-Bold').fontSize(16).fillColor('#000000');
  text(company, left, MARGIN, { width: WIDTH / 2 });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  for (const line of [env.address, env.phone, env.email].filter((l): l is string => !!l))
    text(line, left, doc.y, { width: WIDTH / 2 });
  const companyBottom = doc.y;
  const right = left + WIDTH / 2;
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000');
  text('STATEMENT OF ACCOUNT', right, MARGIN, { width: WIDTH / 2, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Date', usDate(today)],
    ['Payments from', `${usDate(statement.from)} to ${usDate(statement.to)}`],
    ['Balance due', usCents(customer.openCents)],
    ['Past due', usCents(customer.pastDueCents)],
  ];
  for (const [name, value] of facts) {
    const y = doc.y;
    doc.fillColor(GREY).text(name, right, y, { width: WIDTH / 2 - 150, align: 'right' });
    doc.fillColor('#000000').text(plain(value), right + WIDTH / 2 - 140, y, { width: 140, align: 'right' });
  }
  doc.y = Math.max(doc.y, companyBottom) + 18;

  doc.font('Helvetica').fontSize(8).fillColor(GREY);
  text(`STATEMENT FOR (${PAYER_KIND_LABELS[customer.payerKind].toUpperCase()})`, left, doc.y);
  doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000');
  text(customer.name, left, doc.y + 2, { width: WIDTH / 2 });
  doc.font('Helvetica').fontSize(9.5);
  for (const line of statement.address) text(line, left, doc.y, { width: WIDTH / 2 });
  doc.moveDown(1.2);

  /** A table with a grey head; a row that would run off the page starts a new one with the head again. */
  const table = (title: string, columns: Column[], rows: string[][], empty: string) => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000');
    text(title, left, doc.y);
    doc.moveDown(0.4);
    const head = () => {
      const y = doc.y;
      doc
        .rect(left, y - 3, WIDTH, 18)
        .fillColor('#eeeeee')
        .fill();
      doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
      let x = left + 4;
      for (const [name, width, align] of columns) {
        text(name, x, y + 1, { width: width - 8, align });
        x += width;
      }
      doc.y = y + 20;
    };
    head();
    doc.font('Helvetica').fontSize(9);
    if (!rows.length) {
      doc.fillColor(GREY);
      text(empty, left + 4, doc.y);
      doc.fillColor('#000000');
    }
    for (const row of rows) {
      if (doc.y > doc.page.height - MARGIN - 40) {
        doc.addPage();
        head();
        doc.font('Helvetica').fontSize(9);
      }
      const y = doc.y;
      let x = left + 4;
      row.forEach((cell, i) => {
        const [, width, align] = columns[i];
        text(cell, x, y, { width: width - 8, align, lineBreak: false, ellipsis: true, height: 12 });
        x += width;
      });
      doc.y = y + 15;
    }
    doc
      .moveTo(left, doc.y)
      .lineTo(left + WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(1);
  };

  // Aging of the open balance.
  const agingColumns: Column[] = [
    ...AGING_BUCKETS.map((bucket): Column => [AGING_LABELS[bucket], WIDTH / 5, 'right']),
    ['Total', WIDTH / 5, 'right'],
  ];
  table(
    'Aging of the open balance',
    agingColumns,
    [[...AGING_BUCKETS.map((bucket) => usCents(customer[bucket])), usCents(customer.openCents)]],
    '',
  );

  table(
    'Open invoices',
    [
      ['Invoice', 80, 'left'],
      ['Date', 70, 'left'],
      ['Due', 70, 'left'],
      ['Age', 50, 'right'],
      ['Status', 80, 'left'],
      ['Total', 83, 'right'],
      ['Balance', 83, 'right'],
    ],
    statement.open.map((invoice) => [
      invoice.numberText,
      usDate(invoice.issuedOn),
      usDate(invoice.dueOn) + (invoice.pastDue ? ' *' : ''),
      `${invoice.ageDays ?? 0} d`,
      INVOICE_STATUS_LABELS[invoice.status],
      usCents(invoice.totalCents),
      usCents(invoice.balanceCents),
    ]),
    'No open invoices.',
  );

  table(
    `Payments received, ${usDate(statement.from)} to ${usDate(statement.to)}`,
    [
      ['Date', 80, 'left'],
      ['Invoice', 90, 'left'],
      ['Bank description', 260, 'left'],
      ['Amount', 86, 'right'],
    ],
    statement.payments.map((payment) => [
      usDate(payment.postedOn),
      payment.invoiceNumberText,
      payment.description,
      usCents(payment.amountCents),
    ]),
    'No payments in this period.',
  );

  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  text(
    `Please pay the balance due of ${usCents(customer.openCents)}${customer.pastDueCents ? `, of which ${usCents(customer.pastDueCents)} is past due (marked *)` : ''}, quoting the invoice numbers.`,
    left,
    doc.y,
    { width: WIDTH },
  );
  doc.end();
  return done;
}
