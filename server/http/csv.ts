import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** RFC 4180 quoting; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => cells.map(csvCell).join(',') + '\r\n';

/** A CSV column: its header and how to read it from one item. */
export type CsvColumn<T> = [header: string, value: (item: T) => unknown];

/** Header (with a BOM so spreadsheets read UTF-8), then each batch of items as lines. */
export async function* csvStream<T>(
  columns: readonly CsvColumn<T>[],
  batches: AsyncIterable<T[]>,
): AsyncGenerator<string> {
  yield '\uFEFF' + csvLine(columns.map(([header]) => header));
  for await (const items of batches) {
    if (items.length) yield items.map((item) => csvLine(columns.map(([, value]) => value(item)))).join('');
  }
}

/** Send a streamed CSV download named `fileName`. */
export function sendCsvFile(reply: FastifyReply, fileName: string, lines: AsyncIterable<string>) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(Readable.from(lines));
}

/** Send a streamed CSV download named `<name>-<today>.csv`. */
export const sendCsv = (reply: FastifyReply, name: string, lines: AsyncIterable<string>) =>
  sendCsvFile(reply, `${name}-${new Date().toISOString().slice(0, 10)}.csv`, lines);

/** Every page of a list, fetched batch by batch, for a streamed CSV. */
export async function* pageThrough<T>(
  fetch: (limit: number, offset: number) => Promise<T[]>,
  batch = 500,
): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += batch) {
    const items = await fetch(batch, offset);
    yield items;
    if (items.length < batch) return;
  }
}
