import { cleanDocumentName } from '../../../schema/documents';
import type { SheetReading } from '../../../schema/dispatchSheets';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import { ApiError } from '../../http/errors';
import { type ReceivedFile, keptBytes } from '../documents/store';
import { SheetUnreadable, readDispatchSheet } from './sheets';
import { type NewDraft, insertDraft } from './store';

/**
 * A sheet in, a draft out (docs/product/dispatch-sheets.md#drafts): the upload and the mail-in both come here. A file
 * the reader cannot read (encrypted, damaged, no text) is a 400 saying why and what to do, and nothing is kept.
 */
export async function readSheet(bytes: Uint8Array): Promise<SheetReading> {
  try {
    return await readDispatchSheet(bytes);
  } catch (error) {
    if (error instanceof SheetUnreadable) throw new ApiError(400, error.message, error.reason, 'file');
    throw error;
  }
}

/**
 * The sheet read and its bytes kept: the draft's row ready to insert, outside any transaction (reading takes a while).
 * The mail-in inserts a message's drafts with its mailbox note in one transaction (mailIn.ts).
 */
export async function preparedDraft(
  ctx: ServerContext,
  file: ReceivedFile,
  meta: Omit<NewDraft, 'file' | 'kept' | 'reading'>,
): Promise<NewDraft> {
  const reading = await readSheet(file.bytes);
  // Stored before the row is written: an object no row names is harmless, a row without its bytes is not.
  const kept = await keptBytes(ctx.files, file, 'sheets');
  const fileName = cleanDocumentName(meta.fileName, 'application/pdf');
  return { ...meta, fileName, file, kept, reading };
}

export async function draftFromFile(
  ctx: ServerContext,
  file: ReceivedFile,
  meta: Omit<NewDraft, 'file' | 'kept' | 'reading'>,
): Promise<number> {
  const draft = await preparedDraft(ctx, file, meta);
  return transact(ctx.db, (trx) => insertDraft(trx, draft));
}
