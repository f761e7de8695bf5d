import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { FmcsaFileKind } from '../../../schema/vetting';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { writeAuthorities } from './authorities';
import type { BatchCounts } from './batches';
import { writeCensus } from './census';
import { dropUnnamedFilings, writeFilings } from './filings';
import { FileProblem, type Layout, headerName, layoutOf } from './layouts';

/** Rows per transaction: large enough that a 2,000,000-line census takes a thousand, small enough to hold in memory. */
export const BATCH_ROWS = 2000;

export interface ImportCounts extends BatchCounts {
  rowsRead: number;
  skipped: number;
}

interface Target {
  importId: number;
  seenOn: string;
}

/** Each kind's batch writer, inside the batch's transaction. */
function writerOf(layout: Layout) {
  return (trx: Db, rows: unknown[], target: Target): Promise<BatchCounts> =>
    layout.kind === 'census'
      ? writeCensus(trx, rows as never, target)
      : layout.kind === 'carrier'
        ? writeAuthorities(trx, rows as never, target)
        : writeFilings(trx, rows as never, target);
}

/**
 * Reads one FMCSA file as it streams (never held whole: csv-parse, a batch of BATCH_ROWS rows at a time), each batch
 * written in its own transaction with the import's counts, so that a 2,000,000-line file takes memory for one batch
 * and the progress can be read while it runs. Idempotent: a file imported again adds and changes nothing. A file that
 * is not an FMCSA file, or that stops being CSV, fails with FileProblem naming the line; the batches before it stay
 * (importing the file again completes it).
 */
export async function importFile(
  db: Db,
  input: Readable,
  target: Target,
  onProgress?: (counts: ImportCounts) => void,
): Promise<{ kind: FmcsaFileKind; counts: ImportCounts }> {
  let layout: Layout | null = null;
  let headerProblem: FileProblem | null = null;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    columns: (header: string[]) => {
      try {
        layout = layoutOf(header);
      } catch (problem) {
        headerProblem = problem as FileProblem;
        throw problem;
      }
      return header.map(headerName);
    },
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  const counts: ImportCounts = { rowsRead: 0, added: 0, updated: 0, changes: 0, skipped: 0 };
  let batch: unknown[] = [];
  let started = false;
  const flush = async () => {
    const rows = batch;
    batch = [];
    const write = writerOf(layout!);
    const done = await transact(db, async (trx) => {
      const wrote = rows.length ? await write(trx, rows, target) : { added: 0, updated: 0, changes: 0 };
      await trx
        .updateTable('fmcsa_imports')
        .set({
          kind: layout!.kind,
          rows_read: counts.rowsRead,
          skipped: counts.skipped,
          added: counts.added + wrote.added,
          updated: counts.updated + wrote.updated,
          changes: counts.changes + wrote.changes,
        })
        .where('id', '=', target.importId)
        .execute();
      return wrote;
    });
    counts.added += done.added;
    counts.updated += done.updated;
    counts.changes += done.changes;
    onProgress?.(counts);
  };
  try {
    for await (const cells of parser as AsyncIterable<Record<string, string>>) {
      started = true;
      counts.rowsRead++;
      const row = layout!.row(cells);
      if (row) batch.push(row);
      else counts.skipped++;
      if (batch.length >= BATCH_ROWS) await flush();
    }
  } catch (error) {
    if (headerProblem) throw headerProblem;
    if (error instanceof CsvError)
      throw new FileProblem(`Line ${(error as CsvError & { lines?: number }).lines ?? '?'}: ${error.message}`);
    throw error;
  }
  if (!layout) throw new FileProblem('The file is empty: an FMCSA file starts with a header of column names');
  const kind = (layout as Layout).kind;
  if (batch.length || !started) await flush();
  if (kind === 'insurance') await transact(db, (trx) => dropUnnamedFilings(trx, target.importId));
  return { kind, counts };
}
