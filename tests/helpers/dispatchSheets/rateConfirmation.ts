import type { SheetFacts } from '../../../schema/dispatchSheets';
import {
  CONTENT_WIDTH,
  type Doc,
  PAGE,
  cityLine,
  date,
  daysBefore,
  methodLabel,
  money,
  phone,
  styleRandom,
  text,
  typeWord,
} from './draw';

const L = PAGE.margin;
const TERMS =
  'This rate confirmation is subject to the broker-carrier agreement. Carrier must call the shipper 24 hours before ' +
  'pickup. Late delivery without notice may be charged $100.00 per day. Invoices must include the signed BOL; ' +
  'payment is made after receipt of all paperwork. Do not re-broker this load.';

/** A broker's rate confirmation: letterhead, a stops table with windows, a vehicles table, line haul and fees. */
export function drawRateConfirmation(doc: Doc, facts: SheetFacts): void {
  const f = facts.fields;
  const style = styleRandom(facts);
  let y = text(doc, f['broker.name'] ?? '', L, L, { bold: true, size: 15, width: 300 });
  y = text(doc, f['broker.address'] ?? '', L, y);
  y = text(doc, cityLine(f, 'broker'), L, y);
  y = text(doc, `Phone: ${phone(f['broker.phone'])}`, L, y);
  if (f['broker.email']) y = text(doc, `Email: ${f['broker.email']}`, L, y);
  y = text(doc, `MC# ${f['broker.mc']}`, L, y);
  const right = PAGE.width - L - 200;
  text(doc, style.pick(['Rate Confirmation', 'Carrier Load Confirmation']), right, L, { bold: true, size: 14 });
  text(doc, `Load #: ${f.loadId}`, right, L + 20, { bold: true, size: 10 });
  text(doc, `Date: ${date(daysBefore(f['pickup.date'], style.int(1, 5)))}`, right, L + 34);
  text(doc, `Dispatcher: ${f['broker.contact']}`, right, L + 46);
  y = Math.max(y, L + 60) + 10;

  const stopColumns = [
    ['Stop', 0],
    ['Location', 70],
    ['Contact', 290],
    ['Window', 400],
  ] as const;
  for (const [name, dx] of stopColumns) text(doc, name, L + dx, y, { bold: true });
  doc
    .moveTo(L, y + 11)
    .lineTo(PAGE.width - L, y + 11)
    .lineWidth(0.5)
    .stroke();
  y += 16;
  (['pickup', 'delivery'] as const).forEach((role, i) => {
    const window = `${date(f[`${role}.date`])} 08:00–${f[`${role}.dateTo`] ? `${date(f[`${role}.dateTo`])} ` : ''}17:00`;
    text(doc, `Stop ${i + 1}`, L, y, { bold: true });
    text(doc, role === 'pickup' ? 'Pickup' : 'Delivery', L, y + 12);
    let below = text(doc, f[`${role}.name`] ?? '', L + 70, y, { width: 210 });
    below = text(doc, f[`${role}.address`] ?? '', L + 70, below, { width: 210 });
    below = text(doc, cityLine(f, role), L + 70, below, { width: 210 });
    let contactBelow = y;
    if (f[`${role}.contact`])
      contactBelow = text(doc, f[`${role}.contact`] ?? '', L + 290, contactBelow, { width: 105 });
    if (f[`${role}.phone`]) contactBelow = text(doc, phone(f[`${role}.phone`]), L + 290, contactBelow, { width: 105 });
    const windowBelow = text(doc, window, L + 400, y, { width: 140 });
    y = Math.max(below, contactBelow, windowBelow, y + 26) + 6;
  });
  y =
    text(doc, `Equipment: ${style.pick(['Open car hauler', 'Enclosed trailer', 'Open 7-car carrier'])}`, L, y + 4) + 6;

  const vehicleColumns = [
    ['#', 0],
    ['Year', 20],
    ['Make', 60],
    ['Model', 150],
    ['Type', 270],
    ['VIN', 340],
  ] as const;
  for (const [name, dx] of vehicleColumns) text(doc, name, L + dx, y, { bold: true });
  doc
    .moveTo(L, y + 11)
    .lineTo(PAGE.width - L, y + 11)
    .lineWidth(0.5)
    .stroke();
  y += 16;
  facts.vehicles.forEach((vehicle, i) => {
    const cells = [String(i + 1), vehicle.year, vehicle.make, vehicle.model, typeWord(vehicle.type), vehicle.vin];
    cells.forEach((cell, c) => text(doc, cell, L + vehicleColumns[c][1], y));
    y += 13;
  });
  y += 8;

  text(doc, 'Rate', L, y, { bold: true, size: 11 });
  y += 15;
  y = text(doc, `Line haul: ${money(f.price)}`, L, y);
  if (f.brokerFee !== undefined) y = text(doc, `Quick pay fee: ${money(f.brokerFee)}`, L, y);
  y = text(doc, `Payment method: ${methodLabel(f.paymentMethod)}`, L, y);
  y = text(doc, `Payment terms: ${f.paymentTermsDays ? `Net ${f.paymentTermsDays} days` : 'COD'}`, L, y) + 8;

  if (f.notes) {
    text(doc, 'Special Instructions', L, y, { bold: true, size: 11 });
    y = text(doc, f.notes, L, y + 15, { width: CONTENT_WIDTH }) + 8;
  }
  if (style.next() < 0.4 || y > 660) {
    doc.addPage();
    y = L;
  }
  text(doc, 'Terms and Conditions', L, y, { bold: true, size: 11 });
  text(doc, TERMS, L, y + 15, { width: CONTENT_WIDTH, size: 8 });
}
