import { joined, labeledValues, linesIn, sectionUnder, tableRows } from './layout';
import type { ReadingBuilder } from './reading';
import type { SheetText } from './text';
import { mcOf } from './values';

/** The boxes of a Central Dispatch sheet, by their titles. */
const TITLES =
  /^(Order Information|Dispatched By|Carrier Information|Pickup Information|Delivery Information|Vehicle Information|Price\/Terms|Additional Info|Dispatch Terms)$/i;
export const isCentralDispatch = (all: string) =>
  /Dispatch Sheet/i.test(all) && /Dispatched By/i.test(all) && /Order ID/i.test(all);

const section = (sheet: SheetText, title: RegExp) => {
  const region = sectionUnder(sheet, title, TITLES);
  return region ? linesIn(sheet, region) : [];
};

const PLACE_RULES = {
  name: /^(?:Name|Company):/i,
  address: /^Address:/i,
  cityLine: /^City\/State\/Zip:/i,
  contact: /^Contact:/i,
  phone: /^Phone:/i,
  email: /^E-?mail:/i,
  mc: /^MC\s*#?:/i,
  date: /^(?:Pickup|Delivery)\s+(?:Exactly|Estimated|No Earlier Than|No Later Than|Date)s?:/i,
};

/** Central Dispatch: labeled rows in titled boxes, a vehicle table, and the Price/Terms box. */
export function readCentralDispatch(sheet: SheetText, out: ReadingBuilder): void {
  out.set('loadBoard', 'Central Dispatch', null);
  const order = labeledValues(section(sheet, /^Order Information$/i), { loadId: /^Order ID:/i });
  out.text('loadId', order.loadId);

  const broker = labeledValues(section(sheet, /^Dispatched By$/i), PLACE_RULES);
  out.text('broker.name', broker.name);
  out.text('broker.address', broker.address);
  out.place('broker', broker.cityLine);
  out.text('broker.contact', broker.contact);
  out.phone('broker.phone', broker.phone);
  out.text('broker.email', broker.email);
  if (broker.mc) out.set('broker.mc', mcOf(broker.mc.text) ?? broker.mc.text, broker.mc);

  for (const role of ['pickup', 'delivery'] as const) {
    const stop = labeledValues(
      section(sheet, role === 'pickup' ? /^Pickup Information$/i : /^Delivery Information$/i),
      PLACE_RULES,
    );
    out.text(`${role}.name`, stop.name);
    out.text(`${role}.address`, stop.address);
    out.place(role, stop.cityLine);
    out.text(`${role}.contact`, stop.contact);
    out.phone(`${role}.phone`, stop.phone);
    out.date(`${role}.date`, stop.date, `${role}.dateTo`);
  }

  const vehicleLines = section(sheet, /^Vehicle Information$/i);
  const header = vehicleLines.find((line) => line.cells.some((c) => /^VIN$/i.test(c.text)));
  if (header) {
    for (const row of tableRows(vehicleLines, header, 'Year')) out.vehicleRow(row);
  }

  const price = labeledValues(section(sheet, /^Price\/Terms$/i), {
    price: /^Total Payment to Carrier:/i,
    fee: /^Broker Fee:/i,
    method: /^Payment Method:/i,
    terms: /^Payment Terms:/i,
  });
  out.payment(price);
  const notes = section(sheet, /^Additional Info$/i);
  if (notes.length)
    out.text('notes', joined(notes.flatMap((line) => line.cells.map((c) => ({ text: c.text, spots: [c.spot] })))));
}
