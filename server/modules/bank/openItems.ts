import { type SelectQueryBuilder, sql } from 'kysely';
import { ITEM_DIRECTION, MATCH_ITEM_TYPES, type MatchItemType, type OpenItemDto } from '../../../schema/bank';
import { usDate } from '../../../schema/format';
import { fromCents } from '../../../schema/money';
import { isPostgres } from '../../db/schemaHelpers';
import type { Database, Db } from '../../db/types';
import { claimSettlementItems } from '../claims/bankItems';
import { daysBetween } from '../../../schema/expiry';
import { driverName } from '../drivers/names';
import { INVOICE_NUMBER_PREFIX } from '../../../schema/invoices';

/**
 * The items Haulboard expects to see in the bank (docs/product/bank.md#bank-matching), read from where they live:
 * - INVOICE (money in): a sent invoice not yet paid in full, due on its due day; what is left is its total less its
 *   credit and what the bank has settled (server/modules/bank/invoicePayments.ts keeps the invoice in step).
 * - BOOK_ORDER (money in): an order not yet paid and on no live invoice (an invoiced order is paid through its
 *   invoice), delivered, or picked up when it is paid on pickup; due on its delivery date plus its payment terms. The
 *   broker pays it; COD the driver collected is deposited against it too.
 * - PAY_BILL (money out): a paid pay bill's payment to its driver, by anything but cash.
 * - BROKER_FEE (money out): a paid broker fee.
 * What the active matches applied to each is in bank_item_settlements; an item is open while something is left.
 */

/** An item row as the queries below read it; `toItem` gives the screen's form. */
export interface ItemRow {
  item_type: MatchItemType;
  item_id: number;
  amount_cents: number;
  settled_cents: number | null;
  /** The day the money should move: an order's delivery date plus its terms, a payment's day. */
  expected_on: string | null;
  party: string | null;
  party_id: number | null;
  label: string;
  reference: string | null;
}

/** Order statuses whose payment is due (with pay on pickup, PICKED_UP too). */
const RECEIVABLE = ['DELIVERED', 'INVOICED', 'PAID'] as const;

/** An order's due date, as SQL: its delivery date plus its payment terms. */
const orderDueDate = (db: Db) =>
  isPostgres(db as never)
    ? sql<string>`to_char(o.delivery_date::date + o.payment_terms_days, 'YYYY-MM-DD')`
    : sql<string>`date(o.delivery_date, '+' || o.payment_terms_days || ' days')`;

/** Orders whose payment is open. The literal conditions are the partial indexes' (migration 020), so both use them. */
export function orderItems(db: Db) {
  return db
    .selectFrom('book_orders as o')
    .innerJoin('brokers as b', 'b.id', 'o.broker_id')
    .leftJoin('bank_item_settlements as s', (join) =>
      join.onRef('s.item_id', '=', 'o.id').on('s.item_type', '=', 'BOOK_ORDER'),
    )
    .select([
      sql<MatchItemType>`'BOOK_ORDER'`.as('item_type'),
      'o.id as item_id',
      'o.price_cents as amount_cents',
      's.settled_cents',
      orderDueDate(db).as('expected_on'),
      'b.name as party',
      'o.broker_id as party_id',
      'o.order_number as label',
      'o.external_load_id as reference',
    ])
    .where(sql<boolean>`o.payment_status <> 'PAID' AND o.deleted_at IS NULL`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('invoice_orders as io')
            .select('io.id')
            .whereRef('io.book_order_id', '=', 'o.id')
            .where('io.live', '=', 1),
        ),
      ),
    )
    .where((eb) =>
      eb.or([
        eb('o.status', 'in', RECEIVABLE),
        eb.and([eb('o.status', '=', 'PICKED_UP'), eb('o.pay_on_pickup', '=', 1)]),
      ]),
    );
}

/** Invoices sent and not yet paid in full (bank matching moves them to Partially paid and Paid). */
export function invoiceItems(db: Db) {
  return db
    .selectFrom('invoices as i')
    .leftJoin('brokers as b', 'b.id', 'i.broker_id')
    .leftJoin('shippers as sh', 'sh.id', 'i.shipper_id')
    .leftJoin('bank_item_settlements as s', (join) =>
      join.onRef('s.item_id', '=', 'i.id').on('s.item_type', '=', 'INVOICE'),
    )
    .select([
      sql<MatchItemType>`'INVOICE'`.as('item_type'),
      'i.id as item_id',
      sql<number>`i.total_cents - i.credited_cents`.as('amount_cents'),
      's.settled_cents',
      'i.due_on as expected_on',
      sql<string>`coalesce(b.name, sh.name)`.as('party'),
      sql<number>`coalesce(i.broker_id, i.shipper_id)`.as('party_id'),
      sql<string>`${sql.lit(INVOICE_NUMBER_PREFIX)} || i.number`.as('label'),
      sql<string | null>`null`.as('reference'),
    ])
    .where('i.status', 'in', ['SENT', 'PARTIALLY_PAID']);
}

/** Paid pay bills (not in cash) not yet found in the bank in full. */
export function payBillItems(db: Db) {
  return db
    .selectFrom('pay_bills as p')
    .innerJoin('drivers as d', 'd.id', 'p.driver_id')
    .leftJoin('bank_item_settlements as s', (join) =>
      join.onRef('s.item_id', '=', 'p.id').on('s.item_type', '=', 'PAY_BILL'),
    )
    .select([
      sql<MatchItemType>`'PAY_BILL'`.as('item_type'),
      'p.id as item_id',
      'p.paid_cents as amount_cents',
      's.settled_cents',
      'p.paid_on as expected_on',
      driverName('d').as('party'),
      'p.driver_id as party_id',
      sql<string>`'Pay bill #' || p.id`.as('label'),
      'p.payment_reference as reference',
    ])
    .where('p.status', '=', 'PAID')
    .where('p.paid_cents', '>', 0)
    .where((eb) => eb.or([eb('p.payment_method', 'is', null), eb('p.payment_method', '<>', 'Cash')]))
    .where((eb) => eb.or([eb('s.settled_cents', 'is', null), eb('s.settled_cents', '<', eb.ref('p.paid_cents'))]));
}

/** Paid broker fees not yet found in the bank in full. */
export function brokerFeeItems(db: Db) {
  return db
    .selectFrom('broker_fee_transactions as f')
    .innerJoin('brokers as b', 'b.id', 'f.broker_id')
    .innerJoin('book_orders as o', 'o.id', 'f.book_order_id')
    .leftJoin('bank_item_settlements as s', (join) =>
      join.onRef('s.item_id', '=', 'f.id').on('s.item_type', '=', 'BROKER_FEE'),
    )
    .select([
      sql<MatchItemType>`'BROKER_FEE'`.as('item_type'),
      'f.id as item_id',
      'f.amount_cents',
      's.settled_cents',
      'f.paid_on as expected_on',
      'b.name as party',
      'f.broker_id as party_id',
      sql<string>`'Broker fee, order ' || o.order_number`.as('label'),
      'f.reference',
    ])
    .where('f.status', '=', 'PAID')
    .where('f.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('s.settled_cents', 'is', null), eb('s.settled_cents', '<', eb.ref('f.amount_cents'))]));
}

/** What a search over each kind of item reads: its label, its party, its reference. */
export const ITEM_SEARCH: Record<MatchItemType, string[]> = {
  INVOICE: [`'${INVOICE_NUMBER_PREFIX.toLowerCase()}' || i.number`, 'coalesce(b.name, sh.name)'],
  BOOK_ORDER: ['o.order_number', 'b.name', "coalesce(o.external_load_id, '')"],
  PAY_BILL: ["d.first_name || ' ' || d.last_name", "coalesce(p.payment_reference, '')", "'pay bill #' || p.id"],
  BROKER_FEE: ['b.name', 'o.order_number', "coalesce(f.reference, '')"],
  CLAIM_SETTLEMENT: ['c.claimant_company', "coalesce(s2.reference, '')"],
};

/** Any of the kinds, as code that handles them alike sees it (conditions by column name as text). */
export type ItemQuery = SelectQueryBuilder<Database, never, ItemRow>;
const alike = (source: (db: Db) => unknown) => source as (db: Db) => ItemQuery;

/** The item sources of one direction of money. */
export const sourceOf = (type: MatchItemType): ((db: Db) => ItemQuery) =>
  alike(
    {
      INVOICE: invoiceItems,
      BOOK_ORDER: orderItems,
      PAY_BILL: payBillItems,
      BROKER_FEE: brokerFeeItems,
      CLAIM_SETTLEMENT: claimSettlementItems,
    }[type],
  );
export const sourcesFor = (direction: 'IN' | 'OUT') =>
  MATCH_ITEM_TYPES.filter((type) => ITEM_DIRECTION[type] === direction).map(sourceOf);
/** The item's key column in its source query (to read one item, or a few). */
export const idColumnOf = (type: MatchItemType) =>
  (({ INVOICE: 'i.id', BOOK_ORDER: 'o.id', PAY_BILL: 'p.id', BROKER_FEE: 'f.id', CLAIM_SETTLEMENT: 's2.id' }) as const)[
    type
  ];

/** Re-exported for the bank's modules, which took it from here first. */
export { daysBetween };

export const expectedOn = (row: ItemRow): string | null => row.expected_on;

export const leftCents = (row: ItemRow) => Math.max(0, Number(row.amount_cents) - Number(row.settled_cents ?? 0));

export function toItem(row: ItemRow, today: string): OpenItemDto {
  const expected = expectedOn(row);
  const type = row.item_type;
  const label =
    type === 'BOOK_ORDER'
      ? `Order ${row.label}`
      : type === 'PAY_BILL'
        ? `${row.label}, paid ${usDate(row.expected_on)}`
        : row.label;
  return {
    itemType: type,
    itemId: Number(row.item_id),
    direction: ITEM_DIRECTION[type],
    label,
    party: row.party,
    reference: row.reference,
    amount: fromCents(Number(row.amount_cents)),
    settled: fromCents(Number(row.settled_cents ?? 0)),
    left: fromCents(leftCents(row)),
    expectedOn: expected,
    ageDays: expected ? daysBetween(expected, today) : null,
  };
}
