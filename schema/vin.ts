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
