import { sql } from 'kysely';
import { LOAD_BOARDS } from '../../../schema/reference';
import type { DialectName } from '..';
import type { Db } from '../types';
import { rebuildOrderCities } from '../../modules/bookOrders/cities';
import { searchText } from '../../modules/bookOrders/mapping';
import { routeMiles } from '../../modules/bookOrders/routeMiles';
import { rebuildOrderTotals } from '../../modules/bookOrders/totals';
import { backfillBrokerFees } from '../../modules/brokerFees/sync';
import { makeVin } from './vins';
import { CITIES, STREETS } from './names';
import { seedPlaces } from './places';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/** What an order can refer to, read once from the seeded master data. */
export interface OrderWorld {
  brokerIds: number[];
  shipperIds: number[];
  carrierIds: number[];
  dispatcherIds: number[];
  drivers: { id: number; truckId: number | null; trailerId: number | null }[];
  states: { id: number; abbreviation: string }[];
}

export async function loadOrderWorld(db: Db): Promise<OrderWorld> {
  const [brokers, shippers, carriers, dispatchers, drivers, assignments, states] = await Promise.all([
    db.selectFrom('brokers').select('id').where('status', '=', 'ACTIVE').orderBy('id').execute(),
    db.selectFrom('shippers').select('id').orderBy('id').execute(),
    db.selectFrom('carriers').select('id').orderBy('id').execute(),
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('r.name', '=', 'Dispatcher')
      .orderBy('u.id')
      .execute(),
    db.selectFrom('drivers').select('id').where('terminated_on', 'is', null).orderBy('id').execute(),
    db
      .selectFrom('unit_assignments as a')
      .innerJoin('units as un', 'un.id', 'a.unit_id')
      .select(['a.driver_id', 'a.unit_id', 'un.unit_type'])
      .where('a.ends_on', 'is', null)
      .execute(),
    db
      .selectFrom('states')
      .select(['id', 'abbreviation'])
      .where('abbreviation', 'in', Object.keys(CITIES))
      .orderBy('id')
      .execute(),
  ]);
  const unitOf = (driverId: number, type: string) =>
    assignments.find((a) => a.driver_id === driverId && a.unit_type === type)?.unit_id ?? null;
  return {
    brokerIds: brokers.map((b) => b.id),
    shipperIds: shippers.map((s) => s.id),
    carrierIds: carriers.map((c) => c.id),
    dispatcherIds: dispatchers.map((d) => d.id),
    states,
    drivers: drivers.map((d) => ({ id: d.id, truckId: unitOf(d.id, 'Truck'), trailerId: unitOf(d.id, 'Trailer') })),
  };
}

const CARS = [
  ['Toyota', 'Camry', 'SEDAN'],
  ['Toyota', 'RAV4', 'SUV'],
  ['Honda', 'Civic', 'SEDAN'],
  ['Honda', 'CR-V', 'SUV'],
  ['Ford', 'F-150', 'PICKUP'],
  ['Ford', 'Explorer', 'SUV'],
  ['Chevrolet', 'Silverado 1500', 'PICKUP'],
  ['Chevrolet', 'Malibu', 'SEDAN'],
  ['Nissan', 'Altima', 'SEDAN'],
  ['Jeep', 'Grand Cherokee', 'SUV'],
  ['Tesla', 'Model 3', 'SEDAN'],
  ['Tesla', 'Model Y', 'SUV'],
  ['Hyundai', 'Elantra', 'SEDAN'],
  ['Kia', 'Sorento', 'SUV'],
  ['Ram', '1500', 'PICKUP'],
  ['Subaru', 'Outback', 'SUV'],
  ['BMW', 'X5', 'SUV'],
  ['Mercedes-Benz', 'C 300', 'SEDAN'],
  ['Honda', 'Odyssey', 'MINIVAN'],
  ['Ford', 'Transit', 'VAN'],
  ['Harley-Davidson', 'Street Glide', 'MOTORCYCLE'],
  ['Chevrolet', 'Corvette', 'COUPE'],
] as const;
const COLORS = ['White', 'Black', 'Silver', 'Gray', 'Blue', 'Red', 'Green', 'Beige'];
const COD_METHODS = ['Cash', 'Check', 'CODCheck', 'Zelle', 'CashApp'] as const;
const TERMS_METHODS = ['ACH', 'Check', 'eCheck', 'Zelle', 'PayPal', 'uShip', 'CreditCard'] as const;

export interface GeneratedOrder {
  order: Record<string, string | number | null>;
  vehicles: Record<string, string | number | null>[];
  history: { from_status: string | null; to_status: string; at: string }[];
  searchText: string;
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/**
 * One realistic load: a route between two real cities (each stop's ZIP one of its city's), 1–9 cars (mostly 1–3) with valid VINs, a price by distance
 * class and car count, a broker fee, COD or terms, and a status that fits how long ago it was picked up.
 */
export function generateOrder(
  random: SeededRandom,
  world: OrderWorld,
  id: number,
  today: Date,
  createdAt: string,
): GeneratedOrder {
  const pickupDate = addDays(today, -random.int(-14, 365));
  const age = Math.round((today.getTime() - pickupDate.getTime()) / 86_400_000);
  const from = random.pick(world.states);
  let to = random.pick(world.states);
  if (to.id === from.id) to = world.states[(world.states.indexOf(from) + 3) % world.states.length];
  const transit = random.int(1, 7);
  const deliveryDate = addDays(pickupDate, transit);
  const carCount = random.next() < 0.55 ? 1 : random.next() < 0.7 ? random.int(2, 3) : random.int(4, 9);
  const perCar = random.int(3, 18) * 100 + random.pick([0, 25, 50, 75]);
  const price = perCar * carCount;
  const brokerFee = random.next() < 0.6 ? 0 : Math.round(price * random.pick([0.03, 0.05, 0.08, 0.1]));
  const cod = random.next() < 0.45;
  const payOnPickup = cod && random.next() < 0.2;
  const driver = age > -3 && random.next() < 0.92 ? random.pick(world.drivers) : null;
  let status: string;
  if (random.next() < 0.03) status = 'CANCELLED';
  else if (random.next() < 0.02) status = 'ON_HOLD';
  else if (!driver) status = 'NEW';
  else if (age < 0) status = 'ASSIGNED';
  else if (age <= transit) status = 'PICKED_UP';
  else if (age <= transit + 7) status = 'DELIVERED';
  else if (age <= transit + 30) status = random.next() < 0.5 ? 'INVOICED' : 'PAID';
  else status = 'PAID';
  const path: string[] = ['NEW', 'ASSIGNED', 'PICKED_UP', 'DELIVERED', 'INVOICED', 'PAID'];
  const reached = path.indexOf(status);
  const history = (reached >= 0 ? path.slice(0, reached + 1) : ['NEW', status]).map((s, i, all) => ({
    from_status: i ? all[i - 1] : null,
    to_status: s,
    at: addDays(pickupDate, i - 2).toISOString(),
  }));
  const orderNumber = `HB${String(id).padStart(7, '0')}`;
  const vehicles = Array.from({ length: carCount }, (_, position) => {
    const [make, model, type] = random.pick(CARS);
    const year = random.int(2008, 2026);
    return {
      book_order_id: id,
      position,
      vin: makeVin(random, year),
      year,
      make,
      model,
      type,
      color: random.pick(COLORS),
      inoperable: random.next() < 0.05 ? 1 : 0,
      lot_number: random.next() < 0.4 ? `LOT${random.digits(6)}` : null,
      stock_number: random.next() < 0.3 ? `STK${random.digits(5)}` : null,
      price_cents: perCar * 100,
    };
  });
  const places = seedPlaces();
  const pickup = random.pick(places[from.abbreviation]);
  const delivery = random.pick(places[to.abbreviation]);
  const externalLoadId = random.next() < 0.8 ? `${random.pick(['CD', 'SD', 'AC', 'RB'])}-${random.digits(8)}` : null;
  const order = {
    id,
    order_number: orderNumber,
    load_board: random.pick(LOAD_BOARDS),
    external_load_id: externalLoadId,
    broker_id: random.pick(world.brokerIds),
    shipper_id: random.pick(world.shipperIds),
    carrier_id: random.pick(world.carrierIds),
    dispatcher_id: random.pick(world.dispatcherIds),
    driver_id: driver?.id ?? null,
    truck_id: driver?.truckId ?? null,
    trailer_id: driver?.trailerId ?? null,
    status,
    trailer_type: carCount > 3 ? 'OPEN' : random.pick(['OPEN', 'OPEN', 'OPEN', 'ENCLOSED', 'DRIVEAWAY']),
    pickup_venue: random.next() < 0.5 ? `${pickup.city} Auto Auction` : null,
    pickup_address: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
    pickup_city: pickup.city,
    pickup_state_id: from.id,
    pickup_zip: random.pick(pickup.zips),
    pickup_contact_name: null,
    pickup_contact_phone: null,
    pickup_date_type: random.pick(['EXACT', 'ESTIMATED', 'NO_EARLIER_THAN']),
    pickup_date: iso(pickupDate),
    pickup_date_to: null,
    pickup_actual_at: reached >= 2 ? pickupDate.toISOString() : null,
    delivery_venue: null,
    delivery_address: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
    delivery_city: delivery.city,
    delivery_state_id: to.id,
    delivery_zip: random.pick(delivery.zips),
    delivery_contact_name: null,
    delivery_contact_phone: null,
    delivery_date_type: random.pick(['ESTIMATED', 'NO_LATER_THAN']),
    delivery_date: iso(deliveryDate),
    delivery_date_to: null,
    delivery_actual_at: reached >= 3 ? deliveryDate.toISOString() : null,
    price_cents: price * 100,
    broker_fee_cents: brokerFee * 100,
    local_fee_cents: 0,
    cod_amount_cents: cod ? price * 100 : 0,
    payment_method: cod ? random.pick(COD_METHODS) : random.pick(TERMS_METHODS),
    pay_on_pickup: payOnPickup ? 1 : 0,
    pay_on_delivery: cod && !payOnPickup ? 1 : 0,
    payment_terms_days: cod ? 0 : random.pick([2, 5, 7, 15, 30]),
    payment_status: status === 'PAID' ? 'PAID' : 'UNPAID',
    has_manager_review: random.next() < 0.04 ? 1 : 0,
    approved: age > 5 || random.next() < 0.5 ? 1 : 0,
    approved_by: null,
    approved_at: null,
    notes: null,
    vehicle_count: carCount,
    search_text: searchText(orderNumber, { externalLoadId, vehicles }),
    created_by: null,
    created_at: createdAt,
    updated_at: createdAt,
    deleted_at: random.next() < 0.01 ? createdAt : null,
    version: 1,
  };
  // After the literal, so the random draws (and with them every seeded order) stay what they were.
  const withMiles = { ...order, route_miles: routeMiles(order.pickup_zip, order.delivery_zip) };
  return { order: withMiles, vehicles, history, searchText: order.search_text };
}

/** The demo company's ~2,000 orders, in multi-row batches so that both databases seed in seconds. */
export async function seedDemoOrders(db: Db, dialect: DialectName, count: number, today = new Date()): Promise<void> {
  const world = await loadOrderWorld(db);
  const random = new SeededRandom(4_242);
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const now = new Date().toISOString();
  const BATCH = 100;
  await transact(db, async (trx) => {
    const first =
      Number(
        (
          await trx
            .selectFrom('book_orders')
            .select(({ fn }) => fn.max('id').as('max'))
            .executeTakeFirst()
        )?.max ?? 0,
      ) + 1;
    for (let offset = 0; offset < count; offset += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, count - offset) }, (_, i) =>
        generateOrder(random, world, first + offset + i, start, now),
      );
      await trx
        .insertInto('book_orders')
        .values(batch.map((b) => b.order) as never)
        .execute();
      await trx
        .insertInto('book_order_vehicles')
        .values(batch.flatMap((b) => b.vehicles) as never)
        .execute();
      await trx
        .insertInto('book_order_status_history')
        .values(
          batch.flatMap((b) =>
            b.history.map((h) => ({ ...h, book_order_id: Number(b.order.id), actor_id: null, note: null })),
          ),
        )
        .execute();
      if (dialect === 'sqlite') {
        for (const b of batch)
          await sql`insert into book_order_search (rowid, text) values (${b.order.id}, ${b.searchText})`.execute(trx);
      }
    }
    if (dialect === 'postgres') {
      for (const table of ['book_orders', 'book_order_vehicles', 'book_order_status_history']) {
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
          trx,
        );
      }
    }
    await rebuildOrderTotals(trx);
    await rebuildOrderCities(trx);
    await backfillBrokerFees(trx);
  });
}
