import PDFDocument from 'pdfkit';
import type { SheetFacts } from '../../../schema/dispatchSheets';
import { phoneText, usDate, usMoney } from '../../../schema/format';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '../../../schema/reference';
import { SeededRandom } from '../../../server/db/seed/random';

export type Doc = PDFKit.PDFDocument;
export const PAGE = { width: 612, height: 792, margin: 36 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

/** A letter-size PDF drawn by `draw`, with fixed metadata so that the same facts give the same bytes. */
export function pdfBytes(draw: (doc: Doc) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: { Title: 'Load', Producer: 'Haulboard tests', CreationDate: new Date(Date.UTC(2026, 0, 1)) },
    ...options,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  doc.end();
  return done;
}

/** The sheet's own choices (wording, order, a second page) from its load id, so that drawing is repeatable. */
export function styleRandom(facts: SheetFacts): SeededRandom {
  let hash = 17;
  for (const char of `${facts.layout}|${facts.fields.loadId ?? ''}|${facts.fields.price ?? ''}`)
    hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0;
  return new SeededRandom(hash);
}

/** Text in one font at a place; returns the y below it (wrapped to `width` when given). */
export function text(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  { bold = false, size = 9, width }: { bold?: boolean; size?: number; width?: number } = {},
): number {
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
  doc.text(value, x, y, { width, lineBreak: width !== undefined, lineGap: 1 });
  return width === undefined ? y + size + 3 : doc.y + 2;
}

/** "Label:" in bold and its value to the right at `valueX`, the value wrapping within `valueWidth`. */
export function labeled(
  doc: Doc,
  label: string,
  value: string,
  x: number,
  y: number,
  valueX: number,
  valueWidth: number,
) {
  text(doc, label, x, y, { bold: true });
  return text(doc, value, valueX, y, { width: valueWidth });
}

/** A titled box around what `draw` puts in it (from the y it is given to the y it returns). */
export function box(
  doc: Doc,
  title: string,
  x: number,
  y: number,
  width: number,
  draw: (top: number) => number,
): number {
  doc.rect(x, y, width, 16).fill('#e4e8ee').fillColor('black');
  text(doc, title, x + 5, y + 4, { bold: true, size: 10 });
  const bottom = draw(y + 22) + 4;
  doc
    .rect(x, y, width, bottom - y)
    .lineWidth(0.7)
    .stroke();
  return bottom + 8;
}

export const money = (dollars: string | undefined) => (dollars === undefined ? '' : usMoney(Number(dollars)));
export const phone = (digits: string | undefined) => phoneText(digits ?? null);
export const date = (value: string | undefined) => usDate(value);
/** Dec 9, 2026. */
export const longDate = (value: string) =>
  new Date(`${value}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
export const methodLabel = (code: string | undefined) => (code ? PAYMENT_METHOD_LABELS[code as PaymentMethod] : '');
/** How sheets name a vehicle type: SUV stays, the others as words (Sedan, Pickup …). */
export const typeWord = (type: string) => (type === 'SUV' ? 'SUV' : type[0] + type.slice(1).toLowerCase());
export const cityLine = (f: SheetFacts['fields'], role: 'broker' | 'pickup' | 'delivery') =>
  `${f[`${role}.city`]}, ${f[`${role}.state`]} ${f[`${role}.zip`]}`;
/** The ISO date `days` before another: the day a load was dispatched or a sheet printed. */
export const daysBefore = (value: string | undefined, days: number) =>
  new Date(Date.parse(`${value}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
