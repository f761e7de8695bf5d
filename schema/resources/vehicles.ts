import { z } from 'zod';
import { queryBoolean } from '../common';
import { choice, computed, date, integer, reference, text } from '../define/fields';
import { defineResource, only } from '../define/resource';
import { UNIT_TYPES } from '../reference';
import { vinRule } from '../vin';

export { UNIT_TYPES };
export const UNIT_STATUSES = ['ACTIVE', 'IN_SHOP', 'OUT_OF_SERVICE', 'SOLD', 'INACTIVE'] as const;
/** Cars a trailer carries (a 9-car stinger is the largest common rig). */
export const TRAILER_CAPACITY = { min: 1, max: 12 } as const;
/** A truck may carry up to 3 cars over the cab (head rack); none is fine. */
export const TRUCK_CAPACITY = { min: 0, max: 3 } as const;
export const MIN_UNIT_YEAR = 1980;

/**
 * Vehicles on /api/Units (feature Vehicles): trucks and trailers. unitType is 'Truck' or 'Trailer' (the values the
 * book orders and the dropdowns use). Unit numbers are upper-cased and unique per type; VINs are unique.
 */
export const vehicles = defineResource({
  route: '/app/management/vehicles',
  api: '/api/Units',
  table: 'units',
  entity: 'unit',
  singular: 'Vehicle',
  plural: 'Vehicles',
  access: 'Vehicles',
  sections: { unit: 'Unit', registration: 'Plate, registration and inspection' },
  fields: {
    unitType: choice(UNIT_TYPES, {
      label: 'Type',
      labels: { Truck: 'Truck', Trailer: 'Trailer' },
      sort: true,
      filter: true,
    }),
    unitNumber: text({
      label: 'Unit number',
      required: true,
      max: 12,
      case: 'upper',
      sort: true,
      search: true,
      pattern: [/^[A-Z0-9][A-Z0-9-]{0,11}$/, 'A unit number is 1 to 12 letters, digits or dashes'],
      unique: {
        scope: ['unitType'],
        message: (number, u) => `There is already a ${String(u.unitType).toLowerCase()} numbered ${number}`,
      },
    }),
    vin: text({
      label: 'VIN',
      required: true,
      max: 17,
      zod: vinRule,
      search: true,
      list: 'hide',
      unique: { message: (vin) => `Another vehicle has VIN ${vin}` },
    }),
    year: integer({
      label: 'Year',
      required: true,
      min: MIN_UNIT_YEAR,
      max: new Date().getUTCFullYear() + 1,
      sort: true,
    }),
    make: text({ label: 'Make', required: true, max: 40, search: true }),
    model: text({ label: 'Model', required: true, max: 60, search: true }),
    plate: text({
      label: 'Plate',
      max: 10,
      case: 'upper',
      search: true,
      section: 'registration',
      pattern: [/^[A-Z0-9][A-Z0-9 -]{0,9}$/, 'A plate is up to 10 letters, digits, spaces or dashes'],
    }),
    plateStateId: reference('states', { label: 'Plate state', list: false, section: 'registration' }),
    capacity: integer({
      label: 'Capacity (cars)',
      list: 'hide',
      help: 'Trucks 0 to 3 cars (head rack), trailers 1 to 12',
    }),
    carrierId: reference('carriers', {
      label: 'Carrier',
      required: true,
      nullableColumn: true,
      filter: true,
      list: 'hide',
    }),
    status: choice(UNIT_STATUSES, {
      label: 'Status',
      labels: {
        ACTIVE: 'Active',
        IN_SHOP: 'In shop',
        OUT_OF_SERVICE: 'Out of service',
        SOLD: 'Sold',
        INACTIVE: 'Inactive',
      },
      colours: { ACTIVE: 'success', IN_SHOP: 'warning', OUT_OF_SERVICE: 'error' },
      default: 'ACTIVE',
      sort: true,
      filter: true,
    }),
    registrationExpiresOn: date({
      label: 'Registration expires',
      expires: 'Registration',
      sort: true,
      section: 'registration',
    }),
    annualInspectionDueOn: date({
      label: 'Annual inspection due',
      expires: 'Annual inspection',
      sort: true,
      section: 'registration',
    }),
    driverId: computed<number | null>({ label: 'Driver today', list: false, csv: false }),
    driverName: computed<string | null>({ label: 'Driver today', shows: { target: 'drivers', idField: 'driverId' } }),
  },
  filters: { assigned: only.yesNo('Assigned to a driver') },
  rules: (u, ctx) => {
    if (u.plate && !u.plateStateId)
      ctx.addIssue({ code: 'custom', path: ['plateStateId'], message: 'Choose the state of the plate' });
    const range = u.unitType === 'Trailer' ? TRAILER_CAPACITY : TRUCK_CAPACITY;
    if (u.unitType === 'Trailer' && u.capacity === null)
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'Enter how many cars the trailer carries' });
    else if (u.capacity !== null && (u.capacity < range.min || u.capacity > range.max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['capacity'],
        message: `A ${u.unitType.toLowerCase()} carries ${range.min} to ${range.max} cars`,
      });
    }
  },
  formDefaults: { unitType: 'Truck' },
  defaultSort: 'unitNumber',
  recordTitle: 'unitNumber',
});
export type UnitDto = typeof vehicles.types.dto;

/** GET /api/Units/get-all-trucks-dropdown (keys in any casing: HideAssigned, ShowDeleted). */
export const unitsDropdownQuery = z.object({
  hideAssigned: queryBoolean.default(false),
  type: z.enum(UNIT_TYPES).optional(),
  showDeleted: queryBoolean.default(false),
});
