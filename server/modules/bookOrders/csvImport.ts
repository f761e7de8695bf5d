import { parse } from 'csv-parse/sync';
import type { FastifyRequest } from 'fastify';
import { type BookOrderInput, TRAILER_TYPES, VEHICLE_TYPES, bookOrderInput } from '../../../schema/bookOrders';
import { textProblem } from '../../../schema/common';
import { enumWords, usCents } from '../../../schema/format';
import { parseDollars } from '../../../schema/money';
import {
  type ImportPreviewDto,
  type ImportProblem,
  type ImportResultDto,
  type ImportedLoadDto,
  ORDER_CSV_COLUMNS,
  ORDER_CSV_MAX_ROWS,
  type OrderCsvKey,
  type OrderCsvRow,
} from '../../../schema/orderImport';
import { PAYMENT_METHODS } from '../../../schema/reference';
import type { DialectName } from '../../db';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { ApiError, badRequest } from '../../http/errors';
import { findDuplicates } from './duplicates';
import { createOrderInside } from './orderCreate';
import { checkReferences } from './queries';
import { bookingRefusals } from '../dispatchRules/enforce';

/**
 * Booking loads from a CSV file (docs/product/book-orders.md#csv-import). The preview reads the file and says, load by
 * load, what is wrong (by line and column) and what looks booked already; nothing is written. The import reads the
 * same file again and books every load that is ready, all in one transaction: a failure books none of them.
 */

const HEADER_KEYS = new Map<string, OrderCsvKey>(ORDER_CSV_COLUMNS.map((c) => [c.header.toLowerCase(), c.key]));
const HEADER_OF = Object.fromEntries(ORDER_CSV_COLUMNS.map((c) => [c.key, c.header])) as Record<OrderCsvKey, string>;

/** The form's fields, by the column a problem with them is reported in. */
const FIELD_COLUMNS: Record<string, OrderCsvKey> = {
  loadBoard: 'loadBoard',
  externalLoadId: 'loadId',
  brokerId: 'broker',
  shipperId: 'shipper',
  carrierId: 'carrier',
  dispatcherId: 'dispatcher',
  trailerType: 'trailerType',
  price: 'price',
  brokerFee: 'brokerFee',
  paymentMethod: 'paymentMethod',
  paymentTermsDays: 'paymentTermsDays',
  notes: 'notes',
  'pickup.address': 'pickupAddress',
  'pickup.city': 'pickupCity',
  'pickup.stateId': 'pickupState',
  'pickup.zip': 'pickupZip',
  'pickup.date': 'pickupDate',
  'delivery.address': 'deliveryAddress',
  'delivery.city': 'deliveryCity',
  'delivery.stateId': 'deliveryState',
  'delivery.zip': 'deliveryZip',
  'delivery.date': 'deliveryDate',
  vin: 'vin',
  year: 'year',
  make: 'make',
  model: 'model',
  type: 'vehicleType',
  price_vehicle: 'vehiclePrice',
};

interface Row {
  line: number;
  cells: OrderCsvRow;
}

/** The file's rows under their headers; a file that is not this CSV is a 400 saying why. */
function readRows(text: string): Row[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (error) {
    throw badRequest(`This file is not a CSV file the import can read: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header) throw badRequest('The file is empty: download the template and fill in one row per vehicle');
  const keys = header.map((h) => HEADER_KEYS.get(h.toLowerCase()));
  const unknown = header.filter((_, i) => !keys[i]);
  if (unknown.length)
    throw badRequest(`Line 1: columns not in the template: ${unknown.join(', ')}. Download the template to see them.`);
  const missing = ORDER_CSV_COLUMNS.filter((c) => !keys.includes(c.key)).map((c) => c.header);
  if (missing.length) throw badRequest(`Line 1: columns missing: ${missing.join(', ')}`);
  if (body.length > ORDER_CSV_MAX_ROWS)
    throw badRequest(`The file has ${body.length} rows; import at most ${ORDER_CSV_MAX_ROWS} at a time`);
  return body.map((record, index) => {
    const cells = Object.fromEntries(ORDER_CSV_COLUMNS.map((c) => [c.key, ''])) as OrderCsvRow;
    record.forEach((value, i) => {
      if (keys[i]) cells[keys[i]] = value;
    });
    return { line: index + 2, cells };
  });
}

/** The names the file gives, as ids: one read per kind for the whole file. */
async function lookups(db: Db, rows: Row[]) {
  const names = (key: OrderCsvKey) => [...new Set(rows.map((r) => r.cells[key].toLowerCase()).filter(Boolean))];
  const byName = async (table: 'brokers' | 'shippers' | 'carriers', key: OrderCsvKey) => {
    const wanted = names(key);
    if (!wanted.length) return new Map<string, number>();
    const found = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), 'in', wanted))
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .execute();
    return new Map(found.reverse().map((r) => [r.name.toLowerCase(), Number(r.id)]));
  };
  const emails = names('dispatcher');
  const [brokers, shippers, carriers, users, states] = await Promise.all([
    byName('brokers', 'broker'),
    byName('shippers', 'shipper'),
    byName('carriers', 'carrier'),
    emails.length
      ? db
          .selectFrom('users')
          .select(['id', 'email'])
          .where((eb) => eb(eb.fn('lower', ['email']), 'in', emails))
          .where('deleted_at', 'is', null)
          .execute()
      : [],
    db.selectFrom('states').select(['id', 'abbreviation']).execute(),
  ]);
  return {
    brokers,
    shippers,
    carriers,
    users: new Map(users.map((u) => [u.email.toLowerCase(), Number(u.id)])),
    states: new Map(states.map((s) => [s.abbreviation.toLowerCase(), Number(s.id)])),
  };
}
type Lookups = Awaited<ReturnType<typeof lookups>>;

/** MM/DD/YYYY (or M/D/YYYY) as an ISO day; null when it is not a date. */
function isoDay(text: string): string | null {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [, m, d, y] = match;
  const iso = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** A value of an enum from its code or its words, any case ("Open", "OPEN", "pickup truck"). */
function enumOf<T extends string>(values: readonly T[], text: string): T | undefined {
  const wanted = text.trim().toLowerCase();
  return values.find((v) => v.toLowerCase() === wanted || enumWords(v).toLowerCase() === wanted);
}

/** One load from its rows: the form's body (as the create reads it) and the problems met making it. */
function loadFrom(rows: Row[], ids: Lookups): { body: Record<string, unknown>; problems: ImportProblem[] } {
  const [first] = rows;
  const c = first.cells;
  const problems: ImportProblem[] = [];
  const say = (line: number, key: OrderCsvKey | null, message: string) =>
    problems.push({ line, column: key ? HEADER_OF[key] : null, message });
  for (const row of rows)
    for (const column of ORDER_CSV_COLUMNS) {
      const problem = textProblem(row.cells[column.key]);
      if (problem) say(row.line, column.key, problem);
    }
  const id = (map: Map<string, number>, key: OrderCsvKey, what: string) => {
    const text = c[key].trim();
    if (!text) return undefined;
    const found = map.get(text.toLowerCase());
    if (found === undefined) say(first.line, key, `No ${what} named “${text}”: add it first, or correct the name`);
    return found;
  };
  const day = (row: Row, key: OrderCsvKey) => {
    const text = row.cells[key];
    if (!text) return undefined;
    const iso = isoDay(text);
    if (!iso) say(row.line, key, `“${text}” is not a date as MM/DD/YYYY`);
    return iso ?? undefined;
  };
  const dollars = (row: Row, key: OrderCsvKey, fallback?: number) => {
    const text = row.cells[key].replace(/[$,\s]/g, '');
    if (!text) return fallback;
    const cents = parseDollars(text);
    if (cents === null) say(row.line, key, `“${row.cells[key]}” is not an amount in dollars`);
    return cents === null ? undefined : cents / 100;
  };
  const whole = (row: Row, key: OrderCsvKey) => {
    const text = row.cells[key];
    if (!text) return undefined;
    if (!/^\d{1,4}$/.test(text)) say(row.line, key, `“${text}” is not a whole number`);
    return Number(text);
  };
  const stop = (prefix: 'pickup' | 'delivery') => ({
    address: c[`${prefix}Address`],
    city: c[`${prefix}City`],
    stateId: id(ids.states, `${prefix}State`, 'state (two letters)'),
    zip: c[`${prefix}Zip`] || null,
    dateType: 'ESTIMATED',
    date: day(first, `${prefix}Date`),
  });
  const trailerType = c.trailerType ? enumOf(TRAILER_TYPES, c.trailerType) : 'OPEN';
  if (!trailerType) say(first.line, 'trailerType', `Trailer type is one of ${TRAILER_TYPES.map(enumWords).join(', ')}`);
  const paymentMethod = c.paymentMethod ? enumOf(PAYMENT_METHODS, c.paymentMethod) : 'ACH';
  if (!paymentMethod) say(first.line, 'paymentMethod', `Payment method is one of ${PAYMENT_METHODS.join(', ')}`);
  const body = {
    loadBoard: c.loadBoard,
    externalLoadId: c.loadId || null,
    brokerId: id(ids.brokers, 'broker', 'broker'),
    shipperId: id(ids.shippers, 'shipper', 'shipper'),
    carrierId: id(ids.carriers, 'carrier', 'carrier'),
    dispatcherId: id(ids.users, 'dispatcher', 'user with the e-mail'),
    trailerType,
    pickup: stop('pickup'),
    delivery: stop('delivery'),
    price: dollars(first, 'price'),
    brokerFee: dollars(first, 'brokerFee', 0),
    paymentMethod,
    paymentTermsDays: whole(first, 'paymentTermsDays') ?? 0,
    notes: c.notes || null,
    vehicles: rows.map((row) => {
      const type = row.cells.vehicleType ? enumOf(VEHICLE_TYPES, row.cells.vehicleType) : undefined;
      if (row.cells.vehicleType && !type)
        say(row.line, 'vehicleType', `Vehicle type is one of ${VEHICLE_TYPES.map(enumWords).join(', ')}`);
      return {
        vin: row.cells.vin.toUpperCase(),
        year: whole(row, 'year'),
        make: row.cells.make,
        model: row.cells.model,
        type,
        price: dollars(row, 'vehiclePrice', 0),
      };
    }),
  };
  return { body, problems };
}

/** What the form's schema says of a body, each problem on its line and column. */
function schemaProblems(body: Record<string, unknown>, rows: Row[]): ImportProblem[] {
  const parsed = bookOrderInput.safeParse(body);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const [head, index, field] = issue.path as (string | number)[];
    if (head === 'vehicles' && typeof index === 'number') {
      const key = FIELD_COLUMNS[field === 'price' ? 'price_vehicle' : String(field)];
      return { line: rows[index]?.line ?? rows[0].line, column: key ? HEADER_OF[key] : null, message: issue.message };
    }
    const key = FIELD_COLUMNS[issue.path.slice(0, 2).join('.')] ?? FIELD_COLUMNS[String(head)];
    return { line: rows[0].line, column: key ? HEADER_OF[key] : null, message: issue.message };
  });
}

/** A line a person reads the load by: ref, parties, where from and to, cars, price. */
function summaryOf(rows: Row[]): string {
  const c = rows[0].cells;
  const cars = rows.map((r) => [r.cells.year, r.cells.make, r.cells.model].filter(Boolean).join(' ')).join(', ');
  const cents = parseDollars(c.price.replace(/[$,\s]/g, ''));
  const price = cents === null ? c.price : usCents(cents);
  return `${c.broker || 'No broker'} · ${c.pickupCity}, ${c.pickupState} → ${c.deliveryCity}, ${c.deliveryState} · ${cars} · ${price}`;
}

interface ReadLoad extends ImportedLoadDto {
  input: BookOrderInput | null;
}

/** Every load of the file, with its problems (the file's, the schema's, the records') and likely duplicates. */
async function readLoads(db: Db, text: string): Promise<ReadLoad[]> {
  const rows = readRows(text);
  const ids = await lookups(db, rows);
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const ref = row.cells.ref || `line ${row.line}`;
    groups.set(ref, [...(groups.get(ref) ?? []), row]);
  }
  const loads: ReadLoad[] = [];
  for (const [ref, group] of groups) {
    const { body, problems } = loadFrom(group, ids);
    if (!problems.length) problems.push(...schemaProblems(body, group));
    let input: BookOrderInput | null = null;
    if (!problems.length) {
      input = bookOrderInput.parse(body);
      try {
        await checkReferences(db, input);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const key = error.field ? FIELD_COLUMNS[error.field] : undefined;
        problems.push({ line: group[0].line, column: key ? HEADER_OF[key] : null, message: error.message });
        input = null;
      }
    }
    // The dispatch rules: a load they refuse is left for the order form, where an administrator may override.
    for (const refusal of input ? await bookingRefusals(db, input, null) : []) {
      const key = FIELD_COLUMNS[refusal.field];
      problems.push({ line: group[0].line, column: key ? HEADER_OF[key] : null, message: refusal.message });
      input = null;
    }
    const duplicates = await findDuplicates(db, {
      loadBoard: group[0].cells.loadBoard,
      loadId: group[0].cells.loadId,
      vins: group.map((r) => r.cells.vin),
    });
    loads.push({ ref, lines: group.map((r) => r.line), summary: summaryOf(group), problems, duplicates, input });
  }
  return loads;
}

const ready = (load: ReadLoad) => load.input !== null && !load.problems.length && !load.duplicates.length;
const dto = ({ input: _input, ...load }: ReadLoad): ImportedLoadDto => load;

export async function previewImport(db: Db, text: string): Promise<ImportPreviewDto> {
  const loads = await readLoads(db, text);
  return { loads: loads.map(dto), ready: loads.filter(ready).length };
}

/** Books every ready load of the file in one transaction; the others are named with why they were left. */
export async function importOrders(
  db: Db,
  dialect: DialectName,
  request: FastifyRequest,
  text: string,
): Promise<{ result: ImportResultDto; deliveries: Awaited<ReturnType<typeof createOrderInside>>['deliveries'] }> {
  const loads = await readLoads(db, text);
  const skipped = loads
    .filter((load) => !ready(load))
    .map((load) => ({
      ref: load.ref,
      reason: load.problems.length
        ? `${load.problems.length} problem${load.problems.length === 1 ? '' : 's'}: ${load.problems[0].message}`
        : `Likely a duplicate of ${load.duplicates.map((d) => d.orderNumber).join(', ')}`,
    }));
  const toBook = loads.filter(ready);
  if (!toBook.length) throw badRequest('No load of this file is ready to book: see the preview for what to fix');
  return transact(db, async (trx) => {
    const created: ImportResultDto['created'] = [];
    const deliveries: Awaited<ReturnType<typeof createOrderInside>>['deliveries'] = [];
    for (const load of toBook) {
      // The create checks duplicates again inside this transaction: two imports of one file at once book it once.
      const booked = await createOrderInside(trx, dialect, request, load.input!);
      const number = await trx
        .selectFrom('book_orders')
        .select('order_number')
        .where('id', '=', booked.id)
        .executeTakeFirstOrThrow();
      created.push({ ref: load.ref, id: booked.id, orderNumber: number.order_number });
      deliveries.push(...booked.deliveries);
    }
    return { result: { created, skipped }, deliveries };
  });
}
