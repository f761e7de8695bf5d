import { z } from 'zod';
import { fileNameText } from './common';
import { scaledOfText } from './decimal';
import { US_STATES } from './reference';

/**
 * IFTA, the quarterly fuel-tax return (docs/product/ifta.md), shared by server/modules/ifta and resources/ifta: the
 * quarters, the rate table, the fuel-card import and the return's figures. Money in cents, rates in ten-thousandths
 * of a dollar per gallon, gallons bought in thousandths: integers, never floats.
 */
export const IFTA_ROUTE = '/app/finances/ifta';
export const IFTA_API = '/api/Ifta';

// ---------------------------------------------------------------------------------------------------------------
// Quarters

/** A quarter as the API and the screen name it: '2026-Q1'. */
export const QUARTER_PATTERN = /^(\d{4})-Q([1-4])$/;
export const quarterText = z
  .string()
  .regex(QUARTER_PATTERN, 'A quarter is written like 2026-Q1')
  .refine((q) => Number(q.slice(0, 4)) >= 2000 && Number(q.slice(0, 4)) <= 2100, 'A quarter is of 2000 to 2100');
export const quarterParams = z.object({ quarter: quarterText });

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first and last day of a quarter ('2026-Q1' → 2026-01-01 … 2026-03-31). */
export function quarterRange(quarter: string): { from: string; to: string } {
  const [, year, q] = QUARTER_PATTERN.exec(quarter)!.map(Number);
  const first = (q - 1) * 3 + 1;
  return { from: `${year}-${pad(first)}-01`, to: `${year}-${pad(first + 2)}-${pad(lastDay(year, first + 2))}` };
}

/** The quarter a business date falls in. */
export const quarterOf = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** The return's due date: the last day of the month after the quarter (Apr 30, Jul 31, Oct 31, Jan 31). */
export function quarterDueOn(quarter: string): string {
  const [, year, q] = QUARTER_PATTERN.exec(quarter)!.map(Number);
  const [y, m] = q === 4 ? [year + 1, 1] : [year, q * 3 + 1];
  return `${y}-${pad(m)}-${pad(lastDay(y, m))}`;
}

/** 'Q1 2026'. */
export const quarterLabel = (quarter: string) => `${quarter.slice(5)} ${quarter.slice(0, 4)}`;

/** The quarter before. */
export function previousQuarter(quarter: string): string {
  const [, year, q] = QUARTER_PATTERN.exec(quarter)!.map(Number);
  return q === 1 ? `${year - 1}-Q4` : `${year}-Q${q - 1}`;
}

// ---------------------------------------------------------------------------------------------------------------
// States and rates

/** The jurisdictions of the return: the states, DC and the territories (the boundaries the miles are split by). */
export const IFTA_STATES = US_STATES.map((s) => s.abbreviation).filter((code) => code !== 'NONE');
export const stateName = (code: string) => US_STATES.find((s) => s.abbreviation === code)?.name ?? code;

/** A state written as its code or its name ('TX', 'tx', 'Texas'); null when it is neither. */
export function stateCodeOf(text: string): string | null {
  const wanted = text.trim().toLowerCase();
  const found = US_STATES.find((s) => s.abbreviation.toLowerCase() === wanted || s.name.toLowerCase() === wanted);
  return found && found.abbreviation !== 'NONE' ? found.abbreviation : null;
}

/** Rates are dollars per gallon to four decimals, as the IFTA rate matrix prints them; kept as ten-thousandths. */
export const RATE_SCALE = 4;
/** No state taxes a gallon at $10 or more: a larger figure is a typing mistake. */
export const MAX_RATE_E4 = 99_999;
export const RATE_MESSAGE = 'A rate is dollars per gallon with at most four decimals, like 0.3120';

/** A rate as text ('0.312', '$0.3120') → ten-thousandths; null when it is not one. */
export function rateE4Of(text: string): number | null {
  const units = scaledOfText(text.trim().replace(/^\$/, ''), RATE_SCALE);
  return units !== null && units <= MAX_RATE_E4 ? units : null;
}

/** A rate in a body: text, so that its four decimals arrive exactly as typed (a JSON number would be a float). */
export const rateText = z
  .string({ error: RATE_MESSAGE })
  .max(12, RATE_MESSAGE)
  .refine((text) => rateE4Of(text) !== null, RATE_MESSAGE)
  .transform((text) => rateE4Of(text)!);

/** PUT /api/Ifta/quarters/:quarter/rates: the quarter's whole rate table, with the version it was read at. */
export const iftaRatesBody = z
  .object({
    version: z.number().int().min(0).max(2_147_483_647),
    rates: z
      .array(z.object({ state: z.enum(IFTA_STATES as [string, ...string[]]), rate: rateText }).strict())
      .max(IFTA_STATES.length),
  })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.rates.forEach((r, i) => {
      if (seen.has(r.state))
        ctx.addIssue({ code: 'custom', path: ['rates', i, 'state'], message: `${r.state} is in the table twice` });
      seen.add(r.state);
    });
  });

/** POST /api/Ifta/quarters/:quarter/close: the version the return was read at. */
export const iftaCloseBody = z.object({ version: z.number().int().min(0).max(2_147_483_647) }).strict();

export interface IftaRateDto {
  state: string;
  /** '0.3120'. */
  rate: string;
}

/** A rate table read from a CSV (nothing saved): the rates, and each line that could not be read. */
export interface IftaRatesPreviewDto {
  rates: IftaRateDto[];
  problems: { line: number; message: string }[];
}

// ---------------------------------------------------------------------------------------------------------------
// Fuel-card purchases

/** What a purchase line is; only diesel for the trucks is the return's fuel. */
export const FUEL_PRODUCTS = ['DIESEL', 'REEFER', 'GASOLINE'] as const;
export type FuelProduct = (typeof FUEL_PRODUCTS)[number];
/** Gallons bought are kept in thousandths, as the card companies print them (123.456). */
export const GALLON_SCALE = 3;
/** The largest fuel-card file taken, and its most lines. */
export const FUEL_CSV_MAX_BYTES = 10_000_000;
export const FUEL_CSV_MAX_ROWS = 100_000;

export const fuelImportQuery = z.object({ fileName: fileNameText(200).optional() });

export interface FuelLineProblem {
  line: number;
  message: string;
}

/** The preview of a fuel-card file (nothing saved), and the import's answer. */
export interface FuelPreviewDto {
  /** Lines of purchases read (the header aside). */
  lines: number;
  /** Fuel lines that would be added. */
  ready: number;
  /** Already imported (an overlapping export, or the same file again). */
  duplicates: number;
  /** Lines that are not fuel (DEF, oil, scales, cash advances): read and left out. */
  notFuel: number;
  /** Lines that cannot be imported, by line, with why. */
  refused: FuelLineProblem[];
  /** The gallons of the ready lines by quarter, in thousandths. */
  quarters: { quarter: string; gallonsE3: number; lines: number }[];
}
export interface FuelImportDto extends FuelPreviewDto {
  id: number;
  fileName: string;
  added: number;
  createdAt: string;
  createdBy: string | null;
}

/** A fuel-card file imported, as the history lists it. */
export interface FuelImportRowDto {
  id: number;
  fileName: string;
  lines: number;
  added: number;
  duplicates: number;
  refused: number;
  createdAt: string;
  createdBy: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// The return

export type IftaStatus = 'OPEN' | 'CLOSED';

/** One state's line of the return. Whole miles and gallons, as the return is filed; tax in cents (negative: a credit). */
export interface IftaStateRowDto {
  state: string;
  stateName: string;
  miles: number;
  /** Diesel bought there on the cards: its tax was paid at the pump. */
  taxPaidGallons: number;
  /** miles ÷ the fleet's MPG; null while the MPG is unknown. */
  taxableGallons: number | null;
  netTaxableGallons: number | null;
  /** '0.3120', or null: no rate loaded for the state (flagged; its tax is not computed). */
  rate: string | null;
  taxCents: number | null;
}

export interface IftaReturnDto {
  quarter: string;
  from: string;
  to: string;
  dueOn: string;
  status: IftaStatus;
  /** 0 until the quarter is first written; every write moves it, and a write with another is a 409. */
  version: number;
  closedAt: string | null;
  closedBy: string | null;
  totalMiles: number;
  totalGallons: number;
  /** Miles per gallon to two decimals ('6.25'); null without miles or without fuel. */
  mpg: string | null;
  rows: IftaStateRowDto[];
  /** Miles the routes run outside every state (a lake, the sea, Canada, Mexico): counted in the total, in no state. */
  outsideMiles: number;
  /** The states with miles or fuel and no rate: their tax is not computed. */
  missingRates: string[];
  /** The net tax of the states that have a rate (negative: a credit). */
  totalTaxCents: number;
  orders: {
    counted: number;
    /** Of them, followed along the places the driver's phone reported. */
    byTrail: number;
    /** Delivered in the quarter but with a stop whose ZIP is unknown: no miles. */
    withoutRoute: { id: number; orderNumber: string }[];
  };
  fuel: { lines: number; reeferGallons: number; gasolineGallons: number };
  rates: IftaRateDto[];
  computedAt: string;
}

export interface IftaQuarterSummaryDto {
  quarter: string;
  status: IftaStatus;
  version: number;
  closedAt: string | null;
  rateCount: number;
}

export const iftaReportFile = (quarter: string, kind: 'pdf' | 'csv') =>
  `${IFTA_API}/quarters/${quarter}/report.${kind}`;
export const iftaReportFileName = (quarter: string, kind: 'pdf' | 'csv') => `IFTA-${quarter}.${kind}`;
