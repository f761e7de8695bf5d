import { sql } from 'kysely';
import {
  BANK_ROW_STATE_LABELS,
  EXPLAIN_REASON_LABELS,
  type BankLayout,
  type BankRowDto,
  type BankRowState,
  type BankRowsQuery,
  type ExplainReason,
  type MatchDto,
  type MatchItemType,
} from '../../../schema/bank';
import { todayIso } from '../../../schema/expiry';
import { plainMoney, usDate } from '../../../schema/format';
import { periodRange } from '../../../schema/period';
import { fromCents, parseDollars } from '../../../schema/money';
import type { Db } from '../../db/types';
import type { CsvColumn } from '../../http/csv';
import { fullName, searchWhere } from '../records/query';
import { type ItemRow, idColumnOf, sourceOf, toItem } from './openItems';

/** A bank row with who explained it. */
export const bankRowSelect = (db: Db) =>
  db
    .selectFrom('bank_transactions as t')
    .leftJoin('users as e', 'e.id', 't.explained_by')
    .selectAll('t')
    .select(fullName('e').as('explained_by_name'));

type BankRowRecord = Awaited<ReturnType<ReturnType<typeof bankRowSelect>['executeTakeFirstOrThrow']>>;

export function bankRowDto(row: BankRowRecord): BankRowDto {
  const amount = Number(row.amount_cents);
  const matched = Number(row.matched_cents);
  return {
    id: row.id,
    version: Number(row.version),
    importId: row.import_id,
    layout: row.layout as BankLayout,
    postedOn: row.posted_on,
    transactionOn: row.transaction_on,
    description: row.description,
    amount: fromCents(amount),
    direction: amount >= 0 ? 'IN' : 'OUT',
    matched: fromCents(matched),
    left: row.state === 'EXPLAINED' ? 0 : fromCents(Math.max(0, Math.abs(amount) - matched)),
    state: row.state as BankRowState,
    details: row.details,
    type: row.type,
    category: row.category,
    checkNumber: row.check_number,
    balance: row.balance_cents === null ? null : fromCents(Number(row.balance_cents)),
    memo: row.memo,
    explainReason: row.explain_reason as ExplainReason | null,
    explainNote: row.explain_note,
    explainedBy: row.explained_by_name,
    explainedAt: row.explained_at,
  };
}

/** The CSV export's columns: the bank's own fields, then what matching made of the row. */
export const BANK_ROW_CSV: CsvColumn<BankRowDto>[] = [
  ['Posting Date', (r) => usDate(r.postedOn)],
  ['Description', (r) => r.description],
  ['Amount', (r) => plainMoney(r.amount)],
  ['Type', (r) => r.type],
  ['Check or Slip #', (r) => r.checkNumber],
  ['State', (r) => BANK_ROW_STATE_LABELS[r.state]],
  ['Matched', (r) => plainMoney(r.matched)],
  ['Left', (r) => plainMoney(r.left)],
  [
    'Explanation',
    (r) => (r.explainReason ? [EXPLAIN_REASON_LABELS[r.explainReason], r.explainNote].filter(Boolean).join(': ') : ''),
  ],
];

/** TODO: what is still to do (nothing or part applied). */
export const statesOf = (state: BankRowsQuery['state']): BankRowState[] | null =>
  state === 'TODO' ? ['OPEN', 'PARTIAL'] : state ? [state] : null;

function filteredRows(db: Db, query: BankRowsQuery) {
  let rows = db.selectFrom('bank_transactions as t');
  const states = statesOf(query.state);
  if (states) rows = rows.where('t.state', 'in', states);
  if (query.direction) rows = rows.where('t.amount_cents', query.direction === 'IN' ? '>=' : '<', 0);
  const range = query.month
    ? { from: `${query.month}-01`, to: `${query.month}-31` }
    : periodRange(query.filtered, todayIso(), query.from, query.to);
  if (range.from) rows = rows.where('t.posted_on', '>=', range.from);
  if (range.to) rows = rows.where('t.posted_on', '<=', range.to);
  if (query.importId) rows = rows.where('t.import_id', '=', query.importId);
  if (query.search) {
    // "1234.56" finds that amount, in or out; other text the description or check number.
    const cents = query.search.includes('.') ? parseDollars(query.search) : null;
    if (cents !== null) rows = rows.where((eb) => eb('t.amount_cents', 'in', [cents, -cents]));
    else rows = rows.where(searchWhere(['t.description', "coalesce(t.check_number, '')"], query.search));
  }
  return rows;
}

/** A page of the filtered rows in the list's order. */
export async function bankRowsPage(db: Db, query: BankRowsQuery, limit: number, offset: number): Promise<BankRowDto[]> {
  const sortField = (query.sort ?? 'postedOn').replace(/^-/, '');
  const direction = query.sort?.startsWith('-') ? 'desc' : 'asc';
  const column =
    sortField === 'amount'
      ? 't.amount_cents'
      : sortField === 'left'
        ? sql`abs(t.amount_cents) - t.matched_cents`
        : 't.posted_on';
  const rows = await filteredRows(db, query)
    .leftJoin('users as e', 'e.id', 't.explained_by')
    .selectAll('t')
    .select(fullName('e').as('explained_by_name'))
    .orderBy(column as never, direction)
    .orderBy('t.id', direction)
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(bankRowDto);
}

/** The bank rows page with the filtered set's money in and out, and what is left to match. */
export async function listBankRows(db: Db, query: BankRowsQuery) {
  const [sums, items] = await Promise.all([
    filteredRows(db, query)
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        sql<number>`sum(case when t.amount_cents >= 0 then t.amount_cents else 0 end)`.as('money_in'),
        sql<number>`sum(case when t.amount_cents < 0 then -t.amount_cents else 0 end)`.as('money_out'),
        sql<number>`sum(case when t.state in ('OPEN', 'PARTIAL') then abs(t.amount_cents) - t.matched_cents else 0 end)`.as(
          'to_match',
        ),
      ])
      .executeTakeFirstOrThrow(),
    bankRowsPage(db, query, query.size, query.page * query.size),
  ]);
  return {
    items,
    totalCount: Number(sums.n),
    page: query.page,
    size: query.size,
    totals: {
      moneyIn: fromCents(Number(sums.money_in ?? 0)),
      moneyOut: fromCents(Number(sums.money_out ?? 0)),
      toMatch: fromCents(Number(sums.to_match ?? 0)),
    },
  };
}

/** One row with every match made on it, undone ones too (the audit trail a banker reads). */
export async function bankRowDetail(db: Db, id: number): Promise<(BankRowDto & { matches: MatchDto[] }) | null> {
  const row = await bankRowSelect(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const matches = await db
    .selectFrom('bank_matches as m')
    .leftJoin('users as mb', 'mb.id', 'm.matched_by')
    .leftJoin('users as ub', 'ub.id', 'm.undone_by')
    .selectAll('m')
    .select([fullName('mb').as('matched_by_name'), fullName('ub').as('undone_by_name')])
    .where('m.bank_transaction_id', '=', id)
    .orderBy('m.id')
    .execute();
  const lines = matches.length
    ? await db
        .selectFrom('bank_match_lines')
        .selectAll()
        .where(
          'match_id',
          'in',
          matches.map((m) => m.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const today = todayIso();
  const labels = new Map<string, string>();
  for (const line of lines) {
    const key = `${line.item_type}:${line.item_id}`;
    if (labels.has(key)) continue;
    const type = line.item_type as MatchItemType;
    const item = (await sourceOf(type)(db)
      .clearWhere()
      .where(idColumnOf(type) as never, '=', line.item_id as never)
      .executeTakeFirst()) as ItemRow | undefined;
    labels.set(key, item ? toItem(item, today).label : `${type} #${line.item_id}`);
  }
  return {
    ...bankRowDto(row),
    matches: matches.map((m) => ({
      id: m.id,
      amount: fromCents(Number(m.amount_cents)),
      note: m.note,
      matchedAt: m.matched_at,
      matchedBy: m.matched_by_name,
      undoneAt: m.undone_at,
      undoneBy: m.undone_by_name,
      undoReason: m.undo_reason,
      lines: lines
        .filter((l) => l.match_id === m.id)
        .map((l) => ({
          itemType: l.item_type as MatchItemType,
          itemId: l.item_id,
          label: labels.get(`${l.item_type}:${l.item_id}`) ?? '',
          amount: fromCents(Number(l.amount_cents)),
        })),
    })),
  };
}
