import { vinCheckDigit } from '../../../schema/vin';
import type { SeededRandom } from './random';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A random VIN whose model-year character fits the year and whose check digit is right (millions in a bulk seed). */
export function makeVin(random: SeededRandom, year: number): string {
  const chars = new Array<string>(17);
  for (let i = 0; i < 17; i++) chars[i] = VIN_CHARS[Math.floor(random.next() * VIN_CHARS.length)];
  chars[9] = YEAR_CODES[(year - 2010 + 30) % 30];
  chars[8] = '0';
  chars[8] = vinCheckDigit(chars.join(''));
  return chars.join('');
}
