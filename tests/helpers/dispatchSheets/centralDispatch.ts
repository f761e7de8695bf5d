import type { SheetFacts } from '../../../schema/dispatchSheets';
import {
  CONTENT_WIDTH,
  type Doc,
  PAGE,
  box,
  cityLine,
  date,
  daysBefore,
  labeled,
  methodLabel,
  money,
  phone,
  styleRandom,
  text,
  typeWord,
} from './draw';

const L = PAGE.margin;
const TERMS_TEXT =
  'Carrier agrees that this load is subject to the terms of the dispatch contract. Carrier will not re-broker or ' +
  'double-broker this load. Any damage must be noted on the bill of lading at delivery. Failure to pick up within ' +
  '48 hours of the date given may result in cancellation. Storage fees of $50.00 per day are the carrier’s own.';

/** A Central Dispatch style dispatch sheet: stacked boxes with "Label:" rows, a vehicle table, Price/Terms. */
export function drawCentralDispatch(doc: Doc, facts: SheetFacts): void {
  const f = facts.fields;
  const style = styleRandom(facts);
  const half = CONTENT_WIDTH / 2 - 5;
  text(doc, 'Dispatch Sheet', L, L, { bold: true, size: 18 });
  text(doc, 'Central Dispatch', PAGE.width - L - 120, L, { bold: true, size: 11 });
  text(doc, `Printed ${date(daysBefore(f['pickup.date'], 1))}`, PAGE.width - L - 120, L + 14, { size: 8 });
  let y = L + 34;
  y = box(doc, 'Order Information', L, y, CONTENT_WIDTH, (top) => {
    labeled(doc, 'Order ID:', f.loadId ?? '', L + 6, top, L + 80, 150);
    labeled(doc, 'Dispatch Date:', date(daysBefore(f['pickup.date'], style.int(1, 6))), L + 270, top, L + 350, 150);
    return top + 12;
  });
  const brokerRows: [string, string | undefined][] = [
    ['Company:', f['broker.name']],
    ['Address:', f['broker.address']],
    ['City/State/Zip:', cityLine(f, 'broker')],
    ['Contact:', f['broker.contact']],
    ['Phone:', phone(f['broker.phone'])],
    ['Email:', f['broker.email']],
    ['MC #:', f['broker.mc']],
  ];
  const carrierRows: [string, string][] = [
    ['Company:', 'Select Auto Transport LLC'],
    ['Phone:', '(312) 555-0190'],
    ['MC #:', '884201'],
    ['Driver:', 'Assigned at dispatch'],
  ];
  const rowsBox = (title: string, rows: [string, string | undefined][], x: number, top: number) =>
    box(doc, title, x, top, half, (inner) => {
      let at = inner;
      for (const [label, value] of rows) if (value) at = labeled(doc, label, value, x + 6, at, x + 86, half - 92);
      return at;
    });
  const brokerBottom = rowsBox('Dispatched By', brokerRows, L, y);
  const carrierBottom = rowsBox('Carrier Information', carrierRows, L + half + 10, y);
  y = Math.max(brokerBottom, carrierBottom);

  for (const role of ['pickup', 'delivery'] as const) {
    const title = role === 'pickup' ? 'Pickup Information' : 'Delivery Information';
    const word = role === 'pickup' ? 'Pickup' : 'Delivery';
    const kind = style.pick(
      role === 'pickup' ? ['Exactly', 'Estimated', 'No Earlier Than'] : ['Estimated', 'No Later Than'],
    );
    const when = f[`${role}.dateTo`]
      ? `${date(f[`${role}.date`])} to ${date(f[`${role}.dateTo`])}`
      : date(f[`${role}.date`]);
    y = box(doc, title, L, y, CONTENT_WIDTH, (top) => {
      let at = top;
      const rows: [string, string | undefined][] = [
        ['Name:', f[`${role}.name`]],
        ['Address:', f[`${role}.address`]],
        ['City/State/Zip:', cityLine(f, role)],
        ['Contact:', f[`${role}.contact`]],
        ['Phone:', phone(f[`${role}.phone`])],
      ];
      for (const [label, value] of rows) if (value) at = labeled(doc, label, value, L + 6, at, L + 96, 300);
      labeled(doc, `${word} ${kind}:`, when, L + 6, at, L + 126, 200);
      return at + 12;
    });
  }

  const columns = [
    ['Year', 0],
    ['Make', 34],
    ['Model', 110],
    ['Type', 220],
    ['Color', 275],
    ['VIN', 325],
    ['Lot #', 450],
  ] as const;
  y = box(doc, 'Vehicle Information', L, y, CONTENT_WIDTH, (top) => {
    for (const [name, dx] of columns) text(doc, name, L + 6 + dx, top, { bold: true });
    let at = top + 14;
    for (const vehicle of facts.vehicles) {
      const cells = [
        vehicle.year,
        vehicle.make,
        vehicle.model,
        typeWord(vehicle.type),
        style.pick(['White', 'Black', 'Silver', 'Red']),
        vehicle.vin,
        style.next() < 0.5 ? `${style.int(1000, 99999)}` : '',
      ];
      cells.forEach(
        (cell, i) => cell && text(doc, cell, L + 6 + columns[i][1], at, { width: i === 2 ? 105 : undefined }),
      );
      at = Math.max(at + 12, doc.y + 2);
    }
    return at;
  });

  const cod = !f.paymentTermsDays;
  y = box(doc, 'Price/Terms', L, y, CONTENT_WIDTH, (top) => {
    let at = labeled(doc, 'Total Payment to Carrier:', money(f.price), L + 6, top, L + 140, 200);
    if (f.brokerFee !== undefined) at = labeled(doc, 'Broker Fee:', money(f.brokerFee), L + 6, at, L + 140, 200);
    at = labeled(doc, 'COD/COP:', cod ? `COD ${money(f.price)}` : 'None', L + 6, at, L + 140, 200);
    at = labeled(doc, 'Payment Method:', methodLabel(f.paymentMethod), L + 6, at, L + 140, 200);
    const terms = cod
      ? `${methodLabel(f.paymentMethod)} on delivery`
      : `${methodLabel(f.paymentMethod)} within ${f.paymentTermsDays} business days of receiving a signed BOL`;
    return labeled(doc, 'Payment Terms:', terms, L + 6, at, L + 140, 380);
  });

  // A second page when the notes are long or by chance, as sheets with terms attached have.
  const secondPage = style.next() < 0.35 || y > 640;
  if (secondPage) {
    doc.addPage();
    y = PAGE.margin;
  }
  if (f.notes) {
    y = box(doc, 'Additional Info', L, y, CONTENT_WIDTH, (top) =>
      text(doc, f.notes ?? '', L + 6, top, { width: CONTENT_WIDTH - 12 }),
    );
  }
  if (secondPage) {
    box(doc, 'Dispatch Terms', L, y, CONTENT_WIDTH, (top) =>
      text(doc, TERMS_TEXT, L + 6, top, { width: CONTENT_WIDTH - 12, size: 7 }),
    );
  }
}
