import { CARRIERS } from '../../../schema/reference';
import { ROLES, type RoleName, type UserType } from '../../../schema/roles';
import { hashPassword } from '../../auth/passwords';
import type { DialectName } from '..';
import type { Db } from '../types';
import { seedDemoBank } from './bank';
import { seedBrokerFeePayments } from './brokerFees';
import { seedDemoClaims } from './claims';
import { seedDispatcherPayRules } from './dispatcherPayRules';
import { seedDemoProducts } from './products';
import { seedDemoDriverEvents } from './driverEvents';
import { seedDemoEvaluations } from './evaluations';
import { seedDemoLedgers } from './ledgers';
import { seedDemoOrders } from './orders';
import { seedPeopleAndFleet } from './peopleFleet';
import {
  BROKER_KINDS,
  CITIES,
  COMPANY_WORDS,
  FIRST_NAMES,
  LAST_NAMES,
  SHIPPER_KINDS,
  STREETS,
  TRAILERS,
  TRUCKS,
} from './names';
import { SeededRandom } from './random';
import { seedPlaces } from './places';
import { seedDemoTickets } from './tickets';
import { makeVin } from './vins';
import { transact } from '../transaction';

export const DEMO_PASSWORD = 'demo-password';
export const DEMO_DOMAIN = 'haulboard.demo';

/** The e-mail of a role's demo user: administrator@haulboard.demo, driver@haulboard.demo … */
export function demoEmail(role: RoleName, number = 1): string {
  return `${role.toLowerCase()}${number > 1 ? number : ''}@${DEMO_DOMAIN}`;
}

export const DEMO_ROLES = ROLES.filter((r) => r !== 'Any');
const EXTRA_DISPATCHERS = 4;
const DRIVERS = 40;
const DRIVERS_WITH_ACCOUNTS = 5;
const TRUCK_COUNT = 30;
const TRAILER_COUNT = 30;
const SHIPPERS = 60;
const BROKERS = 40;
/** About 2,000 loads over the last 12 months (and the next two weeks). */
export const DEMO_ORDERS = 2000;

const USER_TYPE_OF_ROLE: Partial<Record<RoleName, UserType>> = {
  Driver: 'driver',
  Dispatcher: 'dispatch',
  FleetOwner: 'fleetOwner',
};
const isoDate = (date: Date) => date.toISOString().slice(0, 10);
function daysFrom(base: Date, days: number): string {
  return isoDate(new Date(base.getTime() + days * 86_400_000));
}

/** The demo company: one user per role, dispatchers, drivers, trucks, trailers, shippers, brokers. */
export async function seedDemo(db: Db, dialect: DialectName, options: { ledgers?: boolean } = {}): Promise<boolean> {
  const done = await db.selectFrom('meta').select('value').where('key', '=', 'demo_seeded').executeTakeFirst();
  if (done) return false;
  const random = new SeededRandom(20_261_121);
  // Dates are relative to a fixed day so the data set is identical on every machine and every day.
  const today = new Date('2026-11-01T00:00:00Z');
  const now = new Date().toISOString();
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await transact(db, async (trx) => {
    const roleId = new Map((await trx.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
    const stateRows = await trx.selectFrom('states').select(['id', 'abbreviation']).execute();
    const stateId = new Map(stateRows.map((s) => [s.abbreviation, s.id]));
    const cityStates = Object.keys(CITIES);

    const people: { email: string; role: RoleName; first: string; last: string }[] = [];
    for (const role of DEMO_ROLES)
      people.push({
        email: demoEmail(role),
        role,
        first: random.pick(FIRST_NAMES),
        last: role === 'Administrator' ? 'Admin' : random.pick(LAST_NAMES),
      });
    for (let n = 2; n <= EXTRA_DISPATCHERS + 1; n++)
      people.push({
        email: demoEmail('Dispatcher', n),
        role: 'Dispatcher',
        first: random.pick(FIRST_NAMES),
        last: random.pick(LAST_NAMES),
      });
    for (let n = 2; n <= DRIVERS_WITH_ACCOUNTS; n++)
      people.push({
        email: demoEmail('Driver', n),
        role: 'Driver',
        first: random.pick(FIRST_NAMES),
        last: random.pick(LAST_NAMES),
      });

    const driverUserIds: number[] = [];
    const driverNames: { first: string; last: string }[] = [];
    for (const person of people) {
      const { id } = await trx
        .insertInto('users')
        .values({
          email: person.email,
          password_hash: passwordHash,
          first_name: person.first,
          last_name: person.last,
          avatar: null,
          phone: `+1${random.int(201, 989)}${random.digits(7)}`,
          user_type: USER_TYPE_OF_ROLE[person.role] ?? null,
          is_active: 1,
          is_email_verified: 1,
          registration_completed: 1,
          account_id: 1,
          created_at: now,
          updated_at: now,
          deleted_at: null,
          activated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_roles')
        .values({ user_id: id, role_id: roleId.get(person.role)! })
        .execute();
      if (person.role === 'Driver') {
        driverUserIds.push(id);
        driverNames.push({ first: person.first, last: person.last });
      }
    }

    const carrierIds: number[] = [];
    for (const carrier of CARRIERS) {
      const { id } = await trx
        .insertInto('carriers')
        .values({
          code: carrier.code,
          name: carrier.name,
          mc_number: random.digits(6),
          usdot_number: random.digits(7),
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      carrierIds.push(id);
    }
    // The demo fleet owner owns the first carrier (/app/my-fleet shows its units, drivers, loads and settlements).
    await trx
      .updateTable('users')
      .set({ carrier_id: carrierIds[0] })
      .where('email', '=', demoEmail('FleetOwner'))
      .execute();

    const driverIds: number[] = [];
    for (let i = 0; i < DRIVERS; i++) {
      const name = driverNames[i] ?? { first: random.pick(FIRST_NAMES), last: random.pick(LAST_NAMES) };
      const ownerOperator = random.next() < 0.3;
      const terminated = i >= DRIVERS - 3;
      const hired = daysFrom(today, -random.int(60, 2000));
      const { id } = await trx
        .insertInto('drivers')
        .values({
          user_id: driverUserIds[i] ?? null,
          carrier_id: random.pick(carrierIds),
          first_name: name.first,
          last_name: name.last,
          email: `${name.first}.${name.last}${i}@drivers.${DEMO_DOMAIN}`.toLowerCase(),
          phone: `${random.int(201, 989)}${random.digits(7)}`,
          phone_country: 'US',
          driver_type: ownerOperator ? 'OWNER_OPERATOR' : 'COMPANY',
          cdl_class: 'A',
          cdl_number: random.digits(9),
          cdl_state_id: stateId.get(random.pick(cityStates)) ?? null,
          cdl_expires_on: daysFrom(today, random.int(-10, 1400)),
          medical_card_expires_on: daysFrom(today, random.int(-5, 700)),
          mvr_checked_on: daysFrom(today, -random.int(0, 360)),
          hired_on: hired,
          terminated_on: terminated ? daysFrom(today, -random.int(1, 50)) : null,
          // Cents per mile, or basis points of the load for owner-operators.
          pay_type: ownerOperator ? 'PERCENT' : 'PER_MILE',
          pay_rate: ownerOperator ? random.int(70, 85) * 100 : random.int(55, 75),
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      driverIds.push(id);
    }

    const units: { id: number; type: string }[] = [];
    const addUnit = async (type: 'Truck' | 'Trailer', n: number) => {
      const spec = type === 'Truck' ? random.pick(TRUCKS) : random.pick(TRAILERS);
      const year = random.int(2014, 2025);
      const { id } = await trx
        .insertInto('units')
        .values({
          unit_type: type,
          unit_number: `${type === 'Truck' ? 'T' : 'TR'}${String(100 + n)}`,
          vin: makeVin(random, year),
          make: spec.make,
          model: spec.model,
          year,
          plate: `${random.pick(['P', 'T', 'AB', 'XK'])}${random.digits(5)}`,
          plate_state_id: stateId.get(random.pick(cityStates)) ?? null,
          capacity: (spec as { capacity?: number }).capacity ?? null,
          carrier_id: random.pick(carrierIds),
          registration_expires_on: daysFrom(today, random.int(-15, 365)),
          annual_inspection_due_on: daysFrom(today, random.int(-10, 365)),
          status: n % 13 === 12 ? 'OUT_OF_SERVICE' : 'ACTIVE',
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      units.push({ id, type });
    };
    for (let n = 0; n < TRUCK_COUNT; n++) await addUnit('Truck', n);
    for (let n = 0; n < TRAILER_COUNT; n++) await addUnit('Trailer', n);
    // The first 25 drivers drive a truck and pull a trailer.
    const trucks = units.filter((u) => u.type === 'Truck');
    const trailers = units.filter((u) => u.type === 'Trailer');
    for (let i = 0; i < 25; i++) {
      const startsOn = daysFrom(today, -random.int(10, 400));
      for (const unit of [trucks[i], trailers[i]]) {
        await trx
          .insertInto('unit_assignments')
          .values({
            unit_id: unit.id,
            kind: unit.type,
            fuel_card_id: null,
            driver_id: driverIds[i],
            starts_on: startsOn,
            ends_on: null,
            created_by: null,
            created_at: now,
            ended_by: null,
            ended_at: null,
          })
          .execute();
      }
    }

    const address = () => {
      const state = random.pick(cityStates);
      const street = `${random.int(10, 9999)} ${random.pick(STREETS)}`;
      const place = random.pick(seedPlaces()[state]);
      return { address: street, city: place.city, state_id: stateId.get(state) ?? null, zip: random.pick(place.zips) };
    };
    const contact = (domain: string) => {
      const first = random.pick(FIRST_NAMES);
      return {
        contact_name: `${first} ${random.pick(LAST_NAMES)}`,
        phone: `${random.int(201, 989)}${random.digits(7)}`,
        email: `${first.toLowerCase()}@${domain}`,
      };
    };
    const usedNames = new Set<string>();
    const companyName = (kinds: string[]) => {
      for (;;) {
        const name = `${random.pick(COMPANY_WORDS)} ${random.pick(kinds)}`;
        if (!usedNames.has(name)) {
          usedNames.add(name);
          return name;
        }
      }
    };
    for (let i = 0; i < SHIPPERS; i++) {
      const name = companyName(SHIPPER_KINDS);
      const domain = `${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
      await trx
        .insertInto('shippers')
        .values({ name, ...contact(domain), ...address(), created_at: now, updated_at: now, deleted_at: null })
        .execute();
    }
    for (let i = 0; i < BROKERS; i++) {
      const name = companyName(BROKER_KINDS);
      const domain = `${name.toLowerCase().replace(/[^a-z]+/g, '')}.example`;
      // The contact's person is the broker's dispatch desk (its first contact); the broker keeps the phone and e-mail.
      const { contact_name: desk, ...reach } = contact(domain);
      const { id } = await trx
        .insertInto('brokers')
        .values({
          name,
          ...reach,
          ...address(),
          mc_number: random.digits(6),
          usdot_number: random.digits(7),
          payment_terms_days: random.pick([0, 2, 5, 7, 15, 30]),
          status: i % 17 === 16 ? 'DO_NOT_USE' : 'ACTIVE',
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('broker_contacts')
        .values({ broker_id: id, position: 0, name: desk, phone: reach.phone, email: reach.email, role: 'Dispatch' })
        .execute();
    }
  });
  await seedDemoOrders(db, dialect, DEMO_ORDERS);
  await seedBrokerFeePayments(db);
  // After the orders, with a random stream of its own, so the loads stay what they were.
  await seedPeopleAndFleet(db, today);
  if (options.ledgers ?? true) {
    // Tickets first: a paid citation's driver share is on the ledger the weekly bills settle.
    await seedDemoTickets(db);
    await seedDemoClaims(db);
    await seedDemoLedgers(db);
    // The bank's export pays the ledgers' paid bills too: after them.
    await seedDemoBank(db);
  }
  // Driver events (home and shop time, breakdowns …) around the loads: a random stream of their own.
  await seedDemoDriverEvents(db);
  // The dispatchers' pay rules (the salary report): a random stream of their own.
  await seedDispatcherPayRules(db, isoDate(today));
  // Evaluations of the drivers and dispatchers (the evaluation report): a random stream of their own.
  await seedDemoEvaluations(db, isoDate(today));
  // The billable products the invoices carry.
  await seedDemoProducts(db);
  await db.insertInto('meta').values({ key: 'demo_seeded', value: now }).execute();
  return true;
}
