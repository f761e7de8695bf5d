import { addDays } from '../../../schema/expiry';
import { SeededRandom } from './random';

/**
 * Chase checking exports as the bank writes them (docs/product/bank.md#bank-exports), for the demo company, the
 * journeys and the benchmark: a header, newest row first, descriptions in the bank's words, a running balance.
 */

export interface ChaseLine {
  postedOn: string;
  description: string;
  /** Signed cents: negative is money out. */
  cents: number;
  type: string;
  check?: string;
}

export const CHASE_CHECKING_HEADER = 'Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #';

const quote = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const usDay = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const amount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** The file: newest first with the balance after each row, as Chase lists them (trailing comma included). */
export function chaseCheckingCsv(lines: readonly ChaseLine[], openingCents = 25_000_000): string {
  const oldestFirst = [...lines].sort((a, b) => a.postedOn.localeCompare(b.postedOn));
  let balance = openingCents;
  const rows = oldestFirst.map((line) => {
    balance += line.cents;
    const details = line.check ? (line.cents < 0 ? 'CHECK' : 'DSLIP') : line.cents < 0 ? 'DEBIT' : 'CREDIT';
    return `${details},${usDay(line.postedOn)},${quote(line.description)},${amount(line.cents)},${line.type},${amount(balance)},${line.check ?? ''},`;
  });
  return [CHASE_CHECKING_HEADER, ...rows.reverse()].join('\r\n') + '\r\n';
}

const yymmdd = (iso: string) => iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10);

/** An ACH deposit from a broker: its name as the originator, the load (when one) as the individual id. */
export const achCredit = (random: SeededRandom, payer: string, postedOn: string, reference?: string) =>
  `ORIG CO NAME:${payer.toUpperCase().slice(0, 22)} ORIG ID:${random.digits(10)} DESC DATE:${yymmdd(postedOn)} CO ENTRY DESCR:PAYMENTS SEC:CCD TRACE#:${random.digits(15)} EED:${yymmdd(postedOn)} IND ID:${reference ?? random.digits(8)} IND NAME:HAULBOARD LOGISTICS TRN: ${random.digits(10)}TC`;

/** A payment out by ACH (payroll to a driver, a broker's fee): the payee as the individual name, the trace as given. */
export const achDebit = (payee: string, postedOn: string, trace: string, what: string) =>
  `ORIG CO NAME:HAULBOARD LOGISTI ORIG ID:1234567890 DESC DATE:${yymmdd(postedOn)} CO ENTRY DESCR:${what} SEC:PPD TRACE#:${trace} IND NAME:${payee.toUpperCase().slice(0, 22)}`;

const FUEL = [
  'PILOT 0389 AMARILLO TX',
  "LOVE'S #0512 OKLAHOMA CITY OK",
  'TA TRAVEL CENTER 127 EFFINGHAM IL',
  'FLYING J #640 BAKERSFIELD CA',
  'SPEEDWAY 6721 MEMPHIS TN',
];

/** Rows no item explains: fees, a transfer to savings, fuel bought with the debit card, interest. */
export function bankNoise(random: SeededRandom, from: string, to: string, fuelPerDay = 0.35): ChaseLine[] {
  const lines: ChaseLine[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (day.endsWith('-01'))
      lines.push({ postedOn: day, description: 'MONTHLY SERVICE FEE', cents: -1500, type: 'FEE_TRANSACTION' });
    if (day.endsWith('-28'))
      lines.push({ postedOn: day, description: 'INTEREST PAYMENT', cents: random.int(150, 2500), type: 'MISC_CREDIT' });
    if (day.endsWith('-15'))
      lines.push({
        postedOn: day,
        description: `Online Transfer to SAV ...${random.digits(4)} transaction#: ${random.digits(11)}`,
        cents: -random.int(5, 40) * 100_000,
        type: 'ACCT_XFER',
      });
    const fuel = Math.floor(fuelPerDay) + (random.next() < fuelPerDay % 1 ? 1 : 0);
    for (let i = 0; i < fuel; i++)
      lines.push({
        postedOn: day,
        description: `${random.pick(FUEL)} ${day.slice(5, 7)}/${day.slice(8, 10)}`,
        cents: -random.int(8_000, 95_000),
        type: 'DEBIT_CARD',
      });
    if (random.next() < 0.04)
      lines.push({ postedOn: day, description: 'DOMESTIC WIRE FEE', cents: -2500, type: 'FEE_TRANSACTION' });
  }
  return lines;
}
