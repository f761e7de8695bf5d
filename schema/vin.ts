import { z } from 'zod';

/** How a vehicle travels on the trailer: an order's vehicle has one. */
export const VEHICLE_TYPES = ['SEDAN', 'SUV', 'PICKUP', 'VAN', 'COUPE', 'MINIVAN', 'MOTORCYCLE', 'OTHER'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** VIN check digit (ISO 3779 / 49 CFR 565): position 9 is computed from the other 16 characters. */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const VIN_SHAPE_MESSAGE = 'A VIN has 17 letters and digits (no I, O or Q)';
export const VIN_CHECK_MESSAGE = 'The VIN check digit does not match; check the VIN';

function valueOf(char: string): number {
  return char >= '0' && char <= '9' && char.length === 1 ? char.charCodeAt(0) - 48 : (TRANSLITERATION[char] ?? 0);
}

export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += valueOf(vin[i]) * WEIGHTS[i];
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when the VIN has 17 allowed characters and a correct check digit. */
export function isValidVin(vin: string): boolean {
  const upper = vin.toUpperCase();
  return VIN_PATTERN.test(upper) && vinCheckDigit(upper) === upper[8];
}

/** What a VIN tells of its vehicle (GET /api/Vin/{vin}): what the order form fills in for the dispatcher. */
export interface DecodedVin {
  vin: string;
  year: number | null;
  make: string | null;
  model: string | null;
  /** The body style in the national VIN database's words ("Sedan", "Pickup" …). */
  bodyStyle: string | null;
  /** The body style as the order's vehicle type, when one fits. */
  type: VehicleType | null;
}

/**
 * The vehicle type of a body style of the national VIN database. Styles a car hauler loads alike share a type: a
 * hatchback or a wagon takes a sedan's place on the trailer, a convertible a coupe's.
 */
export function vehicleTypeOf(bodyStyle: string | null | undefined): VehicleType | null {
  const style = (bodyStyle ?? '').toLowerCase();
  if (!style) return null;
  if (/minivan/.test(style)) return 'MINIVAN';
  if (/van/.test(style)) return 'VAN';
  if (/pickup|truck/.test(style)) return 'PICKUP';
  if (/sport utility|suv|crossover/.test(style)) return 'SUV';
  if (/coupe|convertible|roadster/.test(style)) return 'COUPE';
  if (/sedan|hatchback|wagon|liftback|saloon/.test(style)) return 'SEDAN';
  if (/motorcycle|scooter|moped/.test(style)) return 'MOTORCYCLE';
  return 'OTHER';
}

/** A VIN in a request body: 17 characters without I, O, Q and with the right check digit. */
export const vinRule = z
  .string({ error: 'Enter the VIN' })
  .trim()
  .toUpperCase()
  .refine((vin) => VIN_PATTERN.test(vin), VIN_SHAPE_MESSAGE)
  .refine(isValidVin, VIN_CHECK_MESSAGE);
