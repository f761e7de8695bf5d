import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { todayIso } from '../../../schema/expiry';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { defineJob } from '../../jobs/define';
import { enqueue } from '../../jobs/enqueue';
import { createImport, runImport } from './imports';
import { FileProblem, layoutOf } from './layouts';

/** Bytes per stored piece of an upload. */
const CHUNK_BYTES = 1024 * 1024;
/** The header is in the first line, and no header is longer than this. */
const HEADER_MAX = 64 * 1024;

/** The file's first line must be an FMCSA file's header: anything else is refused before a byte is kept. */
function checkHeader(head: Buffer) {
  const newline = head.indexOf(10);
  const line = head.subarray(0, newline >= 0 ? newline : head.length).toString('utf8');
  try {
    const [header] = parse(line, { bom: true, relax_column_count: true, relax_quotes: true }) as string[][];
    layoutOf(header ?? []);
  } catch (error) {
    throw badRequest(
      error instanceof FileProblem ? error.message : 'The first line of the file is not a CSV header',
      'file',
    );
  }
}

/**
 * An uploaded file into fmcsa_upload_chunks, a piece at a time (each its own short write: the embedded database's
 * one writer is never held for the whole upload), then its import job, so that the request ends when the bytes are
 * kept and any server reads them back (docs/product/compliance.md#fmcsa-files). Refused with nothing kept: a first
 * line that is no FMCSA header (400), an empty body (400); over the limit the upload's stream fails (413) and what
 * was kept of it is dropped.
 */
export async function spoolUpload(
  db: Db,
  body: Readable,
  { fileName, userId }: { fileName: string; userId: number | null },
): Promise<number> {
  let importId: number | null = null;
  let seq = 0;
  let bytes = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let checked = false;
  const keep = async () => {
    if (!pendingBytes) return;
    const content = Buffer.concat(pending);
    pending = [];
    pendingBytes = 0;
    importId ??= await transact(db, (trx) => createImport(trx, { fileName, bytes: 0, userId, seenOn: todayIso() }));
    const id = importId;
    const at = seq++;
    await transact(db, (trx) =>
      trx.insertInto('fmcsa_upload_chunks').values({ import_id: id, seq: at, content }).execute(),
    );
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      bytes += chunk.length;
      if (!checked && (chunk.includes(10) || pendingBytes >= HEADER_MAX)) {
        checkHeader(Buffer.concat(pending).subarray(0, HEADER_MAX));
        checked = true;
      }
      if (checked && pendingBytes >= CHUNK_BYTES) await keep();
    }
    if (!bytes) throw badRequest('The file is empty: send the FMCSA file as the request body', 'file');
    if (!checked) checkHeader(Buffer.concat(pending));
    await keep();
    const id = importId!;
    await transact(db, async (trx) => {
      await trx.updateTable('fmcsa_imports').set({ bytes }).where('id', '=', id).execute();
      await enqueue(trx, vettingImportJob, { importId: id });
    });
    return id;
  } catch (error) {
    if (importId !== null) await dropUpload(db, importId).catch(() => undefined);
    throw error;
  }
}

/** An upload refused or read: its pieces, and (refused) its import row. */
async function dropUpload(db: Db, importId: number, keepRow = false) {
  await transact(db, async (trx) => {
    await trx.deleteFrom('fmcsa_upload_chunks').where('import_id', '=', importId).execute();
    if (!keepRow) await trx.deleteFrom('fmcsa_imports').where('id', '=', importId).execute();
  });
}

/** The kept pieces of an upload, in order, one read at a time. */
async function* piecesOf(db: Db, importId: number): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const piece = await db
      .selectFrom('fmcsa_upload_chunks')
      .select('content')
      .where('import_id', '=', importId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    if (!piece) return;
    yield Buffer.from(piece.content);
  }
}

/**
 * The import of an uploaded file (docs/architecture.md#jobs): reads the kept pieces as one stream into the import
 * (server/modules/vetting/importer.ts), then drops them. A file that turns out not to be an FMCSA file fails the import
 * for good; a failure of ours is tried again (the import is idempotent).
 */
export const vettingImportJob = defineJob({
  name: 'vetting.import',
  payload: z.object({ importId: z.number().int().positive() }),
  retry: { maxAttempts: 5, maxAgeMs: 24 * 60 * 60_000 },
  run: async ({ importId }, { ctx }) => {
    const row = await ctx.db.selectFrom('fmcsa_imports').select('status').where('id', '=', importId).executeTakeFirst();
    if (!row || row.status === 'done' || row.status === 'failed') return;
    await runImport(ctx.db, importId, Readable.from(piecesOf(ctx.db, importId)));
    await dropUpload(ctx.db, importId, true);
  },
});
