import type { vehicles } from '../../../schema/resources/vehicles';
import type { Db } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { coversSql } from '../assignments/dates';
import { openAssignmentsOf } from '../assignments/holdings';
import type { RecordExtension } from '../records/fromDefinition';
import type { AnyQuery, Where } from '../records/types';

/** Units with a driver today (or, for `false`, without): the assigned filter of vehicles and fuel cards. */
export function assignedWhere(db: Db, column: 'unit_id' | 'fuel_card_id') {
  return (assigned: boolean, today: string): Where =>
    (eb) => {
      const holders = db
        .selectFrom('unit_assignments as ua')
        .select(`ua.${column}`)
        .where(`ua.${column}`, 'is not', null)
        .where(coversSql('ua', today));
      return eb('r.id', assigned ? 'in' : 'not in', holders);
    };
}

/** The driver a unit or card is assigned to today: the join and the DTO's two fields. */
export const assignedDriver = {
  select: (column: 'unit_id' | 'fuel_card_id') => (query: AnyQuery, today: string) =>
    query
      .leftJoin('unit_assignments as a', (join) => join.onRef(`a.${column}`, '=', 'r.id').on(coversSql('a', today)))
      .leftJoin('drivers as d', 'd.id', 'a.driver_id')
      .select(['a.driver_id as driverId', 'd.first_name as driverFirst', 'd.last_name as driverLast']),
  fields: (r: Record<string, unknown>) => ({
    driverId: (r.driverId as number | null) ?? null,
    driverName: r.driverId ? `${r.driverFirst} ${r.driverLast}` : null,
  }),
};

/**
 * Vehicles (schema/resources/vehicles.ts) on the server: the driver each one has today; a unit that has been
 * assigned keeps its type; an assigned unit is not deleted.
 */
export const vehicleExtension = ({ db }: { db: Db }): RecordExtension<typeof vehicles> => ({
  select: assignedDriver.select('unit_id'),
  computed: (r) => assignedDriver.fields(r),
  sorts: { unitType: ['r.unit_type', 'r.unit_number'] },
  filters: { assigned: assignedWhere(db, 'unit_id') },
  beforeWrite: async (trx, { action, input, before }) => {
    if (action === 'update' && before && input && before.unitType !== input.unitType) {
      const used = await trx
        .selectFrom('unit_assignments')
        .select('id')
        .where('unit_id', '=', before.id)
        .executeTakeFirst();
      if (used)
        throw badRequest('A vehicle that has been assigned keeps its type; add a new vehicle instead', 'unitType');
    }
    if (action === 'delete' && before) {
      const open = await openAssignmentsOf(trx, { unitId: before.id });
      if (open.length)
        throw conflict(
          `${before.unitType} ${before.unitNumber} is assigned to ${open.join(', ')}; end the assignment first`,
        );
    }
  },
});
