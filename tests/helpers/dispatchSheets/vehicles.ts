import { type VehicleType, vinCheckDigit } from '../../../schema/vin';
import type { SeededRandom } from '../../../server/db/seed/random';
import { MODEL_YEAR_CODES } from '../../../server/modules/orderDrafts/sheets/reading';

/** Cars a hauler moves, with the world manufacturer identifiers (the VIN's first three characters) their makers use. */
export const SHEET_CARS: readonly { make: string; model: string; type: VehicleType; wmi: readonly string[] }[] = [
  { make: 'Toyota', model: 'Camry', type: 'SEDAN', wmi: ['4T1', 'JTN'] },
  { make: 'Toyota', model: 'RAV4', type: 'SUV', wmi: ['2T3', 'JTM'] },
  { make: 'Toyota', model: 'Tacoma', type: 'PICKUP', wmi: ['3TM', '5TF'] },
  { make: 'Honda', model: 'Civic', type: 'SEDAN', wmi: ['2HG', '19X'] },
  { make: 'Honda', model: 'Odyssey', type: 'MINIVAN', wmi: ['5FN'] },
  { make: 'Ford', model: 'F-150', type: 'PICKUP', wmi: ['1FT'] },
  { make: 'Ford', model: 'Transit', type: 'VAN', wmi: ['1FT'] },
  { make: 'Ford', model: 'Mustang', type: 'COUPE', wmi: ['1FA'] },
  { make: 'Chevrolet', model: 'Silverado 1500', type: 'PICKUP', wmi: ['1GC', '3GC'] },
  { make: 'Chevrolet', model: 'Malibu', type: 'SEDAN', wmi: ['1G1'] },
  { make: 'Nissan', model: 'Altima', type: 'SEDAN', wmi: ['1N4'] },
  { make: 'Jeep', model: 'Grand Cherokee', type: 'SUV', wmi: ['1C4'] },
  { make: 'Tesla', model: 'Model 3', type: 'SEDAN', wmi: ['5YJ'] },
  { make: 'Tesla', model: 'Model Y', type: 'SUV', wmi: ['7SA'] },
  { make: 'Hyundai', model: 'Elantra', type: 'SEDAN', wmi: ['5NP', 'KMH'] },
  { make: 'Kia', model: 'Sorento', type: 'SUV', wmi: ['5XY'] },
  { make: 'Ram', model: '1500', type: 'PICKUP', wmi: ['1C6'] },
  { make: 'Subaru', model: 'Outback', type: 'SUV', wmi: ['4S4'] },
  { make: 'BMW', model: 'X5', type: 'SUV', wmi: ['5UX'] },
  { make: 'Mercedes-Benz', model: 'C 300', type: 'SEDAN', wmi: ['W1K', '55S'] },
  { make: 'Land Rover', model: 'Range Rover Sport', type: 'SUV', wmi: ['SAL'] },
  { make: 'Chrysler', model: 'Pacifica', type: 'MINIVAN', wmi: ['2C4'] },
  { make: 'Harley-Davidson', model: 'Street Glide', type: 'MOTORCYCLE', wmi: ['1HD'] },
  { make: 'Chevrolet', model: 'Corvette', type: 'COUPE', wmi: ['1G1'] },
  { make: 'Polaris', model: 'RZR XP 1000', type: 'OTHER', wmi: ['4XA'] },
];

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** A VIN as its maker would write it: the maker's WMI, the year's code, a serial, and the right check digit. */
export function sheetVin(random: SeededRandom, wmi: string, year: number): string {
  const chars = [...wmi];
  for (let i = 3; i < 8; i++) chars.push(random.pick([...VIN_CHARS]));
  chars.push('0', MODEL_YEAR_CODES[(year - 1980) % 30], random.pick([...VIN_CHARS]));
  chars.push(random.digits(6));
  const vin = chars.join('');
  return vin.slice(0, 8) + vinCheckDigit(vin) + vin.slice(9);
}
