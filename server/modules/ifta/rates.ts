import { textProblem } from '../../../schema/common';
import { textOfScaled } from '../../../schema/decimal';
import {
  type IftaRateDto,
  type IftaRatesPreviewDto,
  RATE_MESSAGE,
  RATE_SCALE,
  rateE4Of,
  stateCodeOf,
} from '../../../schema/ifta';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { csvLines } from './csvLines';

/**
 * The quarter's tax rates (docs/product/ifta.md#rates): per state, dollars per gallon to four decimals, kept in
 * ten-thousandths. The company loads them each quarter from the IFTA rate matrix, as a CSV (State, Rate) or typed.
 */
export async function ratesOf(db: Db, quarter: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('ifta_rates as r')
    .innerJoin('ifta_quarters as q', 'q.id', 'r.quarter_id')
    .select(['r.state', 'r.rate_e4'])
    .where('q.quarter', '=', quarter)
    .orderBy('r.state')
    .execute();
  return new Map(rows.map((r) => [r.state, r.rate_e4]));
}

export const rateDtos = (rates: ReadonlyMap<string, number>): IftaRateDto[] =>
  [...rates].map(([state, e4]) => ({ state, rate: textOfScaled(e4, RATE_SCALE) }));

/** Inside the write: the quarter's table replaced by `rates`. */
export async function replaceRates(trx: Db, quarterId: number, rates: { state: string; rate: number }[]) {
  await trx.deleteFrom('ifta_rates').where('quarter_id', '=', quarterId).execute();
  if (rates.length)
    await trx
      .insertInto('ifta_rates')
      .values(rates.map((r) => ({ quarter_id: quarterId, state: r.state, rate_e4: r.rate })))
      .execute();
}

const STATE_NAMES = ['state', 'jurisdiction', 'state/province', 'code'];
const RATE_NAMES = ['rate', 'diesel', 'diesel rate', 'special diesel', 'rate per gallon', 'tax rate'];

/**
 * A rate table as CSV: a header with a state column (State or Jurisdiction: the code or the name) and a rate column
 * (Rate or Diesel: 0.3120, $0.312); other columns ignored. Each line that cannot be read is named; a state twice
 * keeps its first line and names the second. Nothing is saved: the screen shows the table to check, then saves it.
 */
export function readRatesCsv(text: string): IftaRatesPreviewDto {
  const records = csvLines(text, 'the rates');
  const header =
    records[0]?.cells.map((name) =>
      name
        .trim()
        .toLowerCase()
        .replace(/\s*\/\s*/g, '/'),
    ) ?? [];
  const stateColumn = header.findIndex((name) => STATE_NAMES.includes(name));
  const rateColumn = header.findIndex((name) => RATE_NAMES.includes(name));
  if (stateColumn < 0 || rateColumn < 0)
    throw badRequest(
      'The first line must name the columns: State (the code or the name) and Rate (dollars per gallon)',
    );
  const result: IftaRatesPreviewDto = { rates: [], problems: [] };
  const seen = new Map<string, number>();
  for (const { cells, line } of records.slice(1)) {
    const [stateCell, rateCell] = [(cells[stateColumn] ?? '').trim(), (cells[rateColumn] ?? '').trim()];
    const problem = [stateCell, rateCell].map((cell) => textProblem(cell, { lines: 'line', max: 60 })).find(Boolean);
    const state = stateCodeOf(stateCell);
    const rate = rateE4Of(rateCell);
    const message = problem
      ? problem
      : !state
        ? `"${stateCell}" is not a US state`
        : seen.has(state)
          ? `${state} is on line ${seen.get(state)} already`
          : rate === null
            ? `${state}: "${rateCell}" — ${RATE_MESSAGE}`
            : null;
    if (message) result.problems.push({ line, message });
    else {
      seen.set(state!, line);
      result.rates.push({ state: state!, rate: textOfScaled(rate!, RATE_SCALE) });
    }
  }
  result.rates.sort((a, b) => a.state.localeCompare(b.state));
  return result;
}
