import { findCell, joined, labeledValues, piece, placeLines, tableRows } from './layout';
import type { ReadingBuilder } from './reading';
import type { Line, SheetText } from './text';
import { PHONE_PATTERN, cityStateZipOf, mcOf } from './values';

export const isRateConfirmation = (all: string) =>
  /Rate Confirmation|Load Confirmation/i.test(all) && /Load\s*#/i.test(all);

const asPieces = (lines: Line[]) => lines.map((line) => joined(line.cells.map(piece)));
const isPhone = (text: string) => new RegExp(`^${PHONE_PATTERN.source}$`).test(text);

/** The lines between a header line and the next line matching `end` (same page). */
function linesAfter(sheet: SheetText, header: Line, end: RegExp): Line[] {
  const start = sheet.lines.indexOf(header) + 1;
  const stop = sheet.lines.findIndex((line, i) => i >= start && line.cells.some((c) => end.test(c.text)));
  return sheet.lines.slice(start, stop < 0 ? undefined : stop).filter((line) => line.page === header.page);
}

/** A broker's rate confirmation: letterhead, a stops table, a vehicles table, then rate and terms. */
export function readRateConfirmation(sheet: SheetText, out: ReadingBuilder): void {
  out.set('loadBoard', 'Email', null);
  const title = findCell(sheet, /Rate Confirmation|Load Confirmation/i);
  const stopsHeader = sheet.lines.find(
    (l) => l.cells.some((c) => c.text === 'Stop') && l.cells.some((c) => c.text === 'Location'),
  );
  if (title && stopsHeader) {
    // The letterhead: the broker's block at the top left, left of the title.
    const lines = sheet.lines
      .filter((l) => l.page === title.line.page && l.baseline < stopsHeader.baseline)
      .map((l) => ({ ...l, cells: l.cells.filter((c) => c.spot.x < title.cell.spot.x - 8) }))
      .filter((l) => l.cells.length);
    const place = placeLines(asPieces(lines), (text) => cityStateZipOf(text) !== null);
    if (place) {
      out.text('broker.name', place.name);
      out.text('broker.address', place.address);
      out.place('broker', place.cityLine);
      const rest = labeledValues(lines.slice(lines.length - place.rest.length), {
        phone: /^Phone:/i,
        email: /^E-?mail:/i,
        mc: /^MC\s*#?:?/i,
      });
      out.phone('broker.phone', rest.phone);
      out.text('broker.email', rest.email);
      if (rest.mc) out.set('broker.mc', mcOf(rest.mc.text) ?? rest.mc.text, rest.mc);
    }
  }
  const right = labeledValues(
    sheet.lines.filter((l) => !stopsHeader || l.baseline < stopsHeader.baseline || l.page > 1),
    {
      loadId: /^Load\s*#:?/i,
      contact: /^Dispatcher:/i,
    },
  );
  out.text('loadId', right.loadId);
  out.text('broker.contact', right.contact);

  if (stopsHeader) {
    const rows = tableRows(linesAfter(sheet, stopsHeader, /^Equipment:/i), stopsHeader, 'Stop', (cell) =>
      /^Stop \d+$/i.test(cell.text),
    );
    for (const row of rows) {
      const kind = (row.Stop ?? []).map((p) => p.text).join(' ');
      const role = /deliver|drop/i.test(kind) ? 'delivery' : /pick/i.test(kind) ? 'pickup' : null;
      if (!role) continue;
      const place = placeLines(row.Location ?? [], (text) => cityStateZipOf(text) !== null);
      if (place) {
        out.text(`${role}.name`, place.name);
        out.text(`${role}.address`, place.address);
        out.place(role, place.cityLine);
      }
      const contact = row.Contact ?? [];
      out.text(`${role}.contact`, joined(contact.filter((p) => !isPhone(p.text))));
      out.phone(
        `${role}.phone`,
        contact.find((p) => isPhone(p.text)),
      );
      out.date(`${role}.date`, row.Window ? joined(row.Window) : undefined, `${role}.dateTo`);
    }
  }

  const vehiclesHeader = sheet.lines.find(
    (l) => l.cells.some((c) => c.text === 'VIN') && l.cells.some((c) => c.text === 'Year'),
  );
  if (vehiclesHeader) {
    for (const row of tableRows(linesAfter(sheet, vehiclesHeader, /^Rate$/i), vehiclesHeader, 'VIN'))
      out.vehicleRow(row);
  }

  const rate = labeledValues(sheet.lines, {
    price: /^(?:Line haul|Total rate|Carrier pay):/i,
    fee: /^(?:Quick pay fee|Broker fee):/i,
    method: /^Payment method:/i,
    terms: /^Payment terms:/i,
  });
  out.payment(rate);
  const notesTitle = findCell(sheet, /^Special Instructions$/i);
  if (notesTitle) {
    const notes = linesAfter(sheet, notesTitle.line, /^Terms and Conditions$/i);
    if (notes.length) out.text('notes', joined(asPieces(notes)));
  }
}
