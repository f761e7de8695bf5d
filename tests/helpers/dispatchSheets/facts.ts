import type { SheetFacts, SheetVehicleFieldKey } from '../../../schema/dispatchSheets';
import { plainCents } from '../../../schema/format';
import { SeededRandom } from '../../../server/db/seed/random';
import {
  BROKER_KINDS,
  CITIES,
  COMPANY_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  SHIPPER_KINDS,
  STREETS,
} from '../../../server/db/seed/names';
import { seedPlaces } from '../../../server/db/seed/places';
import { SHEET_CARS, sheetVin } from './vehicles';

/** A sheet's layout as the generator draws it; `generic` is a free-form letter no layout reader knows. */
export type FactsLayout = SheetFacts['layout'];

/** Notes as brokers type them, with what a screen must not take for markup. */
const NOTES = [
  'Call 1 hour before arrival. Gate closes at 4 PM.',
  'Keys are with the front desk & the car is in row C.',
  'Customer says: "handle with care" – do not <b>stack</b> on top deck.',
  '<script>alert(1)</script> Vehicle must be picked up before Friday.',
  'Ask for José at the café next to the lot; Ñandú Motors building.',
  'No pickup on weekends. Dealer hours 9am–6pm. Bring a copy of this sheet & the release form.',
  'Inoperable: winch required. Tires hold air, steering works, brakes do not; the yard forklift can help load it if you ask the manager on duty.',
  "Driver's BOL must show every scratch; photos at pickup & delivery are required by the customer's insurer.",
];
const EXTRA_VENUES = ['Manheim', 'ADESA', 'IAA', 'Copart', 'CarMax', 'Enterprise', 'Hertz'];
const COD_METHODS = ['Cash', 'CODCheck', 'Zelle', 'CashApp', 'Check'] as const;
const TERMS_METHODS = ['ACH', 'Check', 'eCheck', 'Zelle', 'PayPal', 'CreditCard', 'uShip'] as const;
const LOAD_BOARD_OF: Record<FactsLayout, string | null> = {
  centralDispatch: 'Central Dispatch',
  superDispatch: 'Super Dispatch',
  rateConfirmation: 'Email',
  generic: null,
};

const iso = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

function person(random: SeededRandom): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

/** A real US place: a city, its state and one of the city's own ZIPs (server/places.ts). */
function place(random: SeededRandom): { city: string; state: string; zip: string } {
  const state = random.pick(Object.keys(CITIES));
  const { city, zips } = random.pick(seedPlaces()[state]);
  return { city, state, zip: random.pick(zips) };
}

function phone(random: SeededRandom): string {
  return `${random.int(2, 9)}${random.digits(2)}${random.int(2, 9)}${random.digits(6)}`;
}

/** The `pickup.*` or `delivery.*` facts of one stop; contact and phone are sometimes missing, as on real sheets. */
function stop(random: SeededRandom, role: 'pickup' | 'delivery', date: Date, window: boolean): Record<string, string> {
  const where = place(random);
  const long = random.next() < 0.25;
  const name =
    role === 'pickup'
      ? `${random.pick([...EXTRA_VENUES, where.city])} ${random.pick(SHIPPER_KINDS)}${long ? ` ${random.pick(COMPANY_WORDS)} Vehicle Reconditioning and Storage Center` : ''}`
      : `${random.pick(COMPANY_WORDS)} ${random.pick(SHIPPER_KINDS)}${long ? ' Pre-Owned Sales, Service and Customer Delivery Lot' : ''}`;
  const facts: Record<string, string> = {
    [`${role}.name`]: name,
    [`${role}.address`]: `${random.int(10, 9999)} ${random.pick(STREETS)}${random.next() < 0.2 ? ` Suite ${random.int(100, 400)}` : ''}`,
    [`${role}.city`]: where.city,
    [`${role}.state`]: where.state,
    [`${role}.zip`]: where.zip,
    [`${role}.date`]: iso(date),
  };
  if (random.next() < 0.85) facts[`${role}.contact`] = person(random);
  if (random.next() < 0.9) facts[`${role}.phone`] = phone(random);
  if (window) facts[`${role}.dateTo`] = iso(addDays(date, random.int(1, 3)));
  return facts;
}

/**
 * A deterministic load as a sheet of `layout` would state it: broker, two real stops, 1–4 cars with valid VINs,
 * price, fee and payment. The same (layout, seed) gives the same facts on every machine.
 */
export function randomFacts(layout: FactsLayout, seed: number): SheetFacts {
  const random = new SeededRandom(seed * 7919 + layout.length);
  const pickupDate = addDays(new Date(Date.UTC(2026, 0, 5)), random.int(0, 540));
  const deliveryDate = addDays(pickupDate, random.int(1, 8));
  const broker = place(random);
  const brokerName = `${random.pick(COMPANY_WORDS)} ${random.pick(BROKER_KINDS)} ${random.pick(['LLC', 'Inc', 'Corp', 'Co'])}`;
  const fields: Record<string, string> = {
    loadId: `${random.pick(['', 'L', 'CD', 'SD', 'RC'])}${random.digits(random.int(6, 9))}${random.next() < 0.3 ? `-${random.int(1, 9)}` : ''}`,
    'broker.name': brokerName,
    'broker.address': `${random.int(1, 9999)} ${random.pick(STREETS)}`,
    'broker.city': broker.city,
    'broker.state': broker.state,
    'broker.zip': broker.zip,
    'broker.phone': phone(random),
    'broker.contact': person(random),
    'broker.mc': String(random.int(100000, 1399999)),
    ...stop(random, 'pickup', pickupDate, random.next() < 0.35),
    ...stop(random, 'delivery', deliveryDate, random.next() < 0.3),
  };
  const loadBoard = LOAD_BOARD_OF[layout];
  if (loadBoard) fields.loadBoard = loadBoard;
  if (random.next() < 0.85) {
    const domain = brokerName
      .split(' ')
      .slice(0, 2)
      .join('')
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    fields['broker.email'] =
      `${random.pick(['dispatch', 'loads', fields['broker.contact'].split(' ')[0].toLowerCase()])}@${domain}.com`;
  }

  const count = random.next() < 0.5 ? 1 : random.int(2, 4);
  const vehicles = Array.from({ length: count }, () => {
    const car = random.pick(SHEET_CARS);
    const year = random.int(2008, 2026);
    const vehicle: Record<SheetVehicleFieldKey, string> = {
      vin: sheetVin(random, random.pick(car.wmi), year),
      year: String(year),
      make: car.make,
      model: car.model,
      type: car.type,
    };
    return vehicle;
  });

  const priceCents = count * (random.int(3, 18) * 10_000 + random.pick([0, 2500, 5000, 7500, 1999]));
  fields.price = plainCents(priceCents);
  const fee = random.next();
  if (fee < 0.3) fields.brokerFee = '0.00';
  else if (fee < 0.6) fields.brokerFee = plainCents(Math.round(priceCents * random.pick([0.02, 0.03, 0.05, 0.1])));
  if (random.next() < 0.4) {
    fields.paymentMethod = random.pick(COD_METHODS);
  } else {
    fields.paymentMethod = random.pick(TERMS_METHODS);
    fields.paymentTermsDays = String(random.pick([2, 5, 7, 10, 15, 20, 30, 45]));
  }
  if (random.next() < 0.7) fields.notes = random.pick(NOTES);
  return { layout, fields, vehicles };
}
