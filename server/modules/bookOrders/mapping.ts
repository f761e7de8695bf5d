import type { BookOrderInput, StopInput, VehicleInput } from '../../../schema/bookOrders';
import { fromCents, toCents } from '../../../schema/money';
import type { BookOrdersTable, BookOrderVehiclesTable } from '../../db/types';
import { routeMiles } from './routeMiles';

const bool = (value: number) => value === 1;

type OrderRow = Omit<BookOrdersTable, 'id' | 'version'> & { id: number; version: number };
type VehicleRow = Omit<BookOrderVehiclesTable, 'id'> & { id: number };

export interface NameLookups {
  brokerName?: string | null;
  shipperName?: string | null;
  carrierName?: string | null;
  dispatcherName?: string | null;
  driverName?: string | null;
  truckNumber?: string | null;
  trailerNumber?: string | null;
  pickupState?: string | null;
  deliveryState?: string | null;
}

function stop(row: OrderRow, prefix: 'pickup' | 'delivery', state: string | null | undefined) {
  return {
    venue: row[`${prefix}_venue`],
    address: row[`${prefix}_address`],
    city: row[`${prefix}_city`],
    stateId: row[`${prefix}_state_id`],
    state: state ?? null,
    zip: row[`${prefix}_zip`],
    contactName: row[`${prefix}_contact_name`],
    contactPhone: row[`${prefix}_contact_phone`],
    dateType: row[`${prefix}_date_type`],
    date: row[`${prefix}_date`],
    dateTo: row[`${prefix}_date_to`],
    actualAt: row[`${prefix}_actual_at`],
  };
}

/** A row as the API sends it: camelCase, money in dollars with two decimals, booleans, the names a screen shows. */
export function toOrderDto(row: OrderRow & NameLookups, vehicles?: VehicleRow[]) {
  return {
    id: row.id,
    orderNumber: row.order_number,
    loadBoard: row.load_board,
    externalLoadId: row.external_load_id,
    brokerId: row.broker_id,
    brokerName: row.brokerName ?? null,
    shipperId: row.shipper_id,
    shipperName: row.shipperName ?? null,
    carrierId: row.carrier_id,
    carrierName: row.carrierName ?? null,
    dispatcherId: row.dispatcher_id,
    dispatcherName: row.dispatcherName ?? null,
    driverId: row.driver_id,
    driverName: row.driverName ?? null,
    truckId: row.truck_id,
    truckNumber: row.truckNumber ?? null,
    trailerId: row.trailer_id,
    trailerNumber: row.trailerNumber ?? null,
    status: row.status,
    trailerType: row.trailer_type,
    pickup: stop(row, 'pickup', row.pickupState),
    delivery: stop(row, 'delivery', row.deliveryState),
    price: fromCents(row.price_cents),
    brokerFee: fromCents(row.broker_fee_cents),
    localFee: fromCents(row.local_fee_cents),
    codAmount: fromCents(row.cod_amount_cents),
    paymentMethod: row.payment_method,
    payOnPickup: bool(row.pay_on_pickup),
    payOnDelivery: bool(row.pay_on_delivery),
    paymentTermsDays: row.payment_terms_days,
    paymentStatus: row.payment_status,
    hasManagerReview: bool(row.has_manager_review),
    approved: bool(row.approved),
    approvedBy: row.approved_by,
    approvedAt: row.approved_at,
    notes: row.notes,
    vehicleCount: row.vehicle_count,
    inspected: { pickup: Number(row.pickup_inspected ?? 0), delivery: Number(row.delivery_inspected ?? 0) },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deleted: row.deleted_at !== null,
    deletedAt: row.deleted_at,
    version: row.version,
    ...(vehicles ? { vehicles: vehicles.map(toVehicleDto) } : {}),
  };
}
export type OrderDto = ReturnType<typeof toOrderDto>;

export function toVehicleDto(row: VehicleRow) {
  return {
    id: row.id,
    vin: row.vin,
    year: row.year,
    make: row.make,
    model: row.model,
    type: row.type,
    color: row.color,
    inoperable: bool(row.inoperable),
    lotNumber: row.lot_number,
    stockNumber: row.stock_number,
    price: fromCents(row.price_cents),
  };
}

function stopColumns(prefix: 'pickup' | 'delivery', input: StopInput) {
  return {
    [`${prefix}_venue`]: input.venue,
    [`${prefix}_address`]: input.address,
    [`${prefix}_city`]: input.city,
    [`${prefix}_state_id`]: input.stateId,
    [`${prefix}_zip`]: input.zip,
    [`${prefix}_contact_name`]: input.contactName,
    [`${prefix}_contact_phone`]: input.contactPhone,
    [`${prefix}_date_type`]: input.dateType,
    [`${prefix}_date`]: input.date,
    [`${prefix}_date_to`]: input.dateTo ?? null,
  };
}

/** What a search matches besides broker and shipper names: number, external id, VINs, cities (lower case). */
export function searchText(
  orderNumber: string,
  input: { externalLoadId?: string | null; vehicles: { vin: string }[] },
): string {
  // Cities are searched through book_order_cities (cities.ts), not this text.
  return [orderNumber, input.externalLoadId, ...input.vehicles.map((v) => v.vin)]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

type OrderColumns = Omit<Partial<BookOrdersTable>, 'id' | 'version'>;

/** The columns create and update write from a validated body (the route's miles follow its ZIPs). */
export function orderColumns(input: BookOrderInput) {
  return {
    load_board: input.loadBoard,
    external_load_id: input.externalLoadId,
    broker_id: input.brokerId,
    shipper_id: input.shipperId,
    carrier_id: input.carrierId,
    dispatcher_id: input.dispatcherId,
    driver_id: input.driverId ?? null,
    truck_id: input.truckId ?? null,
    trailer_id: input.trailerId ?? null,
    trailer_type: input.trailerType,
    ...stopColumns('pickup', input.pickup),
    ...stopColumns('delivery', input.delivery),
    price_cents: toCents(input.price),
    broker_fee_cents: toCents(input.brokerFee),
    local_fee_cents: toCents(input.localFee),
    cod_amount_cents: toCents(input.codAmount),
    payment_method: input.paymentMethod,
    pay_on_pickup: input.payOnPickup ? 1 : 0,
    pay_on_delivery: input.payOnDelivery ? 1 : 0,
    payment_terms_days: input.paymentTermsDays,
    notes: input.notes,
    vehicle_count: input.vehicles.length,
    route_miles: routeMiles(input.pickup.zip, input.delivery.zip),
  } as OrderColumns;
}

export function vehicleColumns(orderId: number, vehicles: VehicleInput[]) {
  return vehicles.map((v, position) => ({
    book_order_id: orderId,
    position,
    vin: v.vin,
    year: v.year,
    make: v.make,
    model: v.model,
    type: v.type,
    color: v.color,
    inoperable: v.inoperable ? 1 : 0,
    lot_number: v.lotNumber,
    stock_number: v.stockNumber,
    price_cents: toCents(v.price),
  }));
}

export const orderNumberOf = (id: number) => `HB${String(id).padStart(7, '0')}`;
