import { z } from 'zod';
import { businessDate, idText, idValue, queryBoolean } from './common';
import { listQuery } from './records';

/**
 * Dated assignments: driver ↔ dispatcher (feature DriverAssignment) and driver ↔ truck / trailer / fuel card
 * (feature VehicleAndCardAssignment).
 *
 * Dates are whole days and both ends are inclusive: an assignment runs from startsOn to endsOn (null = open).
 * It is "current" on the days it covers, so one that starts in the future is upcoming, not current.
 * A reassignment that starts on D ends the running one on D − 1 (the day before), in the same transaction:
 * history never has a gap or an overlap. A start on or before the running assignment's own start, or on a day
 * another dated assignment covers, is refused with 409 and nothing is written.
 *
 * Units and cards: a driver has one truck, one trailer and one fuel card at a time, and a unit or card has one
 * driver at a time. Giving a driver a unit or card another driver holds is refused with 409 naming that driver,
 * unless the request says `reassign: true` — then that driver's assignment ends on D − 1 too. That 409's body
 * carries `reassignable: true` (a screen can offer "move it"); overlaps with dated history never do.
 * POST /api/UnitAssignments answers the assignments it created (UnitAssignmentDto[]); POST /api/DriverAssignments
 * and the /end calls answer the assignment (DispatcherAssignmentDto / UnitAssignmentDto).
 */

export const ASSIGNMENT_RULE = 'A reassignment starting on a day ends the current assignment the day before.';

export const dispatcherAssignmentInput = z.object({
  driverId: idValue,
  dispatcherId: idValue,
  startsOn: businessDate,
});
export type DispatcherAssignmentInput = z.output<typeof dispatcherAssignmentInput>;

/** POST …/{id}/end: the last day of the assignment (on or after its start). */
export const endAssignmentInput = z.object({ endsOn: businessDate });
export type EndAssignmentInput = z.output<typeof endAssignmentInput>;

export const unitAssignmentInput = z
  .object({
    driverId: idValue,
    truckId: idValue
      .optional()
      .nullable()
      .transform((v) => v ?? null),
    trailerId: idValue
      .optional()
      .nullable()
      .transform((v) => v ?? null),
    fuelCardId: idValue
      .optional()
      .nullable()
      .transform((v) => v ?? null),
    startsOn: businessDate,
    /** Move a unit or card another driver holds (their assignment ends the day before); otherwise 409. */
    reassign: z.boolean().default(false),
  })
  .superRefine((a, ctx) => {
    if (!a.truckId && !a.trailerId && !a.fuelCardId)
      ctx.addIssue({ code: 'custom', path: ['truckId'], message: 'Choose a truck, a trailer or a fuel card' });
  });
export type UnitAssignmentInput = z.output<typeof unitAssignmentInput>;

export const DRIVER_ASSIGNMENT_SORTS = ['driverName', 'dispatcherName', 'startsOn', 'id'] as const;
/** GET /api/DriverAssignments/current: one row per active driver (id = driverId). */
export const currentDispatchersQuery = listQuery(DRIVER_ASSIGNMENT_SORTS, {
  dispatcherId: idText.optional(),
  driverId: idText.optional(),
  /** true: drivers without a dispatcher today. */
  unassigned: queryBoolean.optional(),
});
export type CurrentDispatchersQuery = z.output<typeof currentDispatchersQuery>;

const HISTORY_SORTS = ['startsOn', 'id'] as const;
/** GET /api/DriverAssignments/history: newest first (sort=startsOn for oldest first). */
export const dispatcherHistoryQuery = listQuery(HISTORY_SORTS, {
  driverId: idText.optional(),
  dispatcherId: idText.optional(),
});
export type DispatcherHistoryQuery = z.output<typeof dispatcherHistoryQuery>;

export const UNIT_ASSIGNMENT_SORTS = ['driverName', 'truckNumber', 'trailerNumber', 'id'] as const;
/** GET /api/UnitAssignments/current: one row per active driver (id = driverId). */
export const currentUnitsQuery = listQuery(UNIT_ASSIGNMENT_SORTS, {
  driverId: idText.optional(),
  unitId: idText.optional(),
  fuelCardId: idText.optional(),
});
export type CurrentUnitsQuery = z.output<typeof currentUnitsQuery>;
/** GET /api/UnitAssignments/history?driverId=&unitId=&fuelCardId=: newest first. */
export const unitHistoryQuery = listQuery(HISTORY_SORTS, {
  driverId: idText.optional(),
  unitId: idText.optional(),
  fuelCardId: idText.optional(),
});
export type UnitHistoryQuery = z.output<typeof unitHistoryQuery>;

/** What a driver can hold: one of each at a time. */
export const EQUIPMENT_KINDS = ['Truck', 'Trailer', 'FuelCard'] as const;
export type EquipmentKind = (typeof EQUIPMENT_KINDS)[number];

export interface CurrentDispatcherDto {
  /** The driver's id (one row per driver). */
  id: number;
  driverId: number;
  driverName: string;
  carrierName: string | null;
  /** The assignment covering today, or nulls. */
  assignmentId: number | null;
  dispatcherId: number | null;
  dispatcherName: string | null;
  startsOn: string | null;
  endsOn: string | null;
  /** A dated reassignment that has not started yet. */
  next: { assignmentId: number; dispatcherId: number; dispatcherName: string; startsOn: string } | null;
}

export interface DispatcherAssignmentDto {
  id: number;
  driverId: number;
  driverName: string;
  dispatcherId: number;
  dispatcherName: string;
  startsOn: string;
  endsOn: string | null;
  /** Covers today. */
  current: boolean;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
  endedBy: number | null;
  endedByName: string | null;
  endedAt: string | null;
}

export interface HeldItem {
  assignmentId: number;
  /** Unit id or fuel card id. */
  itemId: number;
  /** Unit number, or the masked card number. */
  label: string;
  startsOn: string;
  endsOn: string | null;
}
export interface CurrentUnitsDto {
  /** The driver's id (one row per driver). */
  id: number;
  driverId: number;
  driverName: string;
  carrierName: string | null;
  truck: HeldItem | null;
  trailer: HeldItem | null;
  fuelCard: HeldItem | null;
}

export interface UnitAssignmentDto {
  id: number;
  kind: EquipmentKind;
  driverId: number;
  driverName: string;
  unitId: number | null;
  fuelCardId: number | null;
  /** Unit number, or the masked card number. */
  label: string;
  startsOn: string;
  endsOn: string | null;
  current: boolean;
  createdBy: number | null;
  createdByName: string | null;
  createdAt: string;
  endedBy: number | null;
  endedByName: string | null;
  endedAt: string | null;
}
