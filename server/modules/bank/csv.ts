import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { type BankLayout, type BankRow, CHECKING_DETAILS } from '../../../schema/bank';
import { textProblem } from '../../../schema/common';

/**
 * Reading a bank's CSV export (docs/product/bank.md#bank-exports) as the bank writes it: the layout recognised
 * from the header; quoted fields with commas, a byte-order mark, CRLF line ends, a trailing comma on every row or
 * none, blank balances, MM/DD/YYYY dates and signed amounts; every cell under the text rule and its column's limit
 * (BANK_COLUMN_MAX). Streamed: rows are yielded as they are read, so a file of any length is never held whole. The
 * first thing wrong stops the reading with the line (and column) and what was wrong (BankCsvError): the caller
 * imports all of a file or none of it.
 */

export class BankCsvError extends Error {
  /** "Line 3: …", or with the column the problem is in, "Line 3, Description: …". */
  constructor(
    readonly line: number,
    message: string,
    readonly column?: string,
  ) {
    super(line > 0 ? `Line ${line}${column ? `, ${column}` : ''}: ${message}` : message);
  }
}

/**
 * The longest text each column takes, sized to what the bank writes there (docs/product/bank.md#bank-exports)
 * with room to spare: an ACH description with all its ORIG CO NAME … TRN parts is about 250 characters, a wire's
 * a few hundred. Anything longer is not a bank export; and no cell may break the text rule (schema/common.ts: a
 * cell is one line, with no control character but tab).
 */
export const BANK_COLUMN_MAX: Readonly<Record<string, number>> = {
  Details: 20,
  'Posting Date': 20,
  'Transaction Date': 20,
  'Post Date': 20,
  Description: 1000,
  Category: 60,
  Type: 40,
  Amount: 20,
  Balance: 20,
  'Check or Slip #': 20,
  Memo: 500,
};
/** A header name, and the part of a refused header shown in the message. */
const HEADER_NAME_MAX = 100;
const HEADER_SHOWN = 300;

/** The lines csv-parse counted inside a record's quoted cells (it counts every CR and every LF there as one). */
const lineBreaksIn = (cells: readonly string[]) =>
  cells.reduce((n, cell) => n + (cell.match(/[\r\n]/g)?.length ?? 0), 0);

/** The first cell of a row (or of the header) that breaks the text rule or its column's limit, as the error. */
function cellProblem(
  cells: readonly string[],
  line: number,
  columnOf: (index: number) => { name: string; max: number },
): BankCsvError | null {
  for (const [index, cell] of cells.entries()) {
    const { name, max } = columnOf(index);
    const problem = textProblem(text(cell), { lines: 'line', max });
    if (problem) return new BankCsvError(line, problem, name);
  }
  return null;
}

interface Layout {
  layout: BankLayout;
  columns: readonly string[];
  /** Columns a row may lack at its end (older card exports have no Memo). */
  optional: number;
  read(fields: string[], line: number): Omit<BankRow, 'line' | 'layout'>;
}

const text = (value: string | undefined) => (value ?? '').trim();
const orNull = (value: string | undefined) => text(value) || null;

/** MM/DD/YYYY (leading zeros optional, as a spreadsheet may save it) → YYYY-MM-DD, a real day in 1990–2100. */
export function bankDate(value: string | undefined, column: string, line: number): string {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text(value));
  const [month, day, year] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (!match || year < 1990 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new BankCsvError(line, `${column} is "${text(value)}", not a date written MM/DD/YYYY`);
  }
  return date.toISOString().slice(0, 10);
}

/** A signed decimal with at most two decimals (-1250.00, 87.5, +12) → integer cents, exactly (no floating point). */
export function bankCents(value: string | undefined, column: string, line: number): number {
  const match = /^([+-]?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text(value));
  if (!match) throw new BankCsvError(line, `${column} is "${text(value)}", not an amount written like -1250.00`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

const LAYOUTS: readonly Layout[] = [
  {
    layout: 'CHASE_CHECKING',
    columns: ['Details', 'Posting Date', 'Description', 'Amount', 'Type', 'Balance', 'Check or Slip #'],
    optional: 0,
    read(f, line) {
      const details = text(f[0]).toUpperCase();
      if (!(CHECKING_DETAILS as readonly string[]).includes(details))
        throw new BankCsvError(line, `Details is "${text(f[0])}", not one of ${CHECKING_DETAILS.join(', ')}`);
      return {
        details,
        postedOn: bankDate(f[1], 'Posting Date', line),
        transactionOn: null,
        description: text(f[2]),
        amountCents: bankCents(f[3], 'Amount', line),
        type: orNull(f[4]),
        category: null,
        balanceCents: text(f[5]) ? bankCents(f[5], 'Balance', line) : null,
        checkNumber: orNull(f[6]),
        memo: null,
      };
    },
  },
  {
    layout: 'CHASE_CARD',
    columns: ['Transaction Date', 'Post Date', 'Description', 'Category', 'Type', 'Amount', 'Memo'],
    optional: 1,
    read(f, line) {
      return {
        details: null,
        transactionOn: bankDate(f[0], 'Transaction Date', line),
        postedOn: bankDate(f[1], 'Post Date', line),
        description: text(f[2]),
        category: orNull(f[3]),
        type: orNull(f[4]),
        amountCents: bankCents(f[5], 'Amount', line),
        balanceCents: null,
        checkNumber: null,
        memo: orNull(f[6]),
      };
    },
  },
];

const SHAPES = LAYOUTS.map(
  (l) => `${l.layout === 'CHASE_CHECKING' ? 'Chase checking' : 'Chase credit card'} (${l.columns.join(',')})`,
).join(' or ');

/** The layout a header names, ignoring case, spaces around names and an empty last name (the trailing comma). */
function layoutOf(header: string[]): Layout {
  const refused = cellProblem(header, 1, (index) => ({
    name: `column ${index + 1} of the header`,
    max: HEADER_NAME_MAX,
  }));
  if (refused) throw refused;
  const names = header.map((name) => name.trim().toLowerCase());
  if (names.length && names[names.length - 1] === '') names.pop();
  const layout = LAYOUTS.find((l) => {
    const wanted = l.columns.map((c) => c.toLowerCase());
    return (
      names.length <= wanted.length &&
      names.length >= wanted.length - l.optional &&
      names.every((name, i) => name === wanted[i])
    );
  });
  const shown = header.join(',');
  if (!layout)
    throw new BankCsvError(
      1,
      `the header is "${shown.length > HEADER_SHOWN ? `${shown.slice(0, HEADER_SHOWN)}…` : shown}"; Haulboard reads ${SHAPES}`,
    );
  return { ...layout, columns: layout.columns.slice(0, names.length) };
}

/** What csv-parse found wrong, in words, at its line. */
function csvProblem(error: CsvError): BankCsvError {
  const line = Number((error as CsvError & { lines?: number }).lines ?? 0);
  const words: Record<string, string> = {
    CSV_QUOTE_NOT_CLOSED: 'the file ends inside a quoted field: a closing " is missing on this line or one before it',
    CSV_INVALID_CLOSING_QUOTE: 'a quote inside a field is not doubled ("")',
    CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'text follows a closing quote',
  };
  return new BankCsvError(line, words[error.code] ?? error.message);
}

/**
 * The rows of a bank export, in file order. Throws BankCsvError on the first problem: an empty file, a header of
 * another shape, a header with no rows, a row with the wrong number of fields, a bad date or amount, a broken quote.
 */
export async function* readBankCsv(input: Readable): AsyncGenerator<BankRow & { layout: BankLayout }> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  // pipe() does not pass errors on: a failing source (an upload cut off, or over its size) must end the reading.
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let layout: Layout | null = null;
  let rows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // csv-parse counts to the end of the record; a quoted cell with line breaks in it (refused below) started earlier.
      const line = info.lines - lineBreaksIn(record);
      if (!layout) {
        layout = layoutOf(record);
        continue;
      }
      const fields = [...record];
      // The bank ends each row with a comma: one empty field more than the header.
      if (fields.length === layout.columns.length + 1 && text(fields[fields.length - 1]) === '') fields.pop();
      if (fields.length !== layout.columns.length)
        throw new BankCsvError(line, `${fields.length} fields where the header has ${layout.columns.length}`);
      // Before any column is read: a date or an amount that is refused is quoted in the message.
      const columns = layout.columns;
      const refused = cellProblem(fields, line, (index) => ({
        name: columns[index],
        max: BANK_COLUMN_MAX[columns[index]],
      }));
      if (refused) throw refused;
      rows++;
      yield { line, layout: layout.layout, ...layout.read(fields, line) };
    }
  } catch (error) {
    if (error instanceof CsvError) throw csvProblem(error);
    throw error;
  } finally {
    input.destroy();
  }
  if (!layout)
    throw new BankCsvError(
      0,
      'The file is empty: export the account activity from the bank as CSV and choose that file',
    );
  if (!rows) throw new BankCsvError(0, 'The file has a header and no transactions');
}
