import { sql } from 'kysely';
import {
  AGE_BUCKETS,
  type BankRowsQuery,
  ITEM_DIRECTION,
  MATCH_ITEM_TYPES,
  type OpenItemsQuery,
} from '../../../schema/bank';
import { addDays, todayIso } from '../../../schema/expiry';
import { PERIODS, type Period, periodRange } from '../../../schema/period';
import { fromCents } from '../../../schema/money';
import type { Db } from '../../db/types';
import { searchWhere } from '../records/query';
import { ITEM_SEARCH, type ItemQuery, type ItemRow, daysBetween, sourceOf, sourcesFor, toItem } from './openItems';
import { bankRowDto, bankRowSelect, statesOf } from './rows';
import { monthText } from '../../../schema/format';

const PERIOD_LABELS: Record<Period, string> = {
  current: 'Last 7 days and on',
  this_week: 'This week',
  last_week: 'Last week',
  this_month: 'This month',
  last_month: 'Last month',
  custom: 'Custom',
  all: 'All',
};

/**
 * GET get-chase-transactions-date-filters: the periods the bank rows can be filtered by, with their dates, and the
 * months the imported exports cover (each with its rows, or its rows in one state), newest first.
 */
export async function dateFilters(db: Db, state?: BankRowsQuery['state']) {
  const today = todayIso();
  const states = statesOf(state);
  let rows = db.selectFrom('bank_transactions');
  // With a state (TODO: still to match), the months that have rows in it, counted.
  if (states) rows = rows.where('state', 'in', states);
  const months = await rows
    .select([sql<string>`substr(posted_on, 1, 7)`.as('month'), (eb) => eb.fn.countAll<number>().as('rows')])
    .groupBy(sql`substr(posted_on, 1, 7)`)
    .orderBy(sql`substr(posted_on, 1, 7)`, 'desc')
    .execute();
  return {
    today,
    periods: PERIODS.filter((p) => p !== 'current').map((value) => ({
      value,
      label: PERIOD_LABELS[value],
      ...periodRange(value, today),
    })),
    months: months.map((m) => {
      const from = `${m.month}-01`;
      const to = addDays(addDays(from, 32).slice(0, 8) + '01', -1);
      return {
        from,
        to,
        label: monthText(from),
        rows: Number(m.rows),
      };
    }),
  };
}

/** The age buckets as SQL over a date column: within 30 days of today, 31–60 … */
function bucketSql(column: ReturnType<typeof sql.ref> | ReturnType<typeof sql>, today: string) {
  const whens = AGE_BUCKETS.filter((b) => b.upTo !== null).map(
    (b) => sql`when ${column} >= ${addDays(today, -(b.upTo as number))} then ${b.key}`,
  );
  return sql<string>`case ${sql.join(whens, sql` `)} else ${AGE_BUCKETS[AGE_BUCKETS.length - 1].key} end`;
}

const bucketList = (rows: { bucket: string; n: number | string; cents: number | string | null }[]) =>
  AGE_BUCKETS.map((b) => {
    const found = rows.filter((r) => r.bucket === b.key);
    return {
      key: b.key,
      label: b.label,
      count: found.reduce((sum, r) => sum + Number(r.n), 0),
      amount: fromCents(found.reduce((sum, r) => sum + Number(r.cents ?? 0), 0)),
    };
  });

const ALL_SOURCES = [...sourcesFor('IN'), ...sourcesFor('OUT')];

/**
 * Open items, searched by label, party or reference, of one kind or direction, longest overdue first: each source
 * read in date order up to the page's end, then merged (three sources).
 */
export async function listOpenItems(
  db: Db,
  query: Pick<OpenItemsQuery, 'page' | 'size' | 'search' | 'type' | 'direction'>,
) {
  const today = todayIso();
  const types = query.type
    ? [query.type]
    : MATCH_ITEM_TYPES.filter((type) => !query.direction || ITEM_DIRECTION[type] === query.direction);
  const reads = types.map((type) => {
    let items = sourceOf(type)(db) as ItemQuery;
    if (query.search) items = items.where(searchWhere(ITEM_SEARCH[type], query.search) as never) as ItemQuery;
    return items
      .orderBy(sql`expected_on`, 'asc')
      .limit((query.page + 1) * query.size)
      .execute() as Promise<ItemRow[]>;
  });
  const rows = (await Promise.all(reads)).flat();
  const items = rows
    .map((row) => toItem(row, today))
    .sort((a, b) => (a.expectedOn ?? '9999').localeCompare(b.expectedOn ?? '9999') || a.itemId - b.itemId)
    .slice(query.page * query.size, (query.page + 1) * query.size);
  return { items, page: query.page, size: query.size };
}

/**
 * The unmatched report, both sides with ages: bank rows not yet matched or explained (oldest first), and items
 * expected in the bank and not found (longest overdue first), each side counted and summed per age bucket in SQL.
 */
export async function unmatchedReport(db: Db, { page, size }: { page: number; size: number }) {
  const today = todayIso();
  const bankOpen = db.selectFrom('bank_transactions as t').where('t.state', 'in', ['OPEN', 'PARTIAL']);
  // Grouped by position: PostgreSQL would not see the CASE with its own parameters as the same expression twice.
  const bankBucket = bucketSql(sql.ref('t.posted_on'), today);
  const [bankBuckets, bankRows, itemBuckets, items] = await Promise.all([
    bankOpen
      .select([
        bankBucket.as('bucket'),
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`sum(abs(t.amount_cents) - t.matched_cents)`.as('cents'),
      ])
      .groupBy(sql`1`)
      .execute(),
    bankRowSelect(db)
      .where('t.state', 'in', ['OPEN', 'PARTIAL'])
      .orderBy('t.posted_on')
      .orderBy('t.id')
      .limit(size)
      .offset(page * size)
      .execute(),
    Promise.all(
      ALL_SOURCES.map((source) => {
        const bucket = bucketSql(sql`expected_on`, today);
        return db
          .selectFrom(source(db).as('i'))
          .select([
            bucket.as('bucket'),
            (eb) => eb.fn.countAll<number>().as('n'),
            sql<number>`sum(amount_cents - coalesce(settled_cents, 0))`.as('cents'),
          ])
          .groupBy(sql`1`)
          .execute();
      }),
    ).then((lists) => lists.flat()),
    listOpenItems(db, { page, size }),
  ]);
  return {
    today,
    page,
    size,
    bank: {
      buckets: bucketList(bankBuckets),
      items: bankRows.map((r) => ({ ...bankRowDto(r), ageDays: daysBetween(r.posted_on, today) })),
    },
    items: { buckets: bucketList(itemBuckets), items: items.items },
  };
}
