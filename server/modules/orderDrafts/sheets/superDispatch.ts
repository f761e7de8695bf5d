import { type Piece, joined, labeledValues, linesIn, piece, placeLines, sectionUnder, tail } from './layout';
import type { ReadingBuilder } from './reading';
import type { Line, SheetText } from './text';
import { cityStateZipOf, mcOf } from './values';

const TITLES = /^(Shipper \/ Customer|Pickup|Delivery|Vehicles \(\d+\)|Payment|Instructions)$/i;
export const isSuperDispatch = (all: string) => /Super Dispatch/i.test(all) && /Load ID/i.test(all);

const section = (sheet: SheetText, title: RegExp) => {
  const region = sectionUnder(sheet, title, TITLES);
  return region ? linesIn(sheet, region) : [];
};
const asPieces = (lines: Line[]) => lines.map((line) => joined(line.cells.map(piece)));
const CONTACT_RULES = { contact: /^Contact:/i, phone: /^Phone:/i, email: /^E-?mail:/i, mc: /^MC:/i, date: /^Dates?:/i };

/** An unlabeled place block (name, street, City, ST ZIP) followed by "Contact:", "Phone:" … lines. */
function readPlace(out: ReadingBuilder, role: 'broker' | 'pickup' | 'delivery', lines: Line[]) {
  const place = placeLines(asPieces(lines), (text) => cityStateZipOf(text) !== null);
  if (!place) return null;
  out.text(`${role}.name`, place.name);
  out.text(`${role}.address`, place.address);
  out.place(role, place.cityLine);
  const labeled = labeledValues(lines.slice(lines.length - place.rest.length), CONTACT_RULES);
  out.text(`${role}.contact`, labeled.contact);
  out.phone(`${role}.phone`, labeled.phone);
  return labeled;
}

/** Super Dispatch: Load ID at the top, pickup and delivery side by side, one block per vehicle, a payment block. */
export function readSuperDispatch(sheet: SheetText, out: ReadingBuilder): void {
  out.set('loadBoard', 'Super Dispatch', null);
  for (const line of sheet.lines) {
    const cell = line.cells.find((c) => /^Load ID:/i.test(c.text));
    if (cell) {
      out.text('loadId', tail(cell, 'Load ID:'.length));
      break;
    }
  }
  const broker = readPlace(out, 'broker', section(sheet, /^Shipper \/ Customer$/i));
  out.text('broker.email', broker?.email);
  if (broker?.mc) out.set('broker.mc', mcOf(broker.mc.text) ?? broker.mc.text, broker.mc);
  for (const role of ['pickup', 'delivery'] as const) {
    const stop = readPlace(out, role, section(sheet, role === 'pickup' ? /^Pickup$/i : /^Delivery$/i));
    out.date(`${role}.date`, stop?.date, `${role}.dateTo`);
  }

  const vehicleLines = section(sheet, /^Vehicles \(\d+\)$/i);
  vehicleLines.forEach((line, i) => {
    const title = /^(\d{4}) (.+) \(([^)]+)\)$/.exec(line.cells[0].text);
    if (!title) return;
    const whole = piece(line.cells[0]);
    const vinLine = vehicleLines.slice(i + 1, i + 3).find((l) => /^VIN:/i.test(l.cells[0].text));
    const part = (text: string): Piece => ({ text, spots: whole.spots });
    out.vehicle({
      year: part(title[1]),
      makeModel: part(title[2]),
      type: part(title[3]),
      vin: vinLine ? tail(vinLine.cells[0], 'VIN:'.length) : undefined,
    });
  });

  const payment = labeledValues(section(sheet, /^Payment$/i), {
    price: /^Price:/i,
    fee: /^Broker fee:/i,
    method: /^Method:/i,
    terms: /^Terms:/i,
  });
  out.payment(payment);
  const notes = section(sheet, /^Instructions$/i);
  if (notes.length) out.text('notes', joined(asPieces(notes)));
}
