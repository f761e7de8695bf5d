import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  type AccountingExportBody,
  type AccountingExportCounts,
  type AccountingExportDto,
  type AccountingExportResult,
  type AccountingFormat,
  ENTITY_KINDS,
  type ExportFileKind,
} from '../../../schema/accountingExport';
import type { ServerContext } from '../../context';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { audit } from '../audit/audit';
import type { Carried, ExportFile } from './carried';
import { type Candidate, collectPeriod } from './collect';
import { iifFile } from './iif';
import { qboCsvFiles } from './qboCsv';

export const DOCUMENT_OWNER = 'accounting_export';

interface Entry {
  kind: string;
  key: string;
  fingerprint: string;
  action: string;
}

interface Kept {
  fingerprint: string;
  action: string;
}

/** The newest entry of each of these entities in the format: what the books received last of it. */
async function lastCarried(db: Db, format: AccountingFormat, candidates: Candidate<unknown>[]) {
  const last = new Map<string, Kept>();
  const byKind = new Map<string, string[]>();
  for (const c of candidates) byKind.set(c.kind, [...(byKind.get(c.kind) ?? []), c.key]);
  for (const [kind, keys] of byKind)
    for (let at = 0; at < keys.length; at += 500) {
      const rows = await db
        .selectFrom('accounting_export_entries')
        .select(['entity_key', 'fingerprint', 'action'])
        .where('format', '=', format)
        .where('entity_kind', '=', kind)
        .where('entity_key', 'in', keys.slice(at, at + 500))
        .orderBy('id')
        .execute();
      for (const row of rows) last.set(`${kind}:${row.entity_key}`, row);
    }
  return last;
}

/** Runs one export inside the caller's transaction; null when it would carry nothing. */
async function exportInside(
  ctx: ServerContext,
  trx: Db,
  request: FastifyRequest,
  body: AccountingExportBody,
): Promise<number | null> {
  const found = await collectPeriod(trx, body.from, body.to);
  // Accounts are a list of the IIF file; QuickBooks Online's imports name accounts that must already be there.
  const lists = body.format === 'IIF' ? [found.accounts] : [];
  const all: Candidate<unknown>[] = [
    ...lists.flat(),
    ...found.customers,
    ...found.items,
    ...found.invoices,
    ...found.creditNotes,
    ...found.payments,
    ...found.reversals,
  ];
  const last = await lastCarried(trx, body.format, [
    ...all,
    ...found.reversals.map((r) => ({ ...r, kind: 'PAYMENT' as const })),
  ]);
  const entries: Entry[] = [];
  const pick = <T>(list: Candidate<T>[], wanted: (c: Candidate<T>, kept: Kept | undefined) => boolean): T[] =>
    list
      .filter((c) => {
        const kept = last.get(`${c.kind}:${c.key}`);
        if (!wanted(c, kept)) return false;
        entries.push({ kind: c.kind, key: c.key, fingerprint: c.fingerprint, action: kept ? 'CHANGE' : 'ADD' });
        return true;
      })
      .map((c) => c.value);
  const newOrChanged = <T>(c: Candidate<T>, kept: Kept | undefined) => kept?.fingerprint !== c.fingerprint;
  const carried: Carried = {
    accounts: body.format === 'IIF' ? pick(found.accounts, newOrChanged) : [],
    customers: pick(found.customers, newOrChanged),
    items: pick(found.items, newOrChanged),
    invoices: pick(found.invoices, newOrChanged),
    creditNotes: pick(found.creditNotes, newOrChanged),
    payments: pick(found.payments, (_, kept) => !kept),
    // Only a payment the books received is taken back, once.
    reversals: pick(found.reversals, (c, kept) => !kept && last.has(`PAYMENT:${c.key}`)),
    depositAccount: found.depositAccount,
  };
  if (!entries.length) return null;
  return recordExport(ctx, trx, request, body, carried, entries);
}

/** Keeps an export: its row, its files (documents) and the entries it carried. */
async function recordExport(
  ctx: ServerContext,
  trx: Db,
  request: FastifyRequest,
  body: AccountingExportBody,
  carried: Carried,
  entries: Entry[],
): Promise<number> {
  const counts = Object.fromEntries(ENTITY_KINDS.map((k) => [k, 0])) as AccountingExportCounts;
  for (const e of entries) counts[e.kind as keyof AccountingExportCounts] += 1;
  const userId = request.auth!.user.id;
  const now = new Date().toISOString();
  const made = await trx
    .insertInto('accounting_exports')
    .values({
      format: body.format,
      from_on: body.from,
      to_on: body.to,
      counts: JSON.stringify(counts),
      created_by: userId,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const exportId = Number(made.id);
  const files: ExportFile[] = body.format === 'IIF' ? [iifFile(carried)] : qboCsvFiles(carried);
  for (const [position, file] of files.entries()) {
    const sha256 = crypto.createHash('sha256').update(file.bytes).digest('hex');
    // As keptBytes (documents/store.ts) keeps them; the store keys by SHA-256, so an attempt run again puts the same.
    const kept = ctx.files
      ? { content: Buffer.alloc(0), object_key: await ctx.files.put('exports', sha256, file.bytes, file.contentType) }
      : { content: file.bytes, object_key: null };
    const document = await trx
      .insertInto('documents')
      .values({
        owner_type: DOCUMENT_OWNER,
        owner_id: exportId,
        file_name: file.fileName,
        content_type: file.contentType,
        size_bytes: file.bytes.length,
        sha256,
        ...kept,
        created_at: now,
        created_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('accounting_export_files')
      .values({
        export_id: exportId,
        position,
        kind: file.kind,
        file_name: file.fileName,
        row_count: file.rows,
        document_id: Number(document.id),
      })
      .execute();
  }
  for (let at = 0; at < entries.length; at += 200)
    await trx
      .insertInto('accounting_export_entries')
      .values(
        entries.slice(at, at + 200).map((e) => ({
          export_id: exportId,
          format: body.format,
          entity_kind: e.kind,
          entity_key: e.key,
          fingerprint: e.fingerprint,
          action: e.action,
        })),
      )
      .execute();
  await audit(trx, request, {
    action: 'create',
    entity: 'accounting_export',
    entityId: exportId,
    after: { format: body.format, from: body.from, to: body.to, counts },
  });
  return exportId;
}

/**
 * Exports a period (docs/product/accounting-export.md#once): what the format's books have not received, or received
 * otherwise, in one transaction, so two exports at once never carry the same rows (PostgreSQL runs one of them again
 * after the other; SQLite writes one at a time). With nothing new, the last export of the same period and format is
 * given again, byte for byte (reused); with none, an empty export is recorded so that the answer stays the same.
 */
export async function runExport(
  ctx: ServerContext,
  request: FastifyRequest,
  body: AccountingExportBody,
): Promise<AccountingExportResult> {
  const outcome = await transact(ctx.db, async (trx) => {
    const made = await exportInside(ctx, trx, request, body);
    if (made !== null) return { id: made, reused: false };
    const earlier = await trx
      .selectFrom('accounting_exports')
      .select('id')
      .where('format', '=', body.format)
      .where('from_on', '=', body.from)
      .where('to_on', '=', body.to)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (earlier) return { id: Number(earlier.id), reused: true };
    // Nothing ever: an empty export (the files' headers only), so the next answer is this one again.
    return { id: await recordExport(ctx, trx, request, body, NOTHING, []), reused: false };
  });
  return { export: (await loadExport(ctx.db, outcome.id))!, reused: outcome.reused };
}

const NOTHING: Carried = {
  accounts: [],
  customers: [],
  items: [],
  invoices: [],
  creditNotes: [],
  payments: [],
  reversals: [],
  depositAccount: { name: '', type: 'OCASSET' },
};

/** The exports, newest first, with their files and who made them. */
export async function listExports(db: Db, format: AccountingFormat | undefined, pageNumber: number, size: number) {
  let query = db.selectFrom('accounting_exports').select('id');
  if (format) query = query.where('format', '=', format);
  const [rows, count] = await Promise.all([
    query
      .orderBy('id', 'desc')
      .limit(size)
      .offset(pageNumber * size)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const items = await Promise.all(rows.map((r) => loadExport(db, Number(r.id))));
  return { items: items.filter((i): i is AccountingExportDto => i !== null), total: Number(count.n) };
}

export async function loadExport(db: Db, id: number): Promise<AccountingExportDto | null> {
  const row = await db
    .selectFrom('accounting_exports as e')
    .leftJoin('users as u', 'u.id', 'e.created_by')
    .select(['e.id', 'e.format', 'e.from_on', 'e.to_on', 'e.counts', 'e.created_at', 'u.first_name', 'u.last_name'])
    .where('e.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const files = await db
    .selectFrom('accounting_export_files as f')
    .innerJoin('documents as d', 'd.id', 'f.document_id')
    .select(['f.kind', 'f.file_name', 'f.row_count', 'd.size_bytes'])
    .where('f.export_id', '=', id)
    .orderBy('f.position')
    .execute();
  return {
    id: Number(row.id),
    format: row.format as AccountingFormat,
    from: row.from_on,
    to: row.to_on,
    counts: JSON.parse(row.counts) as AccountingExportCounts,
    files: files.map((f) => ({
      kind: f.kind as ExportFileKind,
      fileName: f.file_name,
      rows: Number(f.row_count),
      sizeBytes: Number(f.size_bytes),
    })),
    createdAt: row.created_at,
    createdBy: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
  };
}
