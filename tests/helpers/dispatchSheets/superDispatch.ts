import type { SheetFacts } from '../../../schema/dispatchSheets';
import {
  CONTENT_WIDTH,
  type Doc,
  PAGE,
  cityLine,
  daysBefore,
  longDate,
  methodLabel,
  money,
  phone,
  styleRandom,
  text,
  typeWord,
} from './draw';

const L = PAGE.margin;
const COLUMN = CONTENT_WIDTH / 2 - 10;

function rule(doc: Doc, y: number): number {
  doc
    .moveTo(L, y)
    .lineTo(PAGE.width - L, y)
    .lineWidth(0.5)
    .stroke('#b0b8c4');
  return y + 8;
}

/** An unlabeled place block (name, street, City, ST ZIP) and its labeled contact lines; returns the y below it. */
function placeBlock(
  doc: Doc,
  f: SheetFacts['fields'],
  role: 'broker' | 'pickup' | 'delivery',
  x: number,
  top: number,
  extra: [string, string | undefined][],
) {
  let y = text(doc, f[`${role}.name`] ?? '', x, top, { bold: true, width: COLUMN });
  y = text(doc, f[`${role}.address`] ?? '', x, y, { width: COLUMN });
  y = text(doc, cityLine(f, role), x, y, { width: COLUMN });
  for (const [label, value] of extra) if (value) y = text(doc, `${label} ${value}`, x, y, { width: COLUMN });
  return y;
}

/** A Super Dispatch style sheet: pickup and delivery side by side, one block per vehicle, a payment block. */
export function drawSuperDispatch(doc: Doc, facts: SheetFacts): void {
  const f = facts.fields;
  const style = styleRandom(facts);
  text(doc, 'Super Dispatch', L, L, { bold: true, size: 16 });
  text(doc, `Load ID: ${f.loadId}`, PAGE.width - L - 170, L, { bold: true, size: 11 });
  text(doc, `Created ${longDate(daysBefore(f['pickup.date'], style.int(1, 4)))}`, PAGE.width - L - 170, L + 15, {
    size: 8,
  });
  let y = rule(doc, L + 32);

  text(doc, 'Shipper / Customer', L, y, { bold: true, size: 11 });
  y = placeBlock(doc, f, 'broker', L, y + 15, [
    ['Contact:', f['broker.contact']],
    ['Phone:', phone(f['broker.phone'])],
    ['Email:', f['broker.email']],
    ['MC:', f['broker.mc']],
  ]);
  y = rule(doc, y + 4);

  const dates = (role: 'pickup' | 'delivery') =>
    f[`${role}.dateTo`]
      ? `${longDate(f[`${role}.date`] ?? '')} – ${longDate(f[`${role}.dateTo`] ?? '')}`
      : longDate(f[`${role}.date`] ?? '');
  text(doc, 'Pickup', L, y, { bold: true, size: 11 });
  text(doc, 'Delivery', L + COLUMN + 20, y, { bold: true, size: 11 });
  const stopBlock = (role: 'pickup' | 'delivery', x: number) =>
    placeBlock(doc, f, role, x, y + 15, [
      ['Contact:', f[`${role}.contact`]],
      ['Phone:', phone(f[`${role}.phone`])],
      [f[`${role}.dateTo`] ? 'Dates:' : 'Date:', dates(role)],
    ]);
  y = Math.max(stopBlock('pickup', L), stopBlock('delivery', L + COLUMN + 20));
  y = rule(doc, y + 4);

  text(doc, `Vehicles (${facts.vehicles.length})`, L, y, { bold: true, size: 11 });
  y += 16;
  for (const vehicle of facts.vehicles) {
    y = text(doc, `${vehicle.year} ${vehicle.make} ${vehicle.model} (${typeWord(vehicle.type)})`, L, y, { bold: true });
    y = text(doc, `VIN: ${vehicle.vin}`, L + 10, y);
    if (style.next() < 0.5)
      y = text(doc, `Color: ${style.pick(['White', 'Gray', 'Blue'])}    Inoperable: No`, L + 10, y);
    y += 3;
  }
  y = rule(doc, y + 2);

  text(doc, 'Payment', L, y, { bold: true, size: 11 });
  y += 16;
  y = text(doc, `Price: ${money(f.price)}`, L, y);
  if (f.brokerFee !== undefined) y = text(doc, `Broker fee: ${money(f.brokerFee)}`, L, y);
  y = text(doc, `Method: ${methodLabel(f.paymentMethod)}`, L, y);
  y = text(doc, `Terms: ${f.paymentTermsDays ? `${f.paymentTermsDays} days after delivery` : 'COD'}`, L, y);
  y = rule(doc, y + 2);

  if (f.notes) {
    if (y > 650 || style.next() < 0.25) {
      doc.addPage();
      y = L;
    }
    text(doc, 'Instructions', L, y, { bold: true, size: 11 });
    text(doc, f.notes, L, y + 16, { width: CONTENT_WIDTH });
  }
}
