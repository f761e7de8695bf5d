import { Transform, type Readable } from 'node:stream';
import type { BankLayout, BankRow } from '../../../schema/bank';
import { textProblem } from '../../../schema/common';
import type { Db } from '../../db/types';
import { ApiError, badRequest } from '../../http/errors';
import { BankCsvError, readBankCsv } from './csv';
import { fileFingerprints } from './fingerprint';
import { transact } from '../../db/transaction';

/** The largest export accepted: a year of a busy account is a few MB; 100,000 rows are about 10 MB. */
export const MAX_BANK_FILE_BYTES = 25 * 1024 * 1024;
/** The longest file name kept with an import (the query takes no more either). */
const MAX_BANK_FILE_NAME = 255;
/** Rows written per statement (14 values each: well under SQLite's 32,766 parameters). */
const BATCH = 500;

export interface BankImportResult {
  id: number;
  layout: BankLayout;
  fileName: string;
  importedAt: string;
  rowsRead: number;
  added: number;
  alreadyThere: number;
  firstDay: string | null;
  lastDay: string | null;
}

export const tooLarge = () =>
  new ApiError(
    413,
    `The file is larger than ${MAX_BANK_FILE_BYTES / 1024 / 1024} MB: export a shorter period from the bank`,
    'too_large',
    'file',
  );

/** Passes the bytes through, and fails the stream once more than `max` have come. */
function capped(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? tooLarge() : null, chunk);
    },
  });
}

/**
 * One bank export into bank_transactions, all or nothing: the file is read as it arrives (never held whole), each
 * row fingerprinted and written in batches, in one transaction; a row already imported (by this file or an earlier
 * export) is counted, not added. A malformed file or one too large is refused with nothing written.
 */
export async function importBankCsv(
  db: Db,
  input: Readable,
  { fileName, userId }: { fileName: string; userId: number | null },
): Promise<BankImportResult> {
  // The file's name as kept with the import: a name, with no control character at all (the text rule, schema/common.ts).
  const nameProblem = textProblem(fileName, { lines: 'name', max: MAX_BANK_FILE_NAME });
  if (nameProblem) throw badRequest(`fileName: ${nameProblem}`, 'fileName');
  const importedAt = new Date().toISOString();
  const source = input.pipe(capped(MAX_BANK_FILE_BYTES));
  input.on('error', (error) => source.destroy(error));
  // Until the import starts reading (it may wait for the database), nothing else listens: an upload cut short then must
  // not be an unhandled 'error' that ends the process. The read loop throws the same error (the stream keeps it).
  source.on('error', () => undefined);
  try {
    return await transact(
      db,
      async (trx) => {
        // The import's row first (its id goes on every bank row); its counts are filled in at the end.
        const { id } = await trx
          .insertInto('bank_imports')
          .values({
            layout: 'CHASE_CHECKING',
            file_name: fileName,
            imported_by: userId,
            imported_at: importedAt,
            rows_read: 0,
            added: 0,
            already_there: 0,
            first_day: null,
            last_day: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const prints = fileFingerprints();
        let layout: BankLayout | null = null;
        let rowsRead = 0;
        let added = 0;
        let firstDay: string | null = null;
        let lastDay: string | null = null;
        let batch: (BankRow & { fingerprint: string })[] = [];
        const flush = async () => {
          if (!batch.length) return;
          const written = await trx
            .insertInto('bank_transactions')
            .values(
              batch.map((row) => ({
                import_id: id,
                layout: row.layout,
                posted_on: row.postedOn,
                transaction_on: row.transactionOn,
                description: row.description,
                amount_cents: row.amountCents,
                details: row.details,
                type: row.type,
                category: row.category,
                balance_cents: row.balanceCents,
                check_number: row.checkNumber,
                memo: row.memo,
                fingerprint: row.fingerprint,
                line: row.line,
              })),
            )
            .onConflict((oc) => oc.column('fingerprint').doNothing())
            .returning('id')
            .execute();
          added += written.length;
          batch = [];
        };
        for await (const row of readBankCsv(source)) {
          layout = row.layout;
          rowsRead++;
          if (!firstDay || row.postedOn < firstDay) firstDay = row.postedOn;
          if (!lastDay || row.postedOn > lastDay) lastDay = row.postedOn;
          batch.push({ ...row, fingerprint: prints.next(row) });
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        const counts = {
          layout: layout!,
          rows_read: rowsRead,
          added,
          already_there: rowsRead - added,
          first_day: firstDay,
          last_day: lastDay,
        };
        await trx.updateTable('bank_imports').set(counts).where('id', '=', id).execute();
        return {
          id,
          layout: layout!,
          fileName,
          importedAt,
          rowsRead,
          added,
          alreadyThere: rowsRead - added,
          firstDay,
          lastDay,
        };
        // The file is read as it streams into the rows: an attempt cannot be run again on it (server/db/transaction.ts).
      },
      { once: true },
    );
  } catch (error) {
    if (error instanceof BankCsvError) throw badRequest(error.message, 'file');
    // Lost a race with another import of the same rows (the file streamed in, so it is not read twice): say so.
    if (error instanceof ApiError && error.statusCode === 409) {
      throw new ApiError(
        409,
        'Another import of the same bank rows was being saved at this moment, and nothing of this file was saved. Import it again: rows already imported are counted, not added.',
        'conflict',
        'file',
      );
    }
    throw error;
  }
}
