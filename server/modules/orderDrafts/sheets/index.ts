/**
 * The dispatch sheet reader (docs/product/dispatch-sheets.md): a PDF's bytes in, the load's fields out, each with how
 * sure the reader is and where on the page it was. Pure: no database, no network; a file it cannot read is refused
 * with a SheetUnreadable that says why.
 */
import type { SheetLayout, SheetReading } from '../../../../schema/dispatchSheets';
import { isCentralDispatch, readCentralDispatch } from './centralDispatch';
import { readGeneric } from './generic';
import { isRateConfirmation, readRateConfirmation } from './rateConfirmation';
import { CONFIDENCE, ReadingBuilder, checkReading } from './reading';
import { type SheetText, sheetText } from './text';
import { isSuperDispatch, readSuperDispatch } from './superDispatch';

export { SheetUnreadable, type SheetUnreadableReason } from './errors';
export { GENERIC_FIELDS } from './generic';
export { MAX_PAGES } from './text';

/** The layouts by their markers, tried in order; the first whose markers the first page has reads the sheet. */
const LAYOUTS: {
  layout: SheetLayout;
  is: (text: string) => boolean;
  read: (sheet: SheetText, out: ReadingBuilder) => void;
}[] = [
  { layout: 'centralDispatch', is: isCentralDispatch, read: readCentralDispatch },
  { layout: 'superDispatch', is: isSuperDispatch, read: readSuperDispatch },
  { layout: 'rateConfirmation', is: isRateConfirmation, read: readRateConfirmation },
];

export async function readDispatchSheet(bytes: Uint8Array): Promise<SheetReading> {
  const sheet = await sheetText(bytes);
  const firstPage = sheet.lines
    .filter((line) => line.page === 1)
    .map((line) => line.cells.map((c) => c.text).join(' '))
    .join('\n');
  const known = LAYOUTS.find((layout) => layout.is(firstPage));
  const out = new ReadingBuilder(known ? CONFIDENCE.READ : CONFIDENCE.FOUND);
  if (known) known.read(sheet, out);
  else readGeneric(sheet, out);
  checkReading(out.fields, out.vehicles);
  return {
    layout: known?.layout ?? 'generic',
    pages: sheet.pageSizes.length,
    pageSizes: sheet.pageSizes,
    fields: out.fields,
    vehicles: out.vehicles,
  };
}
