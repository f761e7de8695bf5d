import { z } from 'zod';
import { businessDate } from './bookOrders';
import { idText, idValue, queryBoolean } from './common';
import type { ExpiryItem } from './expiry';
import { type RecordDto, dollars, filters, listQuery, optionalDate, optionalId, requiredText, withVersion } from './records';
import { UNIT_TYPES } from './reference';
import { VIN_PATTERN, isValidVin } from './vin';

/* ------------------------------------------------------------------------------------------------------------
 * Vehicles: /api/Units (feature Vehicles): trucks and trailers. unitType is 'Truck' or 'Trailer' (the values the
 * book orders and the dropdowns already use). Unit numbers are upper-cased and unique per type; VINs are unique.
 * ------------------------------------------------------------------------------------------------------------ */

export { UNIT_TYPES };
export type { UnitType } from './reference';
export const UNIT_STATUSES = ['ACTIVE', 'IN_SHOP', 'OUT_OF_SERVICE', 'SOLD', 'INACTIVE'] as const;
export const UNIT_STATUS_LABELS: Record<(typeof UNIT_STATUSES)[number], string> = {
  ACTIVE: 'Active', IN_SHOP: 'In shop', OUT_OF_SERVICE: 'Out of service', SOLD: 'Sold', INACTIVE: 'Inactive',
};
/** Cars a trailer carries (a 9-car stinger is the largest common rig). */
export const TRAILER_CAPACITY = { min: 1, max: 12 } as const;
/** A truck may carry up to 3 cars over the cab (head rack); none is fine. */
export const TRUCK_CAPACITY = { min: 0, max: 3 } as const;
export const MIN_UNIT_YEAR = 1980;

export const unitInput = z
  .object({
    unitType: z.enum(UNIT_TYPES),
    unitNumber: z
      .string({ error: 'Enter the unit number' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9-]{0,11}$/, 'A unit number is 1 to 12 letters, digits or dashes'),
    vin: z
      .string({ error: 'Enter the VIN' })
      .trim()
      .toUpperCase()
      .refine((vin) => VIN_PATTERN.test(vin), 'A VIN has 17 letters and digits (no I, O or Q)')
      .refine(isValidVin, 'The VIN check digit does not match; check the VIN'),
    make: requiredText('the make', 40),
    model: requiredText('the model', 60),
    year: z
      .number({ error: 'Enter the year' })
      .int('Enter the year')
      .min(MIN_UNIT_YEAR, `Year is ${MIN_UNIT_YEAR} or later`)
      .max(new Date().getUTCFullYear() + 1, 'Year is too late'),
    plate: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z0-9][A-Z0-9 -]{0,9}$/.test(v), 'A plate is up to 10 letters, digits, spaces or dashes')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    plateStateId: optionalId,
    capacity: z.number({ error: 'Capacity is a number of cars' }).int('Capacity is a whole number of cars').optional().nullable().transform((v) => v ?? null),
    carrierId: idValue,
    registrationExpiresOn: optionalDate,
    annualInspectionDueOn: optionalDate,
    status: z.enum(UNIT_STATUSES).default('ACTIVE'),
  })
  .superRefine((u, ctx) => {
    if (u.plate && !u.plateStateId) ctx.addIssue({ code: 'custom', path: ['plateStateId'], message: 'Choose the state of the plate' });
    const range = u.unitType === 'Trailer' ? TRAILER_CAPACITY : TRUCK_CAPACITY;
    if (u.unitType === 'Trailer' && u.capacity === null) ctx.addIssue({ code: 'custom', path: ['capacity'], message: 'Enter how many cars the trailer carries' });
    else if (u.capacity !== null && (u.capacity < range.min || u.capacity > range.max)) {
      ctx.addIssue({ code: 'custom', path: ['capacity'], message: `A ${u.unitType.toLowerCase()} carries ${range.min} to ${range.max} cars` });
    }
  });
export type UnitInput = z.output<typeof unitInput>;
export const unitUpdate = withVersion(unitInput);
export const UNIT_SORTS = ['unitNumber', 'unitType', 'year', 'status', 'registrationExpiresOn', 'annualInspectionDueOn', 'createdAt', 'id'] as const;
export const unitsQuery = listQuery(UNIT_SORTS, {
  unitType: z.enum(UNIT_TYPES).optional(),
  status: z.enum(UNIT_STATUSES).optional(),
  carrierId: filters.id,
  expiring: queryBoolean.optional(),
  /** true: only units with a driver today; false: only free ones. */
  assigned: queryBoolean.optional(),
});
export type UnitsQuery = z.output<typeof unitsQuery>;

export interface UnitDto extends RecordDto {
  unitType: (typeof UNIT_TYPES)[number];
  unitNumber: string;
  vin: string;
  make: string;
  model: string;
  year: number;
  plate: string | null;
  plateStateId: number | null;
  plateState: string | null;
  capacity: number | null;
  carrierId: number | null;
  carrierName: string | null;
  registrationExpiresOn: string | null;
  annualInspectionDueOn: string | null;
  status: (typeof UNIT_STATUSES)[number];
  /** The driver the unit is assigned to today, if any. */
  driverId: number | null;
  driverName: string | null;
  expiry: ExpiryItem[];
}

/* ------------------------------------------------------------------------------------------------------------
 * Fuel cards: /api/FuelCards (written with VehicleAndCardAssignment; read also with Vehicles).
 *
 * The card number is never stored: the server keeps its last 4 digits (shown masked, '•••• 1234') and a keyed
 * hash that finds a card entered twice. A card number is only ever sent to the server (create, or update to
 * replace a card); every answer, list and CSV carries the masked number.
 * ------------------------------------------------------------------------------------------------------------ */

export const FUEL_CARD_PROVIDERS = ['EFS', 'COMDATA', 'WEX', 'FLEETONE', 'TCHEK', 'OTHER'] as const;
export const FUEL_CARD_PROVIDER_LABELS: Record<(typeof FUEL_CARD_PROVIDERS)[number], string> = {
  EFS: 'EFS', COMDATA: 'Comdata', WEX: 'WEX', FLEETONE: 'Fleet One', TCHEK: 'TCH / TChek', OTHER: 'Other',
};
export const FUEL_CARD_STATUSES = ['ACTIVE', 'BLOCKED', 'LOST'] as const;

export const cardNumber = z
  .string({ error: 'Enter the card number' })
  .trim()
  .refine((v) => /^[\d\s-]+$/.test(v) && v.replace(/\D/g, '').length >= 8 && v.replace(/\D/g, '').length <= 19, 'A card number is 8 to 19 digits')
  .transform((v) => v.replace(/\D/g, ''));

export const maskCard = (last4: string) => `•••• ${last4}`;

const fuelCardFields = {
  provider: z.enum(FUEL_CARD_PROVIDERS),
  expiresOn: businessDate,
  status: z.enum(FUEL_CARD_STATUSES).default('ACTIVE'),
  /** Daily spending limit in dollars; null = the provider's default. */
  limit: dollars('Limit', 0, 100_000).optional().nullable().transform((v) => v ?? null),
  carrierId: optionalId,
};
export const fuelCardCreate = z.object({ cardNumber, ...fuelCardFields });
export type FuelCardCreate = z.output<typeof fuelCardCreate>;
/** Update: leave cardNumber out to keep the card's number, send it to replace the card. */
export const fuelCardUpdate = z.object({ cardNumber: cardNumber.optional(), ...fuelCardFields, version: z.number({ error: 'Send the version you read' }).int().positive() });
export type FuelCardUpdate = z.output<typeof fuelCardUpdate>;
export const FUEL_CARD_SORTS = ['cardLast4', 'provider', 'expiresOn', 'status', 'createdAt', 'id'] as const;
export const fuelCardsQuery = listQuery(FUEL_CARD_SORTS, {
  provider: z.enum(FUEL_CARD_PROVIDERS).optional(),
  status: z.enum(FUEL_CARD_STATUSES).optional(),
  carrierId: filters.id,
  expiring: queryBoolean.optional(),
  assigned: queryBoolean.optional(),
});
export type FuelCardsQuery = z.output<typeof fuelCardsQuery>;

export interface FuelCardDto extends RecordDto {
  cardLast4: string;
  /** '•••• 1234' */
  maskedNumber: string;
  provider: (typeof FUEL_CARD_PROVIDERS)[number];
  expiresOn: string;
  status: (typeof FUEL_CARD_STATUSES)[number];
  limit: number | null;
  carrierId: number | null;
  carrierName: string | null;
  driverId: number | null;
  driverName: string | null;
  expiry: ExpiryItem[];
}

/** Dropdown queries of SPEC.md §7 "Lists" (keys arrive in any casing: HideAssigned, ShowDeleted). */
export const unitsDropdownQuery = z.object({
  hideAssigned: queryBoolean.default(false),
  type: z.enum(UNIT_TYPES).optional(),
  showDeleted: queryBoolean.default(false),
});
export const fuelCardsDropdownQuery = z.object({ hideAssigned: queryBoolean.default(false), showDeleted: queryBoolean.default(false), driverId: idText.optional() });
