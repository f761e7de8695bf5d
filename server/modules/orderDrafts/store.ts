import { LOW_CONFIDENCE, type SheetLayout, type SheetReading } from '../../../schema/dispatchSheets';
import type { OrderStatus } from '../../../schema/bookOrders';
import { usMoney } from '../../../schema/format';
import type { DraftSource, DraftStatus, OrderDraftDto, OrderDraftSummaryDto } from '../../../schema/orderDrafts';
import type { Db, DocumentsTable, OrderDraftsTable } from '../../db/types';
import { notFound } from '../../http/errors';
import type { ReceivedFile } from '../documents/store';
import { findDuplicates } from '../bookOrders/duplicates';
import { proposalOf, valuesOf } from './proposal';

/** The drafts' rows and how they read (docs/product/dispatch-sheets.md#drafts). */

const SUMMARY_COLUMNS = [
  'd.id',
  'd.status',
  'd.source',
  'd.file_name',
  'd.size_bytes',
  'd.layout',
  'd.reading',
  'd.created_at',
  'd.mail_from',
  'd.book_order_id',
  'd.version',
  'd.sha256',
  'u.first_name',
  'u.last_name',
  'o.order_number',
] as const;

const drafts = (db: Db) =>
  db
    .selectFrom('order_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .leftJoin('book_orders as o', 'o.id', 'd.book_order_id')
    .select(SUMMARY_COLUMNS);
type DraftRow = Awaited<ReturnType<ReturnType<typeof drafts>['executeTakeFirstOrThrow']>>;

/** How many fields of the reading the reviewer should check. */
export function fieldsToCheck(reading: SheetReading): number {
  const all = [...Object.values(reading.fields), ...reading.vehicles.flatMap((v) => Object.values(v))];
  return all.filter((field) => field && field.confidence < LOW_CONFIDENCE).length;
}

/** "Dallas, TX → Atlanta, GA · 2 vehicles · $1,250.00": what the sheet is about, from what was read. */
export function draftSummary(reading: SheetReading): string {
  const value = valuesOf(reading);
  const place = (stop: 'pickup' | 'delivery') =>
    [value(`${stop}.city`), value(`${stop}.state`)].filter(Boolean).join(', ') || '?';
  const count = reading.vehicles.length;
  const price = value('price');
  return [
    `${place('pickup')} → ${place('delivery')}`,
    `${count} vehicle${count === 1 ? '' : 's'}`,
    price !== undefined && Number.isFinite(Number(price)) ? usMoney(Number(price)) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function toSummary(row: DraftRow): OrderDraftSummaryDto {
  const reading = JSON.parse(row.reading) as SheetReading;
  const value = valuesOf(reading);
  return {
    id: Number(row.id),
    status: row.status as DraftStatus,
    source: row.source as DraftSource,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    layout: row.layout as SheetLayout,
    summary: draftSummary(reading),
    loadId: value('loadId') ?? null,
    brokerName: value('broker.name') ?? null,
    toCheck: fieldsToCheck(reading),
    createdAt: row.created_at,
    createdBy: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    mailFrom: row.mail_from,
    bookOrderId: row.book_order_id === null ? null : Number(row.book_order_id),
    orderNumber: row.order_number ?? null,
  };
}

/** A page of the drafts of one status, newest first. */
export async function listDrafts(db: Db, query: { status: DraftStatus; page: number; size: number }) {
  const base = db.selectFrom('order_drafts').where('status', '=', query.status);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    drafts(db)
      .where('d.status', '=', query.status)
      .orderBy('d.id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
  ]);
  return { items: rows.map(toSummary), total: Number(total) };
}

/** One draft with what the review screen needs: the proposal, the hints, duplicates and the same file's drafts. */
export async function findDraft(db: Db, id: number): Promise<OrderDraftDto> {
  const row = await drafts(db).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Draft');
  const summary = toSummary(row);
  const reading = JSON.parse(row.reading) as SheetReading;
  const { proposal, hints, newBroker, newShipper } = await proposalOf(db, reading);
  const [duplicates, sameFile] = await Promise.all([
    findDuplicates(db, {
      loadBoard: proposal.loadBoard as string,
      loadId: proposal.externalLoadId as string | null,
      vins: reading.vehicles.map((v) => v.vin?.value ?? ''),
      exceptId: summary.bookOrderId,
    }),
    db
      .selectFrom('order_drafts as d')
      .leftJoin('book_orders as o', 'o.id', 'd.book_order_id')
      .select(['d.id', 'd.status', 'o.order_number', 'o.status as order_status'])
      .where('d.sha256', '=', row.sha256)
      .where('d.id', '<>', id)
      .where('d.status', '<>', 'DISCARDED')
      .orderBy('d.id')
      .limit(5)
      .execute(),
  ]);
  return {
    ...summary,
    version: Number(row.version),
    reading,
    proposal,
    hints,
    newBroker,
    newShipper,
    duplicates,
    sameFile: sameFile.map((d) => ({
      id: Number(d.id),
      status: d.status as DraftStatus,
      orderNumber: d.order_number ?? null,
      orderStatus: (d.order_status ?? null) as OrderStatus | null,
    })),
  };
}

export interface NewDraft {
  file: ReceivedFile;
  /** Where its bytes are kept (documents/store.ts keptBytes, called before the transaction). */
  kept: Pick<DocumentsTable, 'content' | 'object_key'>;
  fileName: string;
  reading: SheetReading;
  source: DraftSource;
  createdBy: number | null;
  mailFrom?: string | null;
  mailSubject?: string | null;
}

/** Keeps a read sheet as an open draft (inside the caller's transaction); answers its id. */
export async function insertDraft(trx: Db, draft: NewDraft): Promise<number> {
  const now = new Date().toISOString();
  const row: Omit<OrderDraftsTable, 'id' | 'version'> = {
    status: 'OPEN',
    source: draft.source,
    file_name: draft.fileName,
    size_bytes: draft.file.bytes.length,
    sha256: draft.file.sha256,
    ...draft.kept,
    layout: draft.reading.layout,
    reading: JSON.stringify(draft.reading),
    mail_from: draft.mailFrom ?? null,
    mail_subject: draft.mailSubject ?? null,
    book_order_id: null,
    created_by: draft.createdBy,
    created_at: now,
    updated_at: now,
    updated_by: draft.createdBy,
  };
  const { id } = await trx.insertInto('order_drafts').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(id);
}

/** The draft's file, for the review screen's view of the sheet. */
export async function draftFile(db: Db, id: number) {
  const row = await db
    .selectFrom('order_drafts')
    .select(['file_name', 'content', 'object_key', 'size_bytes'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Draft');
  return row;
}
