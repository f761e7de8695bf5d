import { todayIso } from '../../../schema/expiry';
import { maskCard } from '../../../schema/resources/fuelCards';
import type { Db } from '../../db/types';
import { endsOnOrAfter } from './dates';
import { driverName } from '../drivers/names';

/**
 * What is still assigned (today or later) to a driver, unit, card or dispatcher, in words ('truck T101',
 * 'dispatcher Ann Lee'): records that hold something are not deleted until those assignments end.
 */
export async function openAssignmentsOf(
  db: Db,
  who: { driverId?: number; unitId?: number; fuelCardId?: number; dispatcherId?: number },
): Promise<string[]> {
  const today = todayIso();
  const out: string[] = [];
  if (who.driverId || who.unitId || who.fuelCardId) {
    let query = db
      .selectFrom('unit_assignments as a')
      .leftJoin('units as un', 'un.id', 'a.unit_id')
      .leftJoin('fuel_cards as fc', 'fc.id', 'a.fuel_card_id')
      .innerJoin('drivers as d', 'd.id', 'a.driver_id')
      .select(['a.kind', 'un.unit_number', 'fc.card_last4', driverName('d').as('driver')])
      .where(endsOnOrAfter(today, 'a'));
    if (who.driverId) query = query.where('a.driver_id', '=', who.driverId);
    if (who.unitId) query = query.where('a.unit_id', '=', who.unitId);
    if (who.fuelCardId) query = query.where('a.fuel_card_id', '=', who.fuelCardId);
    for (const row of await query.execute()) {
      const item =
        row.kind === 'FuelCard'
          ? `fuel card ${maskCard(row.card_last4 ?? '')}`
          : `${row.kind.toLowerCase()} ${row.unit_number}`;
      out.push(who.driverId ? item : `driver ${row.driver}`);
    }
  }
  if (who.driverId || who.dispatcherId) {
    let query = db
      .selectFrom('driver_dispatcher_assignments as a')
      .innerJoin('users as u', 'u.id', 'a.dispatcher_id')
      .innerJoin('drivers as d', 'd.id', 'a.driver_id')
      .select(['u.first_name', 'u.last_name', driverName('d').as('driver')])
      .where(endsOnOrAfter(today, 'a'));
    if (who.driverId) query = query.where('a.driver_id', '=', who.driverId);
    if (who.dispatcherId) query = query.where('a.dispatcher_id', '=', who.dispatcherId);
    for (const row of await query.execute())
      out.push(who.driverId ? `dispatcher ${row.first_name} ${row.last_name}` : `driver ${row.driver}`);
  }
  return out;
}
