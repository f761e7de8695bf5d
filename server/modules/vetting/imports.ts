import type { Readable } from 'node:stream';
import { personName } from '../../../schema/format';
import type { FmcsaFileKind, FmcsaImportDto, ImportStatus } from '../../../schema/vetting';
import type { Db } from '../../db/types';
import { type ImportCounts, importFile } from './importer';
import { FileProblem } from './layouts';
import { forgetImportedOn } from './lookup';

/** A new import's row (queued until it runs). */
export async function createImport(
  trx: Db,
  { fileName, bytes, userId, seenOn }: { fileName: string; bytes: number; userId: number | null; seenOn: string },
): Promise<number> {
  const { id } = await trx
    .insertInto('fmcsa_imports')
    .values({
      kind: null,
      file_name: fileName,
      status: 'queued',
      bytes,
      seen_on: seenOn,
      error: null,
      created_by: userId,
      created_at: new Date().toISOString(),
      finished_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function finish(db: Db, id: number, status: ImportStatus, error: string | null) {
  await db
    .updateTable('fmcsa_imports')
    .set({ status, error, finished_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
  forgetImportedOn(db);
}

/**
 * Runs an import from its file's bytes (an upload's job, or the CLI's file): running, then done with its counts, or
 * failed with what was wrong with the file. A failure of ours (the database gone) is thrown for the job to try again;
 * the counts start again from nothing, and what the first attempt wrote is not written twice (the import is idempotent).
 */
export async function runImport(
  db: Db,
  importId: number,
  input: Readable,
  onProgress?: (counts: ImportCounts) => void,
): Promise<{ kind: FmcsaFileKind | null; counts: ImportCounts | null; problem: string | null }> {
  const row = await db
    .updateTable('fmcsa_imports')
    .set({ status: 'running', rows_read: 0, added: 0, updated: 0, changes: 0, skipped: 0, error: null })
    .where('id', '=', importId)
    .returning('seen_on')
    .executeTakeFirstOrThrow();
  try {
    const { kind, counts } = await importFile(db, input, { importId, seenOn: row.seen_on }, onProgress);
    await finish(db, importId, 'done', null);
    return { kind, counts, problem: null };
  } catch (error) {
    if (!(error instanceof FileProblem)) {
      // Queued again: the job's next attempt (server/modules/vetting/uploads.ts) runs it from the start.
      await db
        .updateTable('fmcsa_imports')
        .set({ status: 'queued', error: 'The import stopped on our side; it is tried again shortly' })
        .where('id', '=', importId)
        .execute()
        .catch(() => undefined);
      throw error;
    }
    await finish(db, importId, 'failed', error.message);
    return { kind: null, counts: null, problem: error.message };
  }
}

export async function importsPage(db: Db, ids?: number[], page = 0, size = 20): Promise<FmcsaImportDto[]> {
  let query = db
    .selectFrom('fmcsa_imports as i')
    .leftJoin('users as u', 'u.id', 'i.created_by')
    .selectAll('i')
    .select(['u.first_name', 'u.last_name']);
  if (ids) query = query.where('i.id', 'in', ids.length ? ids : [0]);
  const rows = await query
    .orderBy('i.id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    kind: row.kind as FmcsaFileKind | null,
    fileName: row.file_name,
    status: row.status as ImportStatus,
    bytes: Number(row.bytes),
    rowsRead: row.rows_read,
    added: row.added,
    updated: row.updated,
    changes: row.changes,
    skipped: row.skipped,
    seenOn: row.seen_on,
    error: row.error,
    createdBy: row.first_name ? personName(row.first_name, row.last_name) : null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  }));
}
