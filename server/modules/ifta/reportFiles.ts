import { companyDateTime } from '../../../schema/businessDay';
import { usNumber, plainCents, usCents, usDate } from '../../../schema/format';
import { type IftaReturnDto, type IftaStateRowDto, quarterLabel } from '../../../schema/ifta';
import { csvLine } from '../../http/csv';
import { companyFromEnv } from '../contact/company';
import { pdfDocument } from '../documents/pdf';
import { plain } from '../vehicleInspections/bolPdf';

const MARGIN = 48;
const WIDTH = 612 - 2 * MARGIN;
const GREY = '#555555';

const count = (n: number | null) => (n === null ? '—' : usNumber(n));
/** A tax in cents: a credit in parentheses, as returns print it; none when not computed. */
const taxText = (cents: number | null) =>
  cents === null ? 'no rate' : cents < 0 ? `(${usCents(-cents)})` : usCents(cents);

/** What the reader must know besides the table: flags first. */
export function returnNotes(r: IftaReturnDto): string[] {
  const notes: string[] = [];
  if (r.missingRates.length)
    notes.push(`No rate loaded for ${r.missingRates.join(', ')}: their tax is not computed and not in the total.`);
  if (r.mpg === null && r.totalMiles > 0)
    notes.push('No diesel bought in the quarter: miles per gallon and taxable gallons are unknown.');
  if (r.outsideMiles > 0)
    notes.push(
      `${usNumber(r.outsideMiles)} miles of the routes run outside every state (a lake, the sea, Canada or Mexico): in the total miles, in no state.`,
    );
  if (r.orders.withoutRoute.length)
    notes.push(
      `${r.orders.withoutRoute.length} load(s) delivered in the quarter have a stop with an unknown ZIP and no miles: ${r.orders.withoutRoute
        .slice(0, 20)
        .map((o) => o.orderNumber)
        .join(', ')}${r.orders.withoutRoute.length > 20 ? ' …' : ''}.`,
    );
  if (r.fuel.reeferGallons || r.fuel.gasolineGallons)
    notes.push(
      `Not in the return: ${usNumber(r.fuel.reeferGallons)} gallons of reefer diesel and ${usNumber(r.fuel.gasolineGallons)} of gasoline.`,
    );
  return notes;
}

const COLUMNS: { title: string; width: number; value: (row: IftaStateRowDto) => string }[] = [
  { title: 'State', width: 120, value: (r) => `${r.state} ${r.stateName}` },
  { title: 'Miles', width: 58, value: (r) => count(r.miles) },
  { title: 'Taxable gal.', width: 62, value: (r) => count(r.taxableGallons) },
  { title: 'Tax-paid gal.', width: 62, value: (r) => count(r.taxPaidGallons) },
  { title: 'Net taxable gal.', width: 70, value: (r) => count(r.netTaxableGallons) },
  { title: 'Rate', width: 54, value: (r) => (r.rate === null ? '—' : `$${r.rate}`) },
  { title: 'Tax (credit)', width: 90, value: (r) => taxText(r.taxCents) },
];

/** The return as a US Letter PDF (docs/product/ifta.md#report): the quarter, the totals, a line per state, the notes. */
export async function returnPdf(r: IftaReturnDto): Promise<Buffer> {
  const company = companyFromEnv().name ?? 'Haulboard';
  const { doc, done } = pdfDocument({
    Title: plain(`IFTA return ${quarterLabel(r.quarter)}`),
    Author: plain(company),
    Subject: plain(`IFTA quarterly fuel tax return, ${quarterLabel(r.quarter)}`),
  });
  const text = (value: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(plain(value), x, y, options);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000');
  text('IFTA QUARTERLY FUEL TAX RETURN', MARGIN, MARGIN, { width: WIDTH });
  doc.font('Helvetica').fontSize(10);
  const facts: [string, string][] = [
    ['Licensee', company],
    ['Quarter', `${quarterLabel(r.quarter)} (${usDate(r.from)} – ${usDate(r.to)})`],
    ['Due', usDate(r.dueOn)],
    [
      'Status',
      r.status === 'CLOSED'
        ? `Closed as filed ${companyDateTime(r.closedAt)}${r.closedBy ? ` by ${r.closedBy}` : ''}`
        : `Open: figures as of ${companyDateTime(r.computedAt)}, not filed`,
    ],
    ['Fuel', 'Diesel'],
    ['Total miles', usNumber(r.totalMiles)],
    ['Total gallons', usNumber(r.totalGallons)],
    ['Fleet MPG', r.mpg ?? '—'],
  ];
  for (const [name, value] of facts) {
    const y = doc.y + 2;
    doc.fillColor(GREY).text(name, MARGIN, y, { width: 90 });
    doc.fillColor('#000000').text(plain(value), MARGIN + 100, y, { width: WIDTH - 100 });
  }
  doc.moveDown(1);
  const header = (y: number) => {
    doc
      .rect(MARGIN, y - 3, WIDTH, 18)
      .fillColor('#eeeeee')
      .fill();
    doc.font('Helvetica-Bold').fontSize(8).fillColor('#000000');
    let x = MARGIN + 4;
    for (const [i, c] of COLUMNS.entries()) {
      text(c.title, x, y + 1, { width: c.width - 6, align: i ? 'right' : 'left' });
      x += c.width;
    }
    doc.font('Helvetica').fontSize(9);
    return y + 20;
  };
  doc.y = header(doc.y);
  const line = (cells: string[]) => {
    if (doc.y > doc.page.height - MARGIN - 40) {
      doc.addPage();
      doc.y = header(MARGIN);
    }
    const y = doc.y;
    let x = MARGIN + 4;
    for (const [i, c] of COLUMNS.entries()) {
      text(cells[i], x, y, { width: c.width - 6, align: i ? 'right' : 'left', lineBreak: false });
      x += c.width;
    }
    doc.y = y + 14;
  };
  for (const row of r.rows) {
    doc.fillColor(row.rate === null ? '#b00020' : '#000000');
    line(COLUMNS.map((c) => c.value(row)));
  }
  doc.fillColor('#000000');
  if (r.outsideMiles) line(['Outside every state', count(r.outsideMiles), '', '', '', '', '']);
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(MARGIN + WIDTH, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  doc.y += 4;
  doc.font('Helvetica-Bold');
  line(['Total', count(r.totalMiles), '', count(r.totalGallons), '', '', taxText(r.totalTaxCents)]);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.moveDown(1);
  for (const note of returnNotes(r)) {
    text(`• ${note}`, MARGIN, doc.y, { width: WIDTH });
    doc.moveDown(0.3);
  }
  text(
    'Miles: each load delivered in the quarter along its route between its stops (through the places its driver’s phone reported, where shared), split at the state lines of the Census Bureau’s boundaries. Tax-paid gallons: diesel bought on the fuel cards in the state.',
    MARGIN,
    doc.y + 6,
    { width: WIDTH },
  );
  // A foot on every page: whose return, which quarter, page x of y (the pages are kept until the end for it).
  const { start, count: pages } = doc.bufferedPageRange();
  for (let i = start; i < start + pages; i++) {
    doc.switchToPage(i);
    // The foot sits in the bottom margin: without the margin pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    text(
      `${company} · IFTA ${quarterLabel(r.quarter)} · ${r.status === 'CLOSED' ? 'as filed' : 'open, not filed'} · Page ${i - start + 1} of ${pages}`,
      MARGIN,
      doc.page.height - MARGIN + 16,
      { width: WIDTH, align: 'center', lineBreak: false },
    );
  }
  doc.end();
  return done;
}

/** The same return as CSV: a line per state, the miles outside every state, the total (plain figures). */
export function* returnCsv(r: IftaReturnDto): Generator<string> {
  yield csvLine([
    'Quarter',
    'Status',
    'State',
    'Miles',
    'Taxable gallons',
    'Tax-paid gallons',
    'Net taxable gallons',
    'Rate',
    'Tax',
    'Fleet MPG',
  ]);
  for (const row of r.rows)
    yield csvLine([
      r.quarter,
      r.status,
      row.state,
      row.miles,
      row.taxableGallons ?? '',
      row.taxPaidGallons,
      row.netTaxableGallons ?? '',
      row.rate ?? 'NO RATE',
      row.taxCents === null ? '' : plainCents(row.taxCents),
      r.mpg ?? '',
    ]);
  if (r.outsideMiles) yield csvLine([r.quarter, r.status, 'OUTSIDE', r.outsideMiles, '', '', '', '', '', r.mpg ?? '']);
  yield csvLine([
    r.quarter,
    r.status,
    'TOTAL',
    r.totalMiles,
    '',
    r.totalGallons,
    '',
    '',
    plainCents(r.totalTaxCents),
    r.mpg ?? '',
  ]);
}
