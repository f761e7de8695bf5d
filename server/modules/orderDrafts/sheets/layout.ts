import type { SheetSpot } from '../../../../schema/dispatchSheets';
import { type Cell, type Line, type SheetText, spotAround } from './text';

/**
 * The tools a layout reader works with: sections found by their titles, "Label: value" rows, tables by their header
 * row, and text pieces (Piece) that keep where on the page each part of a value was.
 */

/** Some text and the spots it came from. */
export interface Piece {
  text: string;
  spots: SheetSpot[];
}

export const piece = (cell: Cell): Piece => ({ text: cell.text, spots: [cell.spot] });

/** Pieces one after another, with a space between (a wrapped value's lines). */
export function joined(pieces: Piece[], separator = ' '): Piece {
  return {
    text: pieces
      .map((p) => p.text)
      .filter(Boolean)
      .join(separator),
    spots: pieces.flatMap((p) => p.spots),
  };
}

/** The part of a cell from character `from` on (the value after "VIN: "), its spot cut in proportion. */
export function tail(cell: Cell, from: number): Piece {
  const text = cell.text.slice(from).trim();
  const share = cell.text.length ? (cell.text.length - text.length) / cell.text.length : 0;
  const { spot } = cell;
  return { text, spots: [{ ...spot, x: spot.x + spot.width * share, width: spot.width * (1 - share) }] };
}

export const spotOf = (p: Piece): SheetSpot | null => spotAround(p.spots);

/** A part of the sheet: a page's band between two baselines and two x positions. */
export interface Region {
  page: number;
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The lines in a region, each cut to the cells that start inside it (empty lines dropped). */
export function linesIn(sheet: SheetText, region: Region): Line[] {
  return sheet.lines
    .filter((line) => line.page === region.page && line.baseline > region.top && line.baseline < region.bottom)
    .map((line) => ({
      ...line,
      cells: line.cells.filter((c) => c.spot.x >= region.left - 1 && c.spot.x < region.right),
    }))
    .filter((line) => line.cells.length);
}

/** The first cell whose whole text matches, with its line. */
export function findCell(sheet: SheetText, pattern: RegExp): { cell: Cell; line: Line } | null {
  for (const line of sheet.lines) {
    const cell = line.cells.find((c) => pattern.test(c.text));
    if (cell) return { cell, line };
  }
  return null;
}

/**
 * The region under a section title: across from the title to the next title on its line (or the page's edge), down
 * to the next title below that starts left of that edge (or the page's end).
 */
export function sectionUnder(sheet: SheetText, title: RegExp, titles: RegExp): Region | null {
  const found = findCell(sheet, title);
  if (!found) return null;
  const { cell, line } = found;
  const left = cell.spot.x - 8;
  const neighbour = line.cells.find((c) => c !== cell && c.spot.x > cell.spot.x && titles.test(c.text));
  const right = neighbour ? neighbour.spot.x - 8 : Number.POSITIVE_INFINITY;
  const below = sheet.lines.find(
    (l) =>
      l.page === line.page &&
      l.baseline > line.baseline &&
      l.cells.some((c) => titles.test(c.text) && c.spot.x < right),
  );
  return { page: line.page, top: line.baseline, bottom: below?.baseline ?? Number.POSITIVE_INFINITY, left, right };
}

/** A cell that starts like a label ("Phone:", "MC #:"): it ends a wrapped value above it. */
const LABEL_SHAPE = /^[A-Za-z][A-Za-z #/.]{0,30}:/;

/**
 * "Label: value" rows of some lines: for each rule (a pattern matching the label at a cell's start), the value is
 * the rest of that cell and the cells after it up to the next label, plus the lines below that start where the value
 * starts and not with a label (a value wrapped to a second line).
 */
export function labeledValues<K extends string>(lines: Line[], rules: Record<K, RegExp>): Partial<Record<K, Piece>> {
  const found: Partial<Record<K, Piece[]>> = {};
  const keyOf = (cell: Cell) =>
    (Object.keys(rules) as K[]).find((key) => {
      const match = rules[key].exec(cell.text);
      return match?.index === 0;
    });
  let open: { key: K; left: number } | null = null as { key: K; left: number } | null;
  for (const line of lines) {
    const first = line.cells[0];
    if (open && !LABEL_SHAPE.test(first.text) && first.spot.x >= open.left - 2 && !keyOf(first)) {
      found[open.key]!.push(joined(line.cells.map(piece)));
      continue;
    }
    open = null;
    for (const [i, cell] of line.cells.entries()) {
      const key = keyOf(cell);
      if (!key || found[key]) continue;
      const label = rules[key].exec(cell.text)![0];
      const parts: Piece[] = [];
      const rest = tail(cell, label.length);
      if (rest.text) parts.push(rest);
      for (const next of line.cells.slice(i + 1)) {
        if (keyOf(next) || LABEL_SHAPE.test(next.text)) break;
        parts.push(piece(next));
      }
      found[key] = parts;
      open = parts.length ? { key, left: parts[0].spots[0].x } : null;
    }
  }
  const values: Partial<Record<K, Piece>> = {};
  for (const key of Object.keys(found) as K[]) {
    const value = joined(found[key]!);
    if (value.text) values[key] = value;
  }
  return values;
}

/**
 * The rows of a table under its header line: each cell goes to the column whose header starts left of it; a row
 * starts on a line with a cell in the `key` column (that `startsRow` accepts), and the lines under it without one add to its cells.
 */
export function tableRows(
  lines: Line[],
  header: Line,
  key: string,
  startsRow: (cell: Cell) => boolean = () => true,
): Record<string, Piece[]>[] {
  const columns = header.cells.map((c) => ({ name: c.text, x: c.spot.x })).sort((a, b) => a.x - b.x);
  const columnOf = (cell: Cell) => [...columns].reverse().find((c) => c.x <= cell.spot.x + 3)?.name;
  const rows: Record<string, Piece[]>[] = [];
  for (const line of lines) {
    if (line.page !== header.page || line.baseline <= header.baseline) continue;
    const cells = line.cells.map((cell) => ({ cell, column: columnOf(cell) }));
    if (cells.some((c) => c.column === key && startsRow(c.cell))) rows.push({});
    const row = rows.at(-1);
    if (!row) continue;
    for (const { cell, column } of cells) if (column) (row[column] ??= []).push(piece(cell));
  }
  return rows;
}

/** A place block without labels: the name (maybe wrapped), the street, then "City, ST ZIP". */
export function placeLines(lines: Piece[], isCityLine: (text: string) => boolean) {
  const at = lines.findIndex((line) => isCityLine(line.text));
  if (at < 1) return null;
  return {
    name: at >= 2 ? joined(lines.slice(0, at - 1)) : null,
    address: lines[at - 1],
    cityLine: lines[at],
    rest: lines.slice(at + 1),
  };
}
