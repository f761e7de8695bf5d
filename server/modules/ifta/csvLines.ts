import { parse } from 'csv-parse/sync';
import { badRequest } from '../../http/errors';

/**
 * A small CSV file's records with the line each ends on (quoted cells may hold line breaks), for the rate table and
 * the fuel-card import: a file csv-parse cannot read is a 400 naming what it is not.
 */
export function csvLines(text: string, what: string): { cells: string[]; line: number }[] {
  try {
    const records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return records.map(({ record, info }) => ({ cells: record, line: info.lines }));
  } catch (error) {
    throw badRequest(`This file is not a CSV file ${what} can be read from: ${(error as Error).message}`);
  }
}
