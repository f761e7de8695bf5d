import { sql } from 'kysely';
import type {
  FleetDriverDto,
  FleetListQuery,
  FleetLoadDto,
  FleetSettlementDto,
  FleetTab,
  FleetUnitDto,
} from '../../../schema/fleetOwner';
import { todayIso } from '../../../schema/businessDay';
import type { Db } from '../../db/types';
import { searchWhere } from '../records/query';
import type { Where } from '../records/types';
import { driversOf } from './scope';
import { driverName } from '../drivers/names';

/** What one list gives: the page's rows and how many there are, or the one record (undefined: not the carrier's). */
export interface FleetList<T> {
  page(db: Db, carrierId: number, query: FleetListQuery): Promise<{ items: T[]; totalCount: number }>;
  one(db: Db, carrierId: number, id: number): Promise<T | undefined>;
}

/** Limits shared by a list's page and its record: the carrier's rows, the search, the one id. */
interface Limits {
  carrierId: number;
  search?: Where;
  id?: number;
}

/** A list from its query (rows of the carrier within the limits, counted with the same conditions) and its mapping. */
function fleetList<R, T>(
  search: readonly string[],
  rows: (db: Db, limits: Limits, paging?: { limit: number; offset: number }) => Promise<R[]>,
  count: (db: Db, limits: Limits) => Promise<number | string>,
  map: (row: R) => T,
): FleetList<T> {
  return {
    async page(db, carrierId, query) {
      const limits = { carrierId, search: query.search ? searchWhere(search, query.search) : undefined };
      const [found, total] = await Promise.all([
        rows(db, limits, { limit: query.size, offset: query.page * query.size }),
        count(db, limits),
      ]);
      return { items: found.map(map), totalCount: Number(total) };
    },
    async one(db, carrierId, id) {
      const [row] = await rows(db, { carrierId, id });
      return row === undefined ? undefined : map(row);
    },
  };
}

const cents = (value: number) => value / 100;
const COUNT = sql<number | string>`count(*)`.as('n');

const unitsFrom = (db: Db, { carrierId, search, id }: Limits) =>
  db
    .selectFrom('units as u')
    .where('u.carrier_id', '=', carrierId)
    .where('u.deleted_at', 'is', null)
    .$if(!!search, (q) => q.where(search!))
    .$if(id !== undefined, (q) => q.where('u.id', '=', id!));

/** The carrier's trucks and trailers, trucks first, by unit number. */
const units = fleetList(
  ['u.unit_number', 'u.vin', 'u.make', 'u.model', "coalesce(u.plate, '')"],
  (db, limits, paging) =>
    unitsFrom(db, limits)
      .select([
        'u.id',
        'u.unit_type',
        'u.unit_number',
        'u.year',
        'u.make',
        'u.model',
        'u.plate',
        'u.status',
        'u.registration_expires_on',
        'u.annual_inspection_due_on',
      ])
      .orderBy('u.unit_type', 'desc')
      .orderBy('u.unit_number')
      .$if(!!paging, (q) => q.limit(paging!.limit).offset(paging!.offset))
      .execute(),
  async (db, limits) => (await unitsFrom(db, limits).select(COUNT).executeTakeFirstOrThrow()).n,
  (r): FleetUnitDto => ({
    id: r.id,
    unitType: r.unit_type as FleetUnitDto['unitType'],
    unitNumber: r.unit_number,
    year: r.year,
    make: r.make,
    model: r.model,
    plate: r.plate,
    status: r.status,
    registrationExpiresOn: r.registration_expires_on,
    annualInspectionDueOn: r.annual_inspection_due_on,
  }),
);

const driversFrom = (db: Db, { carrierId, search, id }: Limits) =>
  db
    .selectFrom('drivers as d')
    .where('d.carrier_id', '=', carrierId)
    .where('d.deleted_at', 'is', null)
    .$if(!!search, (q) => q.where(search!))
    .$if(id !== undefined, (q) => q.where('d.id', '=', id!));

/** The carrier's drivers by last name; terminated ones stay listed as such. */
const drivers = fleetList(
  [`d.first_name || ' ' || d.last_name`, "coalesce(d.phone, '')", "coalesce(d.email, '')"],
  (db, limits, paging) =>
    driversFrom(db, limits)
      .select([
        'd.id',
        driverName('d').as('name'),
        'd.driver_type',
        'd.phone',
        'd.phone_country',
        'd.terminated_on',
        'd.cdl_expires_on',
        'd.medical_card_expires_on',
      ])
      .orderBy(sql`lower(d.last_name)`)
      .orderBy(sql`lower(d.first_name)`)
      .orderBy('d.id')
      .$if(!!paging, (q) => q.limit(paging!.limit).offset(paging!.offset))
      .execute(),
  async (db, limits) => (await driversFrom(db, limits).select(COUNT).executeTakeFirstOrThrow()).n,
  (r): FleetDriverDto => ({
    id: r.id,
    name: r.name,
    driverType: r.driver_type as FleetDriverDto['driverType'],
    phone: r.phone,
    phoneCountry: r.phone_country ?? 'US',
    status: r.terminated_on && r.terminated_on <= todayIso() ? 'TERMINATED' : 'ACTIVE',
    cdlExpiresOn: r.cdl_expires_on,
    medicalCardExpiresOn: r.medical_card_expires_on,
  }),
);

const loadsFrom = (db: Db, { carrierId, search, id }: Limits) =>
  db
    .selectFrom('book_orders as o')
    .innerJoin('drivers as d', 'd.id', 'o.driver_id')
    .innerJoin('states as ps', 'ps.id', 'o.pickup_state_id')
    .innerJoin('states as ds', 'ds.id', 'o.delivery_state_id')
    .leftJoin('units as t', 't.id', 'o.truck_id')
    .where('o.driver_id', 'in', driversOf(db, carrierId))
    .where('o.deleted_at', 'is', null)
    .$if(!!search, (q) => q.where(search!))
    .$if(id !== undefined, (q) => q.where('o.id', '=', id!));

/** The loads of the carrier's drivers, latest pickup first. */
const loads = fleetList(
  ['o.order_number', 'o.pickup_city', 'o.delivery_city', `d.first_name || ' ' || d.last_name`],
  (db, limits, paging) =>
    loadsFrom(db, limits)
      .select([
        'o.id',
        'o.order_number',
        'o.pickup_date',
        'o.delivery_date',
        'o.pickup_city',
        'ps.abbreviation as pickup_state',
        'o.delivery_city',
        'ds.abbreviation as delivery_state',
        driverName('d').as('driver_name'),
        't.unit_number as truck',
        'o.vehicle_count',
        'o.status',
      ])
      .orderBy('o.pickup_date', 'desc')
      .orderBy('o.id', 'desc')
      .$if(!!paging, (q) => q.limit(paging!.limit).offset(paging!.offset))
      .execute(),
  async (db, limits) => (await loadsFrom(db, limits).select(COUNT).executeTakeFirstOrThrow()).n,
  (r): FleetLoadDto => ({
    id: r.id,
    orderNumber: r.order_number,
    pickupDate: r.pickup_date,
    deliveryDate: r.delivery_date,
    from: `${r.pickup_city}, ${r.pickup_state}`,
    to: `${r.delivery_city}, ${r.delivery_state}`,
    driverName: r.driver_name,
    truck: r.truck,
    vehicleCount: r.vehicle_count,
    status: r.status as FleetLoadDto['status'],
  }),
);

const settlementsFrom = (db: Db, { carrierId, search, id }: Limits) =>
  db
    .selectFrom('pay_bills as b')
    .innerJoin('drivers as d', 'd.id', 'b.driver_id')
    .where('b.driver_id', 'in', driversOf(db, carrierId))
    .where('b.deleted_at', 'is', null)
    .$if(!!search, (q) => q.where(search!))
    .$if(id !== undefined, (q) => q.where('b.id', '=', id!));

/** The weekly pay bills of the carrier's drivers, latest week first. */
const settlements = fleetList(
  [`d.first_name || ' ' || d.last_name`],
  (db, limits, paging) =>
    settlementsFrom(db, limits)
      .select([
        'b.id',
        'b.week_start',
        driverName('d').as('driver_name'),
        'b.status',
        'b.credits_cents',
        'b.debits_cents',
        'b.net_cents',
        'b.paid_cents',
        'b.closing_cents',
      ])
      .orderBy('b.week_start', 'desc')
      .orderBy(sql`lower(d.last_name)`)
      .orderBy('b.id')
      .$if(!!paging, (q) => q.limit(paging!.limit).offset(paging!.offset))
      .execute(),
  async (db, limits) => (await settlementsFrom(db, limits).select(COUNT).executeTakeFirstOrThrow()).n,
  (r): FleetSettlementDto => ({
    id: r.id,
    weekStart: r.week_start,
    driverName: r.driver_name,
    status: r.status as FleetSettlementDto['status'],
    credits: cents(r.credits_cents),
    debits: cents(r.debits_cents),
    net: cents(r.net_cents),
    paid: cents(r.paid_cents),
    closing: cents(r.closing_cents),
  }),
);

export const FLEET_LISTS: Record<FleetTab, FleetList<unknown>> = { units, drivers, loads, settlements };
