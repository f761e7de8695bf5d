import PDFDocument from 'pdfkit';
import { dateIn } from '../../../schema/businessDay';
import { phoneText, usDate, usMoney } from '../../../schema/format';
import type { PayBillDto, PayBillLine } from '../../../schema/resources/payBills';
import { TRANSACTION_TYPE_LABELS } from '../../../schema/resources/transactions';
import { paymentMethodLabel } from '../../../schema/reference';
import type { Db } from '../../db/types';
import { addDays } from './billing';

/**
 * The settlement statement of a pay bill as a PDF (pdfkit, US Letter): who, which week, where the bill stands, the
 * loads with their routes and VINs, every deduction and entry, and the opening and closing balance — the same
 * figures as the bill's page, from the same DTO.
 */
const PAGE = { margin: 48, width: 612 - 96 };
const STATUS = { DRAFT: 'Draft: not approved yet', APPROVED: 'Approved, not paid yet', PAID: 'Paid' } as const;

/** The standard PDF fonts write Windows-1252 only: arrows and other signs become their plain equivalents. */
const plain = (text: string) =>
  text.replace(/→/g, '-').replace(/[^\x20-\x7E\u00A0-\u00FF\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026]/g, '?');
const signed = (line: Pick<PayBillLine, 'direction' | 'amount'>) =>
  line.direction === 'CREDIT' ? usMoney(line.amount) : `-${usMoney(line.amount)}`;

type Column = { title: string; width: number; align?: 'left' | 'right' };

export async function statementPdf(db: Db, bill: PayBillDto): Promise<Buffer> {
  const driver = await db
    .selectFrom('drivers')
    .select(['first_name', 'last_name', 'email', 'phone', 'phone_country'])
    .where('id', '=', bill.driverId)
    .executeTakeFirst();
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `Settlement statement, ${bill.driverName}, week of ${usDate(bill.weekStart)}`,
      Author: 'Haulboard',
      CreationDate: new Date(bill.builtAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const bottom = () => doc.page.height - PAGE.margin - 20;

  doc.font('Helvetica-Bold').fontSize(18).text('Settlement statement', left, PAGE.margin);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#444')
    .text(
      `Week of ${usDate(bill.weekStart)} to ${usDate(addDays(bill.weekStart, 6))} · Bill #${bill.id} · ${STATUS[bill.status]}`,
    );
  doc.moveDown(0.8).fillColor('#000');
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(plain(bill.driverName ?? `Driver #${bill.driverId}`));
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(
      plain(
        [driver?.email, driver ? phoneText(driver.phone, driver.phone_country ?? 'US') : null]
          .filter(Boolean)
          .join(' · '),
      ),
    );
  const steps = [
    bill.approvedAt
      ? `Approved ${usDate(dateIn(bill.approvedAt))}${bill.approvedBy ? ` by ${bill.approvedBy}` : ''}`
      : null,
    bill.paidOn
      ? `Paid ${usDate(bill.paidOn)}${bill.paymentMethod ? ` by ${paymentMethodLabel(bill.paymentMethod)}` : ''}${bill.paymentReference ? `, reference ${bill.paymentReference}` : ''}`
      : null,
  ].filter(Boolean);
  if (steps.length) doc.text(plain(steps.join(' · ')));
  doc.moveDown(0.8);

  // The summary: opening, credits, debits, net, paid, closing.
  const summary: [string, string][] = [
    ['Opening balance', usMoney(bill.opening)],
    ['Credits', usMoney(bill.credits)],
    ['Debits', `-${usMoney(bill.debits)}`],
    ['Net', usMoney(bill.net)],
    ['Paid', usMoney(bill.paid)],
    ['Closing balance', usMoney(bill.closing)],
  ];
  const boxWidth = PAGE.width / summary.length;
  const top = doc.y;
  summary.forEach(([label, value], i) => {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#555')
      .text(label, left + i * boxWidth, top, { width: boxWidth - 6 });
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000')
      .text(value, left + i * boxWidth, top + 11, { width: boxWidth - 6 });
  });
  doc.y = top + 34;
  doc
    .moveTo(left, doc.y)
    .lineTo(left + PAGE.width, doc.y)
    .strokeColor('#999')
    .stroke();
  doc.moveDown(0.6);

  function table(title: string, columns: Column[], rows: string[][], total?: string) {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.font('Helvetica-Bold').fontSize(11).text(title, left, doc.y);
    doc.moveDown(0.3);
    const header = doc.y;
    let x = left;
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#555');
    for (const c of columns) {
      doc.text(c.title, x, header, { width: c.width - 6, align: c.align ?? 'left' });
      x += c.width;
    }
    doc.fillColor('#000').font('Helvetica').fontSize(8.5);
    doc.y = header + 12;
    if (!rows.length) doc.fillColor('#555').text('None this week', left, doc.y).fillColor('#000');
    for (const row of rows) {
      const height = Math.max(
        ...row.map((cell, i) => doc.heightOfString(plain(cell), { width: columns[i].width - 6 })),
      );
      if (doc.y + height > bottom()) doc.addPage();
      const y = doc.y;
      x = left;
      row.forEach((cell, i) => {
        doc.text(plain(cell), x, y, { width: columns[i].width - 6, align: columns[i].align ?? 'left' });
        x += columns[i].width;
      });
      doc.y = y + height + 4;
    }
    if (total)
      doc
        .font('Helvetica-Bold')
        .text(total, left, doc.y, { width: PAGE.width - 6, align: 'right' })
        .font('Helvetica');
    doc.moveDown(0.8);
  }

  const of = (kind: PayBillLine['kind']) => bill.lines.filter((l) => l.kind === kind);
  const sum = (lines: PayBillLine[]) =>
    lines.reduce((s, l) => s + (l.direction === 'CREDIT' ? l.amount : -l.amount), 0);
  const opening = of('OPENING');
  if (opening.length)
    table(
      'Carried from the last bill',
      [
        { title: 'Line', width: PAGE.width - 90 },
        { title: 'Amount', width: 90, align: 'right' },
      ],
      opening.map((l) => [l.description, signed(l)]),
    );

  const loads = of('LOAD_PAY');
  table(
    'Loads',
    [
      { title: 'Delivered', width: 58 },
      { title: 'Order and route', width: 170 },
      { title: 'Vehicles and pay', width: PAGE.width - 58 - 170 - 80 },
      { title: 'Pay', width: 80, align: 'right' },
    ],
    loads.map((l) => [usDate(l.postedOn), l.description, l.detail ?? '', usMoney(l.amount)]),
    `Load pay ${usMoney(sum(loads))}`,
  );

  const deductions = of('DEDUCTION');
  table(
    'Deductions',
    [
      { title: 'Deduction', width: PAGE.width - 80 },
      { title: 'Amount', width: 80, align: 'right' },
    ],
    deductions.map((l) => [l.description, signed(l)]),
    `Deductions ${usMoney(sum(deductions))}`,
  );

  const entries = of('ENTRY');
  table(
    'Ledger entries',
    [
      { title: 'Date', width: 58 },
      { title: 'Type', width: 100 },
      { title: 'Entry', width: PAGE.width - 58 - 100 - 80 },
      { title: 'Amount', width: 80, align: 'right' },
    ],
    entries.map((l) => [usDate(l.postedOn), l.type ? TRANSACTION_TYPE_LABELS[l.type] : '', l.description, signed(l)]),
    `Entries ${usMoney(sum(entries))}`,
  );

  const payments = of('PAYMENT');
  if (payments.length)
    table(
      'Payment',
      [
        { title: 'Date', width: 58 },
        { title: 'Payment', width: PAGE.width - 58 - 80 },
        { title: 'Amount', width: 80, align: 'right' },
      ],
      payments.map((l) => [usDate(l.postedOn), l.description, signed(l)]),
    );

  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Closing balance ${usMoney(bill.closing)}`, left, doc.y, { width: PAGE.width - 6, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor('#555')
    .text(
      bill.closing < 0
        ? "The closing balance is owed by the driver and opens next week's bill."
        : bill.closing > 0
          ? "The closing balance is owed to the driver and opens next week's bill."
          : 'Nothing is carried into next week.',
      left,
      doc.y,
      { width: PAGE.width - 6, align: 'right' },
    );

  // Page numbers, once every page exists.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // The footer sits in the bottom margin: without the margin pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor('#777')
      .text(
        `${plain(bill.driverName ?? '')} · week of ${usDate(bill.weekStart)} · page ${i + 1} of ${range.count}`,
        left,
        doc.page.height - PAGE.margin + 10,
        { width: PAGE.width, align: 'center', lineBreak: false },
      );
  }
  doc.end();
  return done;
}
