import { FUEL_CARD_PROVIDERS } from '../../../schema/resources/fuelCards';
import { cardHash, cardHashKey, lastFour } from '../../modules/fuelCards/cardNumber';
import type { Db } from '../types';
import { FIRST_NAMES, LAST_NAMES } from './names';
import { SeededRandom } from './random';
import { transact } from '../transaction';

const FUEL_CARDS = 30;
/** Card-number prefixes by provider (how fleet cards of each network start). */
const CARD_PREFIX: Record<string, string> = {
  EFS: '708305',
  COMDATA: '556766',
  WEX: '690046',
  FLEETONE: '501486',
  TCHEK: '708308',
  OTHER: '600000',
};
const INSURERS = ['Progressive Commercial', 'Great West Casualty', 'Northland Insurance', 'Sentry Insurance'];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const daysFrom = (base: Date, days: number) => isoDate(new Date(base.getTime() + days * 86_400_000));
const dayBefore = (date: string) => daysFrom(new Date(`${date}T00:00:00Z`), -1);

/**
 * The people-and-fleet part of the demo company, on top of the master data: carrier authorities and insurance
 * (one policy due soon), broker contacts and a third do-not-use broker, 30 fuel cards, driver–dispatcher
 * assignments with history, and past truck and card assignments. Its own seeded random stream.
 */
export async function seedPeopleAndFleet(db: Db, today: Date): Promise<void> {
  const random = new SeededRandom(20_261_122);
  const now = new Date().toISOString();
  const key = await cardHashKey(db);

  await transact(db, async (trx) => {
    const manager = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'dispatchmanager@haulboard.demo')
      .executeTakeFirst();
    const fleetManager = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'fleetmanager@haulboard.demo')
      .executeTakeFirst();

    const carriers = await trx.selectFrom('carriers').select(['id', 'code', 'mc_number']).orderBy('id').execute();
    for (const [index, carrier] of carriers.entries()) {
      await trx
        .updateTable('carriers')
        .set({
          insurance_insurer: random.pick(INSURERS),
          insurance_policy_number: `CA-${random.digits(8)}`,
          insurance_cargo_coverage_cents: 250_000_00,
          insurance_liability_coverage_cents: 1_000_000_00,
          insurance_expires_on: index === 0 ? daysFrom(today, 45) : daysFrom(today, random.int(120, 360)),
        })
        .where('id', '=', carrier.id)
        .execute();
      const authorities = [
        {
          type: 'COMMON',
          docket_number: `MC-${carrier.mc_number}`,
          status: 'ACTIVE',
          granted_on: daysFrom(today, -random.int(800, 3000)),
        },
      ];
      if (index === carriers.length - 1)
        authorities.push({
          type: 'BROKER',
          docket_number: `MC-${random.digits(6)}`,
          status: 'PENDING',
          granted_on: null as never,
        });
      await trx
        .insertInto('carrier_authorities')
        .values(authorities.map((a, position) => ({ ...a, carrier_id: carrier.id, position })))
        .execute();
    }

    // Every broker has its dispatch desk (seeded with the broker); every third one an accounting contact too.
    const brokers = await trx.selectFrom('brokers').select(['id', 'email', 'status']).orderBy('id').execute();
    for (const [index, broker] of brokers.entries()) {
      if (index % 3 !== 0) continue;
      const first = random.pick(FIRST_NAMES);
      const contact = {
        name: `${first} ${random.pick(LAST_NAMES)}`,
        phone: `${random.int(201, 989)}${random.digits(7)}`,
        email: `${first.toLowerCase()}.billing@${broker.email?.split('@')[1] ?? 'broker.example'}`,
        role: 'Accounting',
      };
      await trx
        .insertInto('broker_contacts')
        .values({ ...contact, broker_id: broker.id, position: 1 })
        .execute();
    }
    await trx.updateTable('brokers').set({ status: 'DO_NOT_USE' }).where('id', '=', brokers[5].id).execute();

    // Fuel cards: the first 22 active drivers hold one; three older cards are history (lost, blocked, replaced).
    const drivers = await trx.selectFrom('drivers').select(['id', 'hired_on', 'terminated_on']).orderBy('id').execute();
    const active = drivers.filter((d) => d.terminated_on === null);
    const truckSince = new Map(
      (
        await trx
          .selectFrom('unit_assignments')
          .select(['driver_id', 'starts_on'])
          .where('kind', '=', 'Truck')
          .where('ends_on', 'is', null)
          .execute()
      ).map((a) => [a.driver_id, a.starts_on]),
    );
    const cardIds: number[] = [];
    for (let n = 0; n < FUEL_CARDS; n++) {
      const provider = random.pick(FUEL_CARD_PROVIDERS.filter((p) => p !== 'OTHER'));
      const number = `${CARD_PREFIX[provider]}${random.digits(10)}`;
      const status = n === 22 ? 'LOST' : n === 23 ? 'BLOCKED' : 'ACTIVE';
      const expiresOn =
        n === 26 ? daysFrom(today, 40) : n === 27 ? daysFrom(today, -3) : daysFrom(today, random.int(120, 900));
      const { id } = await trx
        .insertInto('fuel_cards')
        .values({
          card_last4: lastFour(number),
          card_hash: cardHash(key, number),
          provider,
          expires_on: expiresOn,
          status,
          limit_cents: random.pick([null, 500_00, 750_00, 1000_00, 1500_00]),
          carrier_id: null,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      cardIds.push(id);
    }
    const assignment = { created_by: fleetManager?.id ?? null, created_at: now, unit_id: null };
    for (let n = 0; n < 22; n++) {
      const driver = active[n];
      const since = truckSince.get(driver.id) ?? daysFrom(today, -100);
      await trx
        .insertInto('unit_assignments')
        .values({
          ...assignment,
          driver_id: driver.id,
          kind: 'FuelCard',
          fuel_card_id: cardIds[n],
          starts_on: since,
          ends_on: null,
          ended_by: null,
          ended_at: null,
        })
        .execute();
      if (n < 3) {
        // An earlier card (lost, blocked, replaced) and, for the trucks, an earlier truck that is free today.
        const earlier = daysFrom(new Date(`${since}T00:00:00Z`), -random.int(150, 300));
        await trx
          .insertInto('unit_assignments')
          .values({
            ...assignment,
            driver_id: driver.id,
            kind: 'FuelCard',
            fuel_card_id: cardIds[22 + n],
            starts_on: earlier,
            ends_on: dayBefore(since),
            ended_by: fleetManager?.id ?? null,
            ended_at: now,
          })
          .execute();
        const freeTruck = await trx
          .selectFrom('units')
          .select('id')
          .where('unit_type', '=', 'Truck')
          .where('unit_number', '=', `T${125 + n}`)
          .executeTakeFirst();
        if (freeTruck) {
          await trx
            .insertInto('unit_assignments')
            .values({
              ...assignment,
              driver_id: driver.id,
              kind: 'Truck',
              unit_id: freeTruck.id,
              fuel_card_id: null,
              starts_on: earlier,
              ends_on: dayBefore(since),
              ended_by: fleetManager?.id ?? null,
              ended_at: now,
            })
            .execute();
        }
      }
    }

    // Dispatchers: every active driver but the last three has one; every third changed dispatcher once.
    const dispatchers = await trx
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.id')
      .where('r.name', '=', 'Dispatcher')
      .orderBy('u.id')
      .execute();
    const base = { created_by: manager?.id ?? null, created_at: now };
    for (const [index, driver] of drivers.entries()) {
      if (driver.terminated_on === null && active.indexOf(driver) >= active.length - 3) continue;
      const hired = driver.hired_on ?? daysFrom(today, -400);
      const dispatcher = dispatchers[index % dispatchers.length].id;
      if (driver.terminated_on !== null) {
        await trx
          .insertInto('driver_dispatcher_assignments')
          .values({
            ...base,
            driver_id: driver.id,
            dispatcher_id: dispatcher,
            starts_on: hired,
            ends_on: driver.terminated_on,
            ended_by: manager?.id ?? null,
            ended_at: now,
          })
          .execute();
        continue;
      }
      const switched = daysFrom(today, -random.int(20, 200));
      if (index % 3 === 0 && hired < dayBefore(switched)) {
        const previous = dispatchers[(index + 1) % dispatchers.length].id;
        await trx
          .insertInto('driver_dispatcher_assignments')
          .values({
            ...base,
            driver_id: driver.id,
            dispatcher_id: previous,
            starts_on: hired,
            ends_on: dayBefore(switched),
            ended_by: manager?.id ?? null,
            ended_at: now,
          })
          .execute();
        await trx
          .insertInto('driver_dispatcher_assignments')
          .values({
            ...base,
            driver_id: driver.id,
            dispatcher_id: dispatcher,
            starts_on: switched,
            ends_on: null,
            ended_by: null,
            ended_at: null,
          })
          .execute();
      } else {
        await trx
          .insertInto('driver_dispatcher_assignments')
          .values({
            ...base,
            driver_id: driver.id,
            dispatcher_id: dispatcher,
            starts_on: hired,
            ends_on: null,
            ended_by: null,
            ended_at: null,
          })
          .execute();
      }
    }
  });
}
