import type { SheetFacts } from '../../../schema/dispatchSheets';
import {
  CONTENT_WIDTH,
  type Doc,
  PAGE,
  cityLine,
  longDate,
  date,
  methodLabel,
  money,
  phone,
  styleRandom,
  text,
} from './draw';

const L = PAGE.margin;

/** A load sent as a plain letter or e-mail print-out: no layout, the facts in sentences. */
export function drawLetter(doc: Doc, facts: SheetFacts): void {
  const f = facts.fields;
  const style = styleRandom(facts);
  const day = (value: string | undefined) => (style.next() < 0.5 ? date(value) : longDate(value ?? ''));
  const paragraph = (value: string, y: number) => text(doc, value, L, y, { width: CONTENT_WIDTH, size: 10 }) + 6;
  let y = text(doc, `From: ${f['broker.contact']} <${f['broker.email'] ?? 'dispatch@example.com'}>`, L, L, {
    size: 10,
  });
  y =
    text(
      doc,
      `Subject: Load ${f.loadId}, ${facts.vehicles.length} vehicle(s) ${f['pickup.city']} to ${f['delivery.city']}`,
      L,
      y,
      { size: 10 },
    ) + 10;
  y = paragraph('Hello, please confirm you can take the following load for our customer.', y);
  const contact = (role: 'pickup' | 'delivery') =>
    f[`${role}.contact`]
      ? ` Ask for ${f[`${role}.contact`]}${f[`${role}.phone`] ? ` at ${phone(f[`${role}.phone`])}` : ''}.`
      : '';
  y = paragraph(
    `Pickup on ${day(f['pickup.date'])} at ${f['pickup.name']}, ${f['pickup.address']}, ${cityLine(f, 'pickup')}.${contact('pickup')}`,
    y,
  );
  y = paragraph(
    `Delivery by ${day(f['delivery.date'])} to ${f['delivery.name']}, ${f['delivery.address']}, ${cityLine(f, 'delivery')}.${contact('delivery')}`,
    y,
  );
  y = paragraph('Vehicles:', y);
  for (const vehicle of facts.vehicles)
    y = text(doc, `${vehicle.year} ${vehicle.make} ${vehicle.model}, VIN ${vehicle.vin}`, L + 12, y, { size: 10 });
  y += 6;
  const terms = f.paymentTermsDays ? `${f.paymentTermsDays} days after delivery` : 'COD on delivery';
  y = paragraph(`The rate is ${money(f.price)}, paid by ${methodLabel(f.paymentMethod)}, ${terms}.`, y);
  if (f.notes) y = paragraph(`Note: ${f.notes}`, y);
  paragraph(
    `Thank you, ${f['broker.contact']}, ${f['broker.name']}, ${f['broker.address']}, ${cityLine(f, 'broker')}, phone ${phone(f['broker.phone'])}, MC ${f['broker.mc']}`,
    y,
  );
}
