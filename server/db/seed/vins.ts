import { vinCheckDigit } from '../../../schema/vin';
import type { SeededRandom } from './random';

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A random VIN whose model-year character fits the year and whose check digit is right. */
export function makeVin(random: SeededRandom, year: number): string {
  const yearCodes = 'ABCDEFGHJKLMNPRSTVWXY123456789';
  let body = '';
  for (let i = 0; i < 17; i++) body += random.pick([...VIN_CHARS]);
  const chars = [...body];
  chars[9] = yearCodes[(year - 2010 + 30) % 30];
  chars[8] = '0';
  chars[8] = vinCheckDigit(chars.join(''));
  return chars.join('');
}

