import { type ScheduleDto, SCHEDULE_STATUS_LABELS } from '../../../schema/factoring';
import { plainCents, usCents, usDate } from '../../../schema/format';
import { companyFromEnv } from '../contact/company';
import { pdfDocument } from '../documents/pdf';
import { plain } from '../vehicleInspections/bolPdf';
import { csvLine } from '../../http/csv';

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const GREY = '#555555';

/**
 * The schedule of accounts as a US Letter PDF (docs/product/factoring.md#schedules): the company assigning, the
 * factor, the schedule's number and date, each invoice (number, debtor, date, amount) and the total.
 */
export async function schedulePdf(schedule: ScheduleDto): Promise<Buffer> {
  const company = companyFromEnv().name ?? 'Haulboard';
  const { doc, done } = pdfDocument({
    Title: plain(`Schedule of accounts ${schedule.numberText}`),
    Author: plain(company),
    Subject: plain(`Schedule of accounts ${schedule.numberText} to ${schedule.factoringCompanyName}`),
  });
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(plain(value), x, y, options);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000');
  text('SCHEDULE OF ACCOUNTS', MARGIN, MARGIN, { width: WIDTH });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Schedule', schedule.numberText],
    ['Date', usDate(schedule.scheduleOn)],
    ['Assignor', company],
    ['Factor', schedule.factoringCompanyName],
    ['Status', SCHEDULE_STATUS_LABELS[schedule.status]],
  ];
  for (const [name, value] of facts) {
    const y = doc.y + 2;
    doc.fillColor(GREY).text(name, MARGIN, y, { width: 80 });
    doc.fillColor('#000000').text(plain(value), MARGIN + 90, y, { width: WIDTH - 90 });
  }
  doc.moveDown(1);
  const col = { number: MARGIN + 4, debtor: MARGIN + 90, date: MARGIN + WIDTH - 190, amount: MARGIN + WIDTH - 100 };
  const head = doc.y;
  doc
    .rect(MARGIN, head - 3, WIDTH, 18)
    .fillColor('#eeeeee')
    .fill();
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#000000');
  text('Invoice', col.number, head + 1);
  text('Debtor', col.debtor, head + 1);
  text('Invoice date', col.date, head + 1, { width: 80 });
  text('Amount', col.amount, head + 1, { width: 96, align: 'right' });
  doc.y = head + 20;
  doc.font('Helvetica').fontSize(9);
  for (const invoice of schedule.invoices) {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    const y = doc.y;
    text(invoice.numberText, col.number, y);
    text(invoice.debtor, col.debtor, y, { width: col.date - col.debtor - 8 });
    const bottom = doc.y;
    text(usDate(invoice.issuedOn), col.date, y, { width: 80 });
    text(usCents(invoice.amountCents), col.amount, y, { width: 96, align: 'right' });
    doc.y = Math.max(bottom, y + 12) + 3;
  }
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.moveDown(0.5);
  const y = doc.y;
  doc.font('Helvetica-Bold').fontSize(11);
  text(`Total (${schedule.invoiceCount} invoice${schedule.invoiceCount === 1 ? '' : 's'})`, col.debtor, y);
  text(usCents(schedule.totalCents), col.amount - 40, y, { width: 136, align: 'right' });
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  text(
    `${company} assigns the accounts above to ${schedule.factoringCompanyName}, which the invoices' notice of assignment names as payee.`,
    MARGIN,
    doc.y,
    { width: WIDTH },
  );
  doc.end();
  return done;
}

/** The same schedule as CSV: a line per invoice, then the total (amounts in plain dollars, dates as the API's). */
export function* scheduleCsv(schedule: ScheduleDto): Generator<string> {
  yield csvLine(['Schedule', 'Date', 'Factor', 'Invoice', 'Debtor', 'Invoice date', 'Amount']);
  for (const invoice of schedule.invoices)
    yield csvLine([
      schedule.numberText,
      schedule.scheduleOn,
      schedule.factoringCompanyName,
      invoice.numberText,
      invoice.debtor,
      invoice.issuedOn,
      plainCents(invoice.amountCents),
    ]);
  yield csvLine([
    schedule.numberText,
    schedule.scheduleOn,
    schedule.factoringCompanyName,
    'Total',
    '',
    '',
    plainCents(schedule.totalCents),
  ]);
}
