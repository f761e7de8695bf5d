import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { SHEET_MAX_BYTES, type SheetSpot } from '../../../../schema/dispatchSheets';
import { SheetUnreadable } from './errors';

/** More pages than a dispatch sheet ever has: a whole scanned binder is refused, not read. */
export const MAX_PAGES = 20;
/** How long one sheet may take to read (a hostile or broken PDF can make a parser spin). */
export const MAX_READ_MS = 20_000;

/** A run of text on one line with no wide gap in it: a label, a value, a table cell. */
export interface Cell {
  text: string;
  spot: SheetSpot;
}

export interface Line {
  page: number;
  /** Baseline, in points from the page's top. */
  baseline: number;
  cells: Cell[];
}

export interface SheetText {
  pageSizes: { width: number; height: number }[];
  lines: Line[];
}

interface Item {
  text: string;
  x: number;
  right: number;
  baseline: number;
  size: number;
}

/** The whole box of some spots on one page (the first spot's page). */
export function spotAround(spots: SheetSpot[]): SheetSpot | null {
  const same = spots.filter((spot) => spot.page === spots[0]?.page);
  if (!same.length) return null;
  const x = Math.min(...same.map((s) => s.x));
  const y = Math.min(...same.map((s) => s.y));
  const right = Math.max(...same.map((s) => s.x + s.width));
  const bottom = Math.max(...same.map((s) => s.y + s.height));
  return { page: same[0].page, x, y, width: right - x, height: bottom - y };
}

/** Items of one page as lines (baselines within a third of the type size) of cells (gaps wider than ~a letter split). */
function linesOf(items: Item[], page: number, pageHeight: number): Line[] {
  const sorted = [...items].sort((a, b) => b.baseline - a.baseline || a.x - b.x);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows.at(-1);
    if (row && Math.abs(item.baseline - row[0].baseline) <= Math.max(2, row[0].size * 0.35)) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    const cells: Cell[] = [];
    let current: Item[] = [];
    const flush = () => {
      if (!current.length) return;
      let text = '';
      current.forEach((item, i) => {
        const gap = i ? item.x - current[i - 1].right : 0;
        text +=
          (i && gap > item.size * 0.15 && !text.endsWith(' ') && !item.text.startsWith(' ') ? ' ' : '') + item.text;
      });
      const size = Math.max(...current.map((item) => item.size));
      const baseline = current[0].baseline;
      cells.push({
        text: text.replace(/\s+/g, ' ').trim(),
        spot: {
          page,
          x: current[0].x,
          y: pageHeight - baseline - size * 0.8,
          width: current.at(-1)!.right - current[0].x,
          height: size,
        },
      });
      current = [];
    };
    for (const item of row) {
      const last = current.at(-1);
      if (last && item.x - last.right > Math.max(6, item.size * 0.9)) flush();
      current.push(item);
    }
    flush();
    return { page, baseline: pageHeight - row[0].baseline, cells };
  });
}

/** pdf.js's refusals by name: a password, a file that is not a PDF, a broken structure. */
function refusalOf(error: unknown): SheetUnreadable {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'PasswordException') return new SheetUnreadable('encrypted');
  return new SheetUnreadable('damaged');
}

async function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new SheetUnreadable('too_slow'));
    }, ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The text of a PDF, page by page, as lines of cells with their spots (points from each page's top left). pdf.js
 * runs in this process (no worker thread, no font loading, no eval, nothing fetched); what it cannot open is refused.
 */
export async function sheetText(bytes: Uint8Array, timeoutMs = MAX_READ_MS): Promise<SheetText> {
  if (bytes.length > SHEET_MAX_BYTES) throw new SheetUnreadable('too_large');
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new SheetUnreadable('not_pdf');
  const task = getDocument({
    // A copy: pdf.js may take the buffer over.
    data: new Uint8Array(bytes),
    disableFontFace: true,
    useSystemFonts: false,
    useWorkerFetch: false,
    disableAutoFetch: true,
    disableStream: true,
    stopAtErrors: true,
    verbosity: 0,
  });
  const read = async (): Promise<SheetText> => {
    const pdf = await task.promise.catch((error: unknown) => {
      throw refusalOf(error);
    });
    if (pdf.numPages > MAX_PAGES) throw new SheetUnreadable('too_many_pages');
    const pageSizes: SheetText['pageSizes'] = [];
    const lines: Line[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const { width, height } = page.getViewport({ scale: 1 });
      pageSizes.push({ width, height });
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [a, b, , , x, y] = item.transform as number[];
        items.push({ text: item.str, x, right: x + item.width, baseline: y, size: Math.hypot(a, b) || item.height });
      }
      lines.push(...linesOf(items, number, height));
    }
    if (!lines.length) throw new SheetUnreadable('no_text');
    return { pageSizes, lines };
  };
  try {
    return await withTimeout(read(), timeoutMs, () => void task.destroy());
  } catch (error) {
    throw error instanceof SheetUnreadable ? error : refusalOf(error);
  } finally {
    await task.destroy();
  }
}
