import { BUSINESS_DATE_MAX, BUSINESS_DATE_MIN, isCalendarDate, textProblem } from '../../../schema/common';
import { scaledOfText } from '../../../schema/decimal';
import {
  type FuelLineProblem,
  type FuelProduct,
  GALLON_SCALE,
  FUEL_CSV_MAX_ROWS,
  stateCodeOf,
} from '../../../schema/ifta';
import { parseDollars } from '../../../schema/money';
import { badRequest } from '../../http/errors';
import { fileFingerprints } from '../bank/fingerprint';
import { csvLines } from './csvLines';

/**
 * Reading a fuel card company's transaction export (docs/product/ifta.md#fuel-csv): one line per product bought, the
 * layout of the EFS / WEX transaction reports — Card #, Tran Date, Tran Time, Invoice, Unit, Driver Name, Location
 * Name, City, State/ Prov, Item, Unit Price, Qty, Amt, Currency — its columns found by name in any order (case,
 * spaces and the other names the card companies use aside), the others ignored. Each line is read on its own: a line
 * that cannot be read is named with its line number and why, and the others go on.
 */

const FIELDS = {
  card: ['card #', 'card number', 'card no', 'card'],
  date: ['tran date', 'transaction date', 'trans date', 'date'],
  time: ['tran time', 'transaction time', 'trans time', 'time'],
  invoice: ['invoice', 'invoice #', 'transaction id', 'trans #', 'transaction #'],
  unit: ['unit', 'unit #', 'vehicle', 'vehicle #', 'truck #'],
  driver: ['driver name', 'driver'],
  location: ['location name', 'merchant name', 'truck stop', 'site name'],
  city: ['city', 'merchant city', 'location city'],
  state: ['state/prov', 'state/province', 'state', 'merchant state', 'location state'],
  item: ['item', 'product', 'product code', 'fuel type'],
  qty: ['qty', 'quantity', 'gallons', 'units'],
  amount: ['amt', 'amount', 'total', 'total amount'],
  currency: ['currency', 'curr'],
} as const;
type Field = keyof typeof FIELDS;
const REQUIRED: Field[] = ['card', 'date', 'invoice', 'state', 'item', 'qty', 'amount'];
/** How each required column is called in the layout, for the message of a file without it. */
const SHOWN: Record<Field, string> = {
  card: 'Card #',
  date: 'Tran Date',
  time: 'Tran Time',
  invoice: 'Invoice',
  unit: 'Unit',
  driver: 'Driver Name',
  location: 'Location Name',
  city: 'City',
  state: 'State/ Prov',
  item: 'Item',
  qty: 'Qty',
  amount: 'Amt',
  currency: 'Currency',
};

/** The item codes the card companies print for each fuel; any other item (DEF, oil, scales, cash) is not fuel. */
const ITEM_PRODUCTS: Record<string, FuelProduct> = Object.fromEntries([
  ...['ULSD', 'DSL', 'DSLM', 'DIESEL', 'BDSL', 'BIO', 'RDSL', 'ULSD2'].map((i) => [i, 'DIESEL' as const]),
  ...['RFR', 'RFRD', 'ULSR', 'REEFER'].map((i) => [i, 'REEFER' as const]),
  ...['UNL', 'UNLD', 'GAS', 'GASOLINE', 'MID', 'PREM'].map((i) => [i, 'GASOLINE' as const]),
]);
/** A line's gallons beyond this are a misprint (a tanker's load is 9,000). */
const MAX_GALLONS_E3 = 10_000_000;
const CELL_MAX = 200;

export interface FuelLine {
  line: number;
  purchasedOn: string;
  time: string;
  /** The card's last 4 digits; `cardDigits` the whole number when the file prints it (to find the card on file). */
  cardLast4: string | null;
  cardDigits: string | null;
  invoice: string;
  unit: string | null;
  driverName: string | null;
  location: string | null;
  city: string | null;
  state: string;
  item: string;
  product: FuelProduct;
  gallonsE3: number;
  amountCents: number;
  fingerprint: string;
}

export interface FuelFile {
  lines: number;
  fuel: FuelLine[];
  notFuel: number;
  refused: FuelLineProblem[];
}

const normal = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s*\/\s*/g, '/')
    .replace(/\s+/g, ' ');

/** The column of each field the header names; a file without a required one is a 400 naming it. */
function columnsOf(header: string[]): Partial<Record<Field, number>> {
  const names = header.map(normal);
  const columns: Partial<Record<Field, number>> = {};
  for (const [field, aliases] of Object.entries(FIELDS) as [Field, readonly string[]][]) {
    const index = names.findIndex((name) => aliases.includes(name));
    if (index >= 0) columns[field] = index;
  }
  const missing = REQUIRED.filter((field) => columns[field] === undefined);
  if (missing.length)
    throw badRequest(
      `This is not a fuel card transaction export: it has no ${missing.map((f) => SHOWN[f]).join(', ')} column${missing.length === 1 ? '' : 's'}. Export the card company's transaction report as CSV (Card #, Tran Date, Invoice, State/ Prov, Item, Qty, Amt)`,
    );
  return columns;
}

/** MM/DD/YYYY (leading zeros optional) or YYYY-MM-DD → YYYY-MM-DD within the business window; null otherwise. */
function dateOf(text: string): string | null {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = us ? `${us[3]}-${us[1].padStart(2, '0')}-${us[2].padStart(2, '0')}` : text;
  return isCalendarDate(iso) && iso >= BUSINESS_DATE_MIN && iso <= BUSINESS_DATE_MAX ? iso : null;
}

/** One line's purchase, or why it cannot be read; null for a line that is not fuel. */
function readLine(
  cells: string[],
  columns: Partial<Record<Field, number>>,
): Omit<FuelLine, 'line' | 'fingerprint'> | string | null {
  for (const cell of cells) {
    const problem = textProblem(cell, { lines: 'line', max: CELL_MAX });
    if (problem) return problem;
  }
  const get = (field: Field) => (columns[field] === undefined ? '' : (cells[columns[field]] ?? '').trim());
  const orNull = (field: Field) => get(field) || null;
  const item = get('item').toUpperCase();
  if (!item) return 'Item is empty';
  const product = ITEM_PRODUCTS[item];
  if (!product) return null;
  const purchasedOn = dateOf(get('date'));
  if (!purchasedOn) return `Tran Date is "${get('date')}", not a date written MM/DD/YYYY`;
  const currency = get('currency').toUpperCase();
  if (currency && currency !== 'USD')
    return `Currency is ${currency}: a purchase outside the United States is not in this return`;
  const state = stateCodeOf(get('state'));
  if (!state)
    return `State/ Prov is "${get('state')}", not a US state: a purchase in Canada or Mexico is not in this return`;
  const gallonsE3 = scaledOfText(get('qty'), GALLON_SCALE, { signed: true });
  if (gallonsE3 === null) return `Qty is "${get('qty')}", not gallons with at most three decimals`;
  if (gallonsE3 === 0 || Math.abs(gallonsE3) > MAX_GALLONS_E3)
    return `Qty is ${get('qty')}: a fuel line is more than 0 and at most 10,000 gallons`;
  const amountCents = parseDollars(get('amount'), { signed: true });
  if (amountCents === null) return `Amt is "${get('amount')}", not dollars with at most two decimals`;
  const invoice = get('invoice');
  if (!invoice) return 'Invoice is empty: the card company numbers every transaction';
  const digits = get('card').replace(/[\s-]/g, '');
  const last4 = /(\d{4})$/.exec(digits)?.[1] ?? null;
  return {
    purchasedOn,
    time: get('time'),
    cardLast4: last4,
    cardDigits: /^\d{8,19}$/.test(digits) ? digits : null,
    invoice,
    unit: orNull('unit'),
    driverName: orNull('driver'),
    location: orNull('location'),
    city: orNull('city'),
    state,
    item,
    product,
    gallonsE3,
    amountCents,
  };
}

/** What identifies a purchase line across exports: what the card company never changes once it is posted. */
const lineKey = (l: Omit<FuelLine, 'line' | 'fingerprint'>) =>
  ['FUEL', l.purchasedOn, l.time, l.invoice, l.cardLast4 ?? '', l.item, l.state, l.gallonsE3, l.amountCents].join(
    '\u001f',
  );

/** The file's purchase lines; a file that is not such an export is a 400 saying why. */
export function readFuelCsv(text: string): FuelFile {
  const records = csvLines(text, 'fuel purchases');
  if (!records.length) throw badRequest('The file is empty: export the transactions from the card company as CSV');
  const columns = columnsOf(records[0].cells);
  if (records.length - 1 > FUEL_CSV_MAX_ROWS)
    throw badRequest(`The file has more than ${FUEL_CSV_MAX_ROWS.toLocaleString('en-US')} lines: split it`);
  const prints = fileFingerprints(lineKey);
  const file: FuelFile = { lines: records.length - 1, fuel: [], notFuel: 0, refused: [] };
  for (const { cells, line } of records.slice(1)) {
    const read = readLine(cells, columns);
    if (read === null) file.notFuel++;
    else if (typeof read === 'string') file.refused.push({ line, message: read });
    else file.fuel.push({ ...read, line, fingerprint: prints.next(read) });
  }
  return file;
}
