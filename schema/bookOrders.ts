import { z } from 'zod';
import { businessDate, idText, idValue, pagingQuery, queryBoolean, textRule } from './common';
import { money } from './money';
import { LOAD_BOARDS, PAYMENT_METHODS } from './reference';
import { PERIODS } from './period';
import { complianceOverride } from './dispatchRules';

import { VEHICLE_TYPES, vinRule } from './vin';

export { PERIODS, type Period, periodRange } from './period';
export { VEHICLE_TYPES } from './vin';

/** The life of a load (docs/product/book-orders.md#order-statuses). */
export const ORDER_STATUSES = [
  'NEW',
  'ASSIGNED',
  'PICKED_UP',
  'DELIVERED',
  'INVOICED',
  'PAID',
  'ON_HOLD',
  'CANCELLED',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Status changes a user may make; everything else is refused with the allowed list. */
export const STATUS_TRANSITIONS: Record<OrderStatus, OrderStatus[]> = {
  NEW: ['ASSIGNED', 'ON_HOLD', 'CANCELLED'],
  ASSIGNED: ['PICKED_UP', 'NEW', 'ON_HOLD', 'CANCELLED'],
  PICKED_UP: ['DELIVERED', 'ON_HOLD'],
  DELIVERED: ['INVOICED', 'PICKED_UP'],
  INVOICED: ['PAID', 'DELIVERED'],
  PAID: [],
  ON_HOLD: ['NEW', 'ASSIGNED', 'PICKED_UP', 'CANCELLED'],
  CANCELLED: ['NEW'],
};

export const TRAILER_TYPES = ['OPEN', 'ENCLOSED', 'DRIVEAWAY'] as const;
export const DATE_TYPES = ['EXACT', 'ESTIMATED', 'NO_EARLIER_THAN', 'NO_LATER_THAN'] as const;
export const PAYMENT_STATUSES = ['UNPAID', 'PARTIALLY_PAID', 'PAID'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Text of an order, under the text rule (schema/common.ts). */
const text = (max: number) => z.string().trim().superRefine(textRule()).max(max);
const optionalText = (max: number) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const vehicleInput = z.object({
  vin: vinRule,
  year: z
    .number()
    .int()
    .min(1900, 'Year is too early')
    .max(new Date().getUTCFullYear() + 2, 'Year is too late'),
  make: text(40).min(1, 'Enter the make'),
  model: text(60).min(1, 'Enter the model'),
  type: z.enum(VEHICLE_TYPES, { error: 'Choose the vehicle type' }),
  color: optionalText(30),
  inoperable: z.boolean().default(false),
  lotNumber: optionalText(40),
  stockNumber: optionalText(40),
  price: money('Vehicle price').default(0),
});
export type VehicleInput = z.infer<typeof vehicleInput>;

export const stopInput = z.object({
  venue: optionalText(120),
  address: text(200).min(1, 'Enter the address'),
  city: text(80).min(1, 'Enter the city'),
  stateId: idValue,
  zip: optionalText(10),
  contactName: optionalText(100),
  contactPhone: optionalText(30),
  dateType: z.enum(DATE_TYPES).default('ESTIMATED'),
  date: businessDate,
  dateTo: businessDate.optional().nullable(),
});
export type StopInput = z.infer<typeof stopInput>;

/**
 * The body of create and update. One definition validates the API request and the web form
 * (docs/architecture.md#request-path). Cross-field rules: pickup before delivery; a window ends on or after its start;
 * pay-on-pickup/delivery needs a payment method and a COD amount; the broker fee is not more than the price.
 */
export const bookOrderInput = z
  .object({
    loadBoard: z.enum(LOAD_BOARDS),
    externalLoadId: optionalText(60),
    brokerId: idValue,
    shipperId: idValue,
    carrierId: idValue,
    dispatcherId: idValue,
    driverId: idValue.optional().nullable(),
    truckId: idValue.optional().nullable(),
    trailerId: idValue.optional().nullable(),
    trailerType: z.enum(TRAILER_TYPES),
    pickup: stopInput,
    delivery: stopInput,
    price: money('Price'),
    brokerFee: money('Broker fee').default(0),
    localFee: money('Local fee').default(0),
    codAmount: money('COD amount').default(0),
    paymentMethod: z.enum(PAYMENT_METHODS),
    payOnPickup: z.boolean().default(false),
    payOnDelivery: z.boolean().default(false),
    paymentTermsDays: z.number().int().min(0).max(365).default(0),
    notes: optionalText(4000),
    vehicles: z.array(vehicleInput).min(1, 'Add at least one vehicle').max(12, 'A load has at most 12 vehicles'),
    /** The dispatcher says the load is not a duplicate of the orders shown (server/modules/bookOrders/duplicates.ts). */
    allowDuplicate: z.boolean().optional(),
    /** An administrator's override of the dispatch rules for this order, with why (schema/dispatchRules.ts). */
    complianceOverride: complianceOverride.optional().nullable(),
  })
  .superRefine((order, ctx) => {
    if (order.delivery.date < order.pickup.date)
      ctx.addIssue({ code: 'custom', path: ['delivery', 'date'], message: 'Delivery cannot be before pickup' });
    for (const stop of ['pickup', 'delivery'] as const) {
      const { date, dateTo } = order[stop];
      if (dateTo && dateTo < date)
        ctx.addIssue({ code: 'custom', path: [stop, 'dateTo'], message: 'The window ends before it starts' });
    }
    if (order.brokerFee > order.price)
      ctx.addIssue({ code: 'custom', path: ['brokerFee'], message: 'The broker fee cannot exceed the price' });
    if ((order.payOnPickup || order.payOnDelivery) && order.codAmount <= 0)
      ctx.addIssue({ code: 'custom', path: ['codAmount'], message: 'Enter the amount to collect' });
    if (order.payOnPickup && order.payOnDelivery)
      ctx.addIssue({ code: 'custom', path: ['payOnDelivery'], message: 'Collect on pickup or on delivery, not both' });
    const vins = order.vehicles.map((v) => v.vin);
    vins.forEach((vin, index) => {
      if (vins.indexOf(vin) !== index)
        ctx.addIssue({ code: 'custom', path: ['vehicles', index, 'vin'], message: 'This VIN is already on the load' });
    });
  });
export type BookOrderInput = z.infer<typeof bookOrderInput>;

export const bookOrderUpdate = z.intersection(bookOrderInput, z.object({ version: z.number().int().positive() }));

export const statusChange = z.object({
  status: z.enum(ORDER_STATUSES),
  note: optionalText(500),
  version: z.number().int().positive(),
});
export const managerReview = z.object({ hasManagerReview: z.boolean(), version: z.number().int().positive() });
export const approval = z.object({ version: z.number().int().positive() });

export const SORT_FIELDS = ['pickupDate', 'deliveryDate', 'orderNumber', 'price', 'status', 'createdAt', 'id'] as const;

/** GET /api/BookOrder/filter-books: the shared list filter and the book-order filters (docs/product/conventions.md). */
export const bookOrderFilter = z
  .object({
    ...pagingQuery(50, 500),
    dispatcherId: idText.optional(),
    driverId: idText.optional(),
    filtered: z.enum(PERIODS).default('current'),
    from: businessDate.optional(),
    to: businessDate.optional(),
    hasManagerReview: queryBoolean.default(false),
    payOnDelivery: queryBoolean.default(false),
    payOnPickup: queryBoolean.default(false),
    paymentMethod: z.enum(PAYMENT_METHODS).optional(),
    showDeleted: queryBoolean.default(false),
    showNotApproved: queryBoolean.default(false),
    /** Booked loads only: what the reports and the dashboard count (a cancelled load is neither a load nor revenue). */
    hideCancelled: queryBoolean.default(false),
    status: z.enum(ORDER_STATUSES).optional(),
    loadBoard: z.enum(LOAD_BOARDS).optional(),
    brokerId: idText.optional(),
    shipperId: idText.optional(),
    carrierId: idText.optional(),
    pickupStateId: idText.optional(),
    deliveryStateId: idText.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.filtered === 'custom' && !q.from && !q.to)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom period needs from, to or both' });
    if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'to is before from' });
    if (q.sort && !SORT_FIELDS.includes(q.sort.replace(/^-/, '') as never))
      ctx.addIssue({ code: 'custom', path: ['sort'], message: `Sort by one of ${SORT_FIELDS.join(', ')}` });
  });
export type BookOrderFilter = z.output<typeof bookOrderFilter>;

export const savedFilterInput = z.object({
  name: text(80).min(1, 'Name the filter'),
  filter: z
    .record(z.string().max(60), z.union([z.string().max(200), z.number().finite(), z.boolean(), z.null()]))
    .refine((f) => Object.keys(f).length <= 40, 'Too many filter fields'),
});
