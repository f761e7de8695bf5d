import { addDays } from '../../../schema/expiry';
import type { DriverEventType } from '../../../schema/resources/driverEvents';
import type { Db } from '../types';
import { SeededRandom } from './random';
import { transact } from '../transaction';

/** The demo's events reach this many days back and ahead of the seeding day (the calendar's last months and the next weeks). */
const DAYS_BACK = 150;
const DAYS_AHEAD = 28;

const NOTES: Record<DriverEventType, readonly string[]> = {
  ACCIDENT: [
    'Backed into a pole at the dealer lot; rear ramp bent, no injuries',
    'Rear-ended at a light on I-35; police report filed',
    'Clipped a mirror in a tight fuel island',
  ],
  INCIDENT: [
    'Late to pickup without calling dispatch',
    'Left a vehicle unlocked overnight at a truck stop',
    'Argument with a dealer over the inspection report',
    'Logbook violation flagged at a weigh station',
  ],
  BREAKDOWN: [
    'Blown tire on the trailer, roadside service 3 hours',
    'Hydraulic leak on the top deck',
    'DEF system fault, towed to the nearest dealer',
    'Dead batteries after a cold night',
  ],
  HOME_TIME: ['Scheduled home time', 'Family event', 'Home time after a long run', 'Doctor appointment at home'],
  SHOP_TIME: [
    'Preventive maintenance and annual inspection',
    'Brake job on the tractor',
    'Trailer deck repair',
    'Engine check light, diagnostics',
  ],
  COMPLAINT: [
    'Dealer says the driver was rude at delivery',
    'Customer complaint: delivery window missed by a day',
    'Shipper says the driver refused to wait for the keys',
  ],
  COMPLIMENT: [
    'Dealer praised the careful unloading',
    'Customer thanked the driver for the early delivery',
    'Broker asked for this driver again',
    'Helped another carrier’s driver with a flat',
  ],
};

/**
 * The demo company's driver events (docs/analytics.md#events): home time every three to five weeks on days without a
 * load, a few days in the shop now and then, breakdowns on the road, and the rarer accidents, incidents, complaints and
 * compliments — over the months the demo orders cover and the weeks ahead (scheduled home and shop time), recorded by
 * the fleet and dispatch managers. A random stream of its own: the rest of the demo stays as it was.
 */
export async function seedDemoDriverEvents(db: Db, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const random = new SeededRandom(20_261_119);
  const first = addDays(today, -DAYS_BACK);
  const last = addDays(today, DAYS_AHEAD);
  const drivers = await db
    .selectFrom('drivers')
    .select(['id', 'hired_on', 'terminated_on'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const recorders = (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['fleetmanager@haulboard.demo', 'dispatchmanager@haulboard.demo', 'manager@haulboard.demo'])
      .orderBy('id')
      .execute()
  ).map((u) => u.id);
  const loads = await db
    .selectFrom('book_orders')
    .select(['driver_id', 'pickup_date', 'delivery_date'])
    .where('deleted_at', 'is', null)
    .where('status', '<>', 'CANCELLED')
    .where('driver_id', 'is not', null)
    .where('pickup_date', '<=', last)
    .where('delivery_date', '>=', first)
    .execute();
  const loadedDays = new Map<number, Set<string>>();
  for (const load of loads) {
    const days = loadedDays.get(load.driver_id!) ?? new Set<string>();
    for (let day = load.pickup_date; day <= load.delivery_date; day = addDays(day, 1)) days.add(day);
    loadedDays.set(load.driver_id!, days);
  }
  const now = new Date().toISOString();
  const rows: {
    driver_id: number;
    type: DriverEventType;
    start_on: string;
    end_on: string;
    notes: string;
    recorded_by: number | null;
  }[] = [];
  for (const driver of drivers) {
    const from = driver.hired_on && driver.hired_on > first ? driver.hired_on : first;
    const to = driver.terminated_on && driver.terminated_on < last ? driver.terminated_on : last;
    if (from > to) continue;
    const busy = loadedDays.get(driver.id) ?? new Set<string>();
    const free = (start: string, length: number) =>
      Array.from({ length }, (_, n) => addDays(start, n)).every((day) => !busy.has(day) && day <= to);
    const add = (type: DriverEventType, start: string, length: number) => {
      rows.push({
        driver_id: driver.id,
        type,
        start_on: start,
        end_on: addDays(start, length - 1),
        notes: random.pick(NOTES[type]),
        recorded_by: recorders.length ? random.pick(recorders) : null,
      });
    };
    // Home time: every three to five weeks, on the first free days from there (a week's search at most).
    for (let day = addDays(from, random.int(5, 25)); day <= to; day = addDays(day, random.int(21, 35))) {
      const length = random.int(2, 4);
      const start = Array.from({ length: 7 }, (_, n) => addDays(day, n)).find((candidate) => free(candidate, length));
      if (start) add('HOME_TIME', start, length);
    }
    // The shop: about every other month for some trucks.
    if (random.next() < 0.5) {
      const start = addDays(from, random.int(0, 140));
      if (start <= to && free(start, 2)) add('SHOP_TIME', start, random.int(1, 3));
    }
    const once = (type: DriverEventType, chance: number) => {
      if (random.next() < chance) {
        const start = addDays(from, random.int(0, DAYS_BACK - 1));
        if (start <= today && start <= to) add(type, start, 1);
      }
    };
    once('BREAKDOWN', 0.45);
    once('BREAKDOWN', 0.2);
    once('INCIDENT', 0.2);
    once('ACCIDENT', 0.08);
    once('COMPLAINT', 0.15);
    once('COMPLIMENT', 0.35);
  }
  if (!rows.length) return;
  await transact(db, async (trx) => {
    for (let at = 0; at < rows.length; at += 200) {
      await trx
        .insertInto('driver_events')
        .values(
          rows
            .slice(at, at + 200)
            .map((row) => ({ ...row, created_at: now, updated_at: now, deleted_at: null, version: 1 })),
        )
        .execute();
    }
  });
}
