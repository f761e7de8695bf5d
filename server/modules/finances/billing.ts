import { sql } from 'kysely';
import { PAY_TYPE_INFO, type PayType } from '../../../schema/resources/drivers';
import type { LineKind } from '../../../schema/resources/payBills';
import { DEFAULT_CATEGORY, type Direction, type TransactionType } from '../../../schema/resources/transactions';
import { fromScaled } from '../../../schema/decimal';
import { percentText, usCents, usDate, usNumber } from '../../../schema/format';
import type { Db } from '../../db/types';
import { milesBetweenZips } from '../../places';
import { type NewEntry, eventKeySql } from './ledger';
import { driverName } from '../drivers/names';

/**
 * How a weekly pay bill is worked out (schema/resources/payBills.ts), from the database inside the caller's
 * transaction: the opening (what the driver's last bill carried), the week's delivered loads by the driver's pay
 * rule, the recurring deductions on the driver, and the ledger entries not settled by an earlier bill. Building,
 * rebuilding and approving all use this one function, so an approval can tell that something changed since the draft.
 */
export interface BillLine {
  kind: LineKind;
  type: TransactionType | null;
  direction: Direction;
  amountCents: number;
  description: string;
  detail: string | null;
  postedOn: string | null;
  transactionId: number | null;
  bookOrderId: number | null;
  /** The entry approval posts for this line (load pay, deductions); lines of existing entries have none. */
  post: NewEntry | null;
}

export interface ComputedBill {
  driverId: number;
  weekStart: string;
  openingCents: number;
  creditsCents: number;
  debitsCents: number;
  netCents: number;
  lines: BillLine[];
}

export interface BillDriver {
  id: number;
  name: string;
  payType: PayType;
  /** Cents, or basis points of a percent. */
  payRate: number;
  weeklyInsuranceCents: number | null;
  weeklyEquipmentLeaseCents: number | null;
  weeklyEscrowCents: number | null;
}

const DAY = 86_400_000;
export const addDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY).toISOString().slice(0, 10);
/** Loads delivered this long before the week and never paid are still taken in (a late status change). */
const LATE_DELIVERY_DAYS = 90;
/** Statuses of a load whose driver has earned their pay. */
const EARNED = ['DELIVERED', 'INVOICED', 'PAID'];

/** The key of a recurring deduction of one week: posted once per driver, week and type. */
export const deductionKey = (driverId: number, weekStart: string, type: TransactionType) =>
  `WEEK:${driverId}:${weekStart}:${type}`;

const DEDUCTIONS: readonly [keyof BillDriver, TransactionType, string][] = [
  ['weeklyInsuranceCents', 'INSURANCE', 'Insurance'],
  ['weeklyEquipmentLeaseCents', 'EQUIPMENT_LEASE', 'ELD / equipment lease'],
  ['weeklyEscrowCents', 'ESCROW_DEPOSIT', 'Escrow deposit'],
];

/** The drivers of `ids` with what a bill needs of them. */
export async function billDrivers(db: Db, ids: readonly number[]): Promise<Map<number, BillDriver>> {
  const out = new Map<number, BillDriver>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('drivers as d')
      .select([
        'id',
        driverName('d').as('name'),
        'pay_type',
        'pay_rate',
        'weekly_insurance_cents',
        'weekly_equipment_lease_cents',
        'weekly_escrow_cents',
      ])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) {
      out.set(r.id, {
        id: r.id,
        name: r.name,
        payType: r.pay_type as PayType,
        payRate: r.pay_rate,
        weeklyInsuranceCents: r.weekly_insurance_cents,
        weeklyEquipmentLeaseCents: r.weekly_equipment_lease_cents,
        weeklyEscrowCents: r.weekly_escrow_cents,
      });
    }
  }
  return out;
}

interface EarnedLoad {
  id: number;
  orderNumber: string;
  priceCents: number;
  deliveredOn: string;
  from: string;
  to: string;
  fromZip: string | null;
  toZip: string | null;
  vehicles: string;
}

/** Loads the driver delivered up to the week's end that no load-pay entry has paid (voided ones included: handled). */
async function earnedLoads(db: Db, driverId: number, weekStart: string, weekEnd: string): Promise<EarnedLoad[]> {
  const delivered = sql<string>`coalesce(substr(o.delivery_actual_at, 1, 10), o.delivery_date)`;
  const rows = await db
    .selectFrom('book_orders as o')
    .innerJoin('states as ps', 'ps.id', 'o.pickup_state_id')
    .innerJoin('states as ds', 'ds.id', 'o.delivery_state_id')
    .select([
      'o.id',
      'o.order_number',
      'o.price_cents',
      'o.pickup_city',
      'ps.abbreviation as pickupState',
      'o.pickup_zip',
      'o.delivery_city',
      'ds.abbreviation as deliveryState',
      'o.delivery_zip',
    ])
    .select(delivered.as('deliveredOn'))
    .where('o.driver_id', '=', driverId)
    // The driver's loads are indexed by pickup date: a load is picked up before it is delivered.
    .where('o.pickup_date', '<=', weekEnd)
    .where('o.pickup_date', '>=', addDays(weekStart, -LATE_DELIVERY_DAYS - 60))
    .where('o.status', 'in', EARNED)
    .where('o.deleted_at', 'is', null)
    .where(delivered, '<=', weekEnd)
    .where(delivered, '>=', addDays(weekStart, -LATE_DELIVERY_DAYS))
    // Not paid yet: no entry holds the load's pay event key (eventKey; a voided pay gives its key up, so the load is
    // earned again). One lookup in the unique key index: by link and type the planner may walk every load-pay entry.
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('driver_transactions as t')
            .select('t.id')
            .where('t.idempotency_key', '=', eventKeySql('BOOK_ORDER', 'o.id', 'LOAD_PAY')),
        ),
      ),
    )
    .orderBy(delivered)
    .orderBy('o.id')
    .execute();
  if (!rows.length) return [];
  const vehicles = await db
    .selectFrom('book_order_vehicles')
    .select(['book_order_id', 'year', 'make', 'model', 'vin'])
    .where(
      'book_order_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('book_order_id')
    .orderBy('position')
    .execute();
  const byOrder = new Map<number, string[]>();
  for (const v of vehicles)
    byOrder.set(v.book_order_id, [
      ...(byOrder.get(v.book_order_id) ?? []),
      `${v.year} ${v.make} ${v.model} VIN ${v.vin}`,
    ]);
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    priceCents: r.price_cents,
    deliveredOn: r.deliveredOn,
    from: `${r.pickup_city}, ${r.pickupState}${r.pickup_zip ? ` ${r.pickup_zip}` : ''}`,
    to: `${r.delivery_city}, ${r.deliveryState}${r.delivery_zip ? ` ${r.delivery_zip}` : ''}`,
    fromZip: r.pickup_zip,
    toZip: r.delivery_zip,
    vehicles: (byOrder.get(r.id) ?? []).join('; '),
  }));
}

type PayRule = Pick<BillDriver, 'payType' | 'payRate'>;
type PaidLoad = Pick<EarnedLoad, 'priceCents' | 'fromZip' | 'toZip'>;

/** The whole straight-line miles between a load's ZIPs; null when one is missing or unknown. */
const wholeMiles = (load: PaidLoad) => {
  const miles = load.fromZip && load.toZip ? milesBetweenZips(load.fromZip, load.toZip) : null;
  return miles === null ? null : Math.round(miles);
};

/**
 * A load's pay in cents by the driver's rule; null: not by rule (hourly, or per mile without both ZIPs). Without the
 * explanation, whose money formatting costs more than the pay (the driver report works out a month of loads).
 */
export function loadPayCents(driver: PayRule, load: PaidLoad): number | null {
  switch (driver.payType) {
    case 'PERCENT':
      return Math.round((load.priceCents * driver.payRate) / 10_000);
    case 'FLAT':
      return driver.payRate;
    case 'PER_MILE': {
      const miles = wholeMiles(load);
      return miles === null ? null : Math.round(miles * driver.payRate);
    }
    case 'HOURLY':
      return null;
  }
}

/** A load's pay by the driver's rule, and how it was worked out ('28.00% of $1,250.00'); null cents: not by rule. */
export function loadPay(driver: PayRule, load: PaidLoad): { cents: number | null; how: string } {
  const cents = loadPayCents(driver, load);
  switch (driver.payType) {
    case 'PERCENT':
      return {
        cents,
        how: `${percentText(fromScaled(driver.payRate, 2), { digits: 2 })} of ${usCents(load.priceCents)}`,
      };
    case 'FLAT':
      return { cents, how: `flat ${usCents(driver.payRate)} per load` };
    case 'PER_MILE':
      return cents === null
        ? { cents, how: 'per-mile pay: a ZIP is missing or unknown, post the pay as an entry' }
        : {
            cents,
            how: `${usNumber(wholeMiles(load)!)} mi (straight line between ZIPs) × ${usCents(driver.payRate)}`,
          };
    case 'HOURLY':
      return { cents, how: `hourly pay (${PAY_TYPE_INFO.HOURLY.unit}): post the hours worked as an entry` };
  }
}

/** The bill of one driver and week as it would be built now. `openingCents`: the closing of the driver's last bill. */
export async function computeBill(
  db: Db,
  driver: BillDriver,
  weekStart: string,
  openingCents: number,
): Promise<ComputedBill> {
  const weekEnd = addDays(weekStart, 6);
  const week = `week of ${usDate(weekStart)}`;
  const lines: BillLine[] = [];

  for (const load of await earnedLoads(db, driver.id, weekStart, weekEnd)) {
    const pay = loadPay(driver, load);
    const late = load.deliveredOn < weekStart ? ` (delivered ${usDate(load.deliveredOn)})` : '';
    lines.push({
      kind: 'LOAD_PAY',
      type: 'LOAD_PAY',
      direction: 'CREDIT',
      amountCents: pay.cents ?? 0,
      description: `Order ${load.orderNumber}: ${load.from} → ${load.to}${late}`,
      detail: `${pay.how}${load.vehicles ? `. ${load.vehicles}` : ''}`,
      postedOn: load.deliveredOn,
      transactionId: null,
      bookOrderId: load.id,
      post: pay.cents
        ? {
            driverId: driver.id,
            postedOn: load.deliveredOn,
            type: 'LOAD_PAY',
            direction: 'CREDIT',
            amountCents: pay.cents,
            category: DEFAULT_CATEGORY.LOAD_PAY,
            memo: `Pay bill, ${week}`,
            linkType: 'BOOK_ORDER',
            linkId: load.id,
          }
        : null,
    });
  }

  const deductionKeys = DEDUCTIONS.map(([, type]) => deductionKey(driver.id, weekStart, type));
  const posted = new Set(
    (
      await db
        .selectFrom('driver_transactions')
        .select('idempotency_key')
        .where('idempotency_key', 'in', deductionKeys)
        .execute()
    ).map((r) => r.idempotency_key),
  );
  for (const [field, type, label] of DEDUCTIONS) {
    const cents = driver[field] as number | null;
    const key = deductionKey(driver.id, weekStart, type);
    if (!cents || posted.has(key)) continue;
    lines.push({
      kind: 'DEDUCTION',
      type,
      direction: 'DEBIT',
      amountCents: cents,
      description: `${label}, ${week}`,
      detail: null,
      postedOn: weekEnd,
      transactionId: null,
      bookOrderId: null,
      post: {
        driverId: driver.id,
        postedOn: weekEnd,
        type,
        direction: 'DEBIT',
        amountCents: cents,
        category: DEFAULT_CATEGORY[type],
        memo: `Weekly deduction: ${label}, ${week}`,
        idempotencyKey: key,
      },
    });
  }

  const entries = await db
    .selectFrom('driver_transactions')
    .select([
      'id',
      'posted_on',
      'type',
      'direction',
      'amount_cents',
      'reference',
      'memo',
      'link_type',
      'link_id',
      'voids_id',
    ])
    .where('driver_id', '=', driver.id)
    .where('pay_bill_id', 'is', null)
    .where('posted_on', '<=', weekEnd)
    .orderBy('posted_on')
    .orderBy('id')
    .execute();
  for (const e of entries) {
    const what = [e.voids_id ? `void of entry #${e.voids_id}` : null, e.reference, e.memo].filter(Boolean).join(' · ');
    lines.push({
      kind: 'ENTRY',
      type: e.type as TransactionType,
      direction: e.direction as Direction,
      amountCents: e.amount_cents,
      description: `Entry #${e.id}${what ? `: ${what}` : ''}`.slice(0, 300),
      detail: null,
      postedOn: e.posted_on,
      transactionId: e.id,
      bookOrderId: e.link_type === 'BOOK_ORDER' ? e.link_id : null,
      post: null,
    });
  }

  const creditsCents = lines.reduce((sum, l) => sum + (l.direction === 'CREDIT' ? l.amountCents : 0), 0);
  const debitsCents = lines.reduce((sum, l) => sum + (l.direction === 'DEBIT' ? l.amountCents : 0), 0);
  if (openingCents !== 0) {
    lines.unshift({
      kind: 'OPENING',
      type: null,
      direction: openingCents > 0 ? 'CREDIT' : 'DEBIT',
      amountCents: Math.abs(openingCents),
      description:
        openingCents > 0
          ? 'Carried from the last bill: owed to the driver'
          : 'Carried from the last bill: owed by the driver',
      detail: null,
      postedOn: null,
      transactionId: null,
      bookOrderId: null,
      post: null,
    });
  }
  return {
    driverId: driver.id,
    weekStart,
    openingCents,
    creditsCents,
    debitsCents,
    netCents: openingCents + creditsCents - debitsCents,
    lines,
  };
}

/** What a stored bill and a new computation are compared on: the same lines, amounts and entries. */
export const billSignature = (bill: {
  openingCents: number;
  netCents: number;
  lines: readonly Pick<BillLine, 'kind' | 'type' | 'direction' | 'amountCents' | 'transactionId' | 'bookOrderId'>[];
}) =>
  JSON.stringify([
    bill.openingCents,
    bill.netCents,
    bill.lines.map((l) => [l.kind, l.type, l.direction, l.amountCents, l.transactionId, l.bookOrderId]),
  ]);
