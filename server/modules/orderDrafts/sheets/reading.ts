import type { SheetField, SheetFieldKey, SheetReading, SheetVehicleFieldKey } from '../../../../schema/dispatchSheets';
import { PAYMENT_METHODS } from '../../../../schema/reference';
import { VEHICLE_TYPES, isValidVin } from '../../../../schema/vin';
import { zipInfo } from '../../../places';
import { type Piece, joined, spotOf } from './layout';
import {
  cityStateZipOf,
  datesIn,
  isCalendarDate,
  isCod,
  isEmail,
  isStateCode,
  makeAndModel,
  termsDaysOf,
  moneyOf,
  paymentMethodOf,
  phoneOf,
  vehicleTypeCode,
} from './values';

/**
 * How sure a reading is (docs/product/dispatch-sheets.md#dispatch-sheet-confidence). A value read from its label or column in a
 * known layout starts at READ; the generic reader's finds start lower (FOUND when the value proves itself, such as a
 * VIN's check digit or a ZIP of that city; GUESSED when only its place in the text says what it is). Any value that
 * fails its check ends at or below DOUBTFUL; text that is not of the field's kind at all at UNPARSED.
 */
export const CONFIDENCE = { READ: 0.95, FOUND: 0.85, GUESSED: 0.6, DOUBTFUL: 0.5, FAILED: 0.4, UNPARSED: 0.3 };

/** The model-year character of a VIN (position 10), which repeats every 30 years: 1980 and 2010 are both A. */
export const MODEL_YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

type Fields = SheetReading['fields'];
type Vehicle = SheetReading['vehicles'][number];
const field = (value: string, confidence: number, from: Piece | null): SheetField => ({
  value,
  confidence,
  spot: from ? spotOf(from) : null,
});

/** Collects what a layout reader finds, turning each piece of text into the field's one form. */
export class ReadingBuilder {
  readonly fields: Fields = {};
  readonly vehicles: Vehicle[] = [];
  constructor(private readonly base = CONFIDENCE.READ) {}

  set(key: SheetFieldKey, value: string, from: Piece | null, confidence = this.base): void {
    if (value) this.fields[key] = field(value, confidence, from);
  }

  text(key: SheetFieldKey, from: Piece | null | undefined): void {
    if (from?.text) this.set(key, from.text, from);
  }

  /** Dates: the first one in the text (and the second into `toKey`, for a window). */
  date(key: SheetFieldKey, from: Piece | null | undefined, toKey?: SheetFieldKey): void {
    if (!from?.text) return;
    const [first, second] = datesIn(from.text);
    if (!first) return this.set(key, from.text, from, CONFIDENCE.UNPARSED);
    this.set(key, first.iso, from);
    if (toKey && second) this.set(toKey, second.iso, from);
  }

  money(key: SheetFieldKey, from: Piece | null | undefined): void {
    if (!from?.text) return;
    const dollars = moneyOf(from.text);
    this.set(key, dollars ?? from.text, from, dollars ? this.base : CONFIDENCE.UNPARSED);
  }

  phone(key: SheetFieldKey, from: Piece | null | undefined): void {
    const digits = from?.text ? phoneOf(from.text) : null;
    if (from && digits) this.set(key, digits, from);
  }

  paymentMethod(from: Piece | null | undefined): void {
    if (!from?.text) return;
    const code = paymentMethodOf(from.text);
    this.set('paymentMethod', code ?? from.text, from, code ? this.base : CONFIDENCE.UNPARSED);
  }

  /** A row of a vehicles table whose columns are named Year, Make, Model, Type and VIN. */
  vehicleRow(row: Record<string, Piece[]>): void {
    const cell = (name: string): Piece | undefined => (row[name] ? joined(row[name]) : undefined);
    this.vehicle({
      year: cell('Year'),
      make: cell('Make'),
      model: cell('Model'),
      type: cell('Type'),
      vin: cell('VIN'),
    });
  }

  /** A sheet's payment block: price, broker fee, method, and the terms' days unless it is collected on the spot. */
  payment(block: { price?: Piece; fee?: Piece; method?: Piece; terms?: Piece }): void {
    this.money('price', block.price);
    this.money('brokerFee', block.fee);
    this.paymentMethod(block.method);
    if (block.terms && !isCod(block.terms.text)) {
      const days = termsDaysOf(block.terms.text);
      if (days) this.set('paymentTermsDays', days, block.terms);
    }
  }

  /** "City, ST ZIP" into the role's city, state and zip (checked against the ZIP table later). */
  place(role: 'broker' | 'pickup' | 'delivery', from: Piece | null | undefined, confidence = this.base): boolean {
    const parts = from?.text ? cityStateZipOf(from.text) : null;
    if (!from || !parts) return false;
    this.set(`${role}.city`, parts.city, from, confidence);
    this.set(`${role}.state`, parts.state, from, confidence);
    this.set(`${role}.zip`, parts.zip, from, confidence);
    return true;
  }

  vehicle(parts: { vin?: Piece; year?: Piece; makeModel?: Piece; make?: Piece; model?: Piece; type?: Piece }): void {
    const vehicle: Vehicle = {};
    const put = (key: SheetVehicleFieldKey, value: string | null | undefined, from: Piece | undefined) => {
      if (value && from) vehicle[key] = field(value, this.base, from);
    };
    put('vin', parts.vin?.text.replace(/\s/g, '').toUpperCase(), parts.vin);
    put('year', parts.year?.text, parts.year);
    if (parts.makeModel) {
      const { make, model } = makeAndModel(parts.makeModel.text);
      put('make', make, parts.makeModel);
      put('model', model, parts.makeModel);
    }
    put('make', parts.make?.text, parts.make);
    put('model', parts.model?.text, parts.model);
    if (parts.type) put('type', vehicleTypeCode(parts.type.text) ?? parts.type.text, parts.type);
    if (Object.keys(vehicle).length) this.vehicles.push(vehicle);
  }
}

const lower = (f: SheetField | undefined, to: number) => {
  if (f) f.confidence = Math.min(f.confidence, to);
};
const sameCity = (a: string, b: string) => {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/\bst\.?\s/g, 'saint ')
      .replace(/\bft\.?\s/g, 'fort ')
      .replace(/[^a-z]/g, '');
  return norm(a) === norm(b);
};

/**
 * Each value against what it must be: a calendar date, a ZIP of that city and state, a fee within the price, a VIN
 * with its check digit and its model year's code … A value that fails keeps its text, with a confidence below
 * LOW_CONFIDENCE so that the reviewer is asked to check it.
 */
export function checkReading(fields: Fields, vehicles: Vehicle[]): void {
  for (const role of ['broker', 'pickup', 'delivery'] as const) {
    const city = fields[`${role}.city`];
    const state = fields[`${role}.state`];
    const zip = fields[`${role}.zip`];
    if (state && !isStateCode(state.value)) lower(state, CONFIDENCE.FAILED);
    if (zip) {
      const known = /^\d{5}$/.test(zip.value) ? zipInfo(zip.value) : null;
      if (!known) lower(zip, CONFIDENCE.FAILED);
      else {
        if (state && state.value !== known.state) [zip, state, city].forEach((f) => lower(f, CONFIDENCE.DOUBTFUL));
        if (city && !sameCity(city.value, known.city)) [zip, city].forEach((f) => lower(f, CONFIDENCE.DOUBTFUL));
      }
    }
    const phone = fields[`${role}.phone`];
    if (phone && !/^\d{10}$/.test(phone.value)) lower(phone, CONFIDENCE.FAILED);
  }
  const email = fields['broker.email'];
  if (email && !isEmail(email.value)) lower(email, CONFIDENCE.FAILED);
  const mc = fields['broker.mc'];
  if (mc && !/^\d{4,8}$/.test(mc.value)) lower(mc, CONFIDENCE.FAILED);

  const dateKeys = ['pickup.date', 'pickup.dateTo', 'delivery.date', 'delivery.dateTo'] as const;
  for (const key of dateKeys)
    if (fields[key] && !isCalendarDate(fields[key].value)) lower(fields[key], CONFIDENCE.FAILED);
  const before = (a: SheetField | undefined, b: SheetField | undefined) => {
    if (a && b && isCalendarDate(a.value) && isCalendarDate(b.value) && b.value < a.value)
      [a, b].forEach((f) => lower(f, CONFIDENCE.DOUBTFUL));
  };
  before(fields['pickup.date'], fields['pickup.dateTo']);
  before(fields['delivery.date'], fields['delivery.dateTo']);
  before(fields['pickup.date'], fields['delivery.date']);

  const price = fields.price;
  const fee = fields.brokerFee;
  for (const money of [price, fee]) if (money && !/^\d+\.\d{2}$/.test(money.value)) lower(money, CONFIDENCE.UNPARSED);
  if (price && fee && Number(fee.value) > Number(price.value)) lower(fee, CONFIDENCE.DOUBTFUL);
  const method = fields.paymentMethod;
  if (method && !(PAYMENT_METHODS as readonly string[]).includes(method.value)) lower(method, CONFIDENCE.UNPARSED);
  const days = fields.paymentTermsDays;
  if (days && !(/^\d{1,3}$/.test(days.value) && Number(days.value) <= 180)) lower(days, CONFIDENCE.FAILED);

  const nextYear = new Date().getUTCFullYear() + 2;
  for (const vehicle of vehicles) {
    const { vin, year, type } = vehicle;
    if (vin && !isValidVin(vin.value)) lower(vin, CONFIDENCE.FAILED);
    if (year) {
      const number = Number(year.value);
      if (!/^\d{4}$/.test(year.value) || number < 1900 || number > nextYear) lower(year, CONFIDENCE.FAILED);
      else if (vin && isValidVin(vin.value) && MODEL_YEAR_CODES[(number - 1980) % 30] !== vin.value[9])
        [year, vin].forEach((f) => lower(f, CONFIDENCE.DOUBTFUL));
    }
    if (type && !(VEHICLE_TYPES as readonly string[]).includes(type.value)) lower(type, CONFIDENCE.UNPARSED);
  }
}
