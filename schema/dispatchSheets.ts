/**
 * Dispatch sheets (docs/product/dispatch-sheets.md): the PDF a load board or broker sends with a load, read into the
 * fields of a draft order. The reader (server/modules/orderDrafts/sheets/), the generator of the tests and the
 * benchmark (tests/helpers/dispatchSheets/), and the review screen (resources/dispatchSheets/) share these keys and
 * value forms, so that what a sheet said, what was read and what the reviewer sees can be compared field by field.
 */

/** The layouts the reader knows; `generic` is any other sheet, read for what can be found without a layout. */
export const SHEET_LAYOUTS = ['centralDispatch', 'superDispatch', 'rateConfirmation', 'generic'] as const;
export type SheetLayout = (typeof SHEET_LAYOUTS)[number];
export const SHEET_LAYOUT_LABELS: Record<SheetLayout, string> = {
  centralDispatch: 'Central Dispatch dispatch sheet',
  superDispatch: 'Super Dispatch dispatch sheet',
  rateConfirmation: 'Broker rate confirmation',
  generic: 'Unknown layout',
};

/**
 * The load's fields, by key. Values are text in one form whatever the sheet printed: dates ISO (2026-12-09), money
 * dollars with two decimals (1250.00), a state its two letters, a ZIP its five digits, a phone its ten digits, the
 * load board and payment method one of schema/reference.ts's codes, days a whole number.
 */
export const SHEET_FIELDS = [
  'loadBoard',
  'loadId',
  'broker.name',
  'broker.address',
  'broker.city',
  'broker.state',
  'broker.zip',
  'broker.phone',
  'broker.email',
  'broker.contact',
  'broker.mc',
  'pickup.name',
  'pickup.address',
  'pickup.city',
  'pickup.state',
  'pickup.zip',
  'pickup.contact',
  'pickup.phone',
  'pickup.date',
  'pickup.dateTo',
  'delivery.name',
  'delivery.address',
  'delivery.city',
  'delivery.state',
  'delivery.zip',
  'delivery.contact',
  'delivery.phone',
  'delivery.date',
  'delivery.dateTo',
  'price',
  'brokerFee',
  'paymentMethod',
  'paymentTermsDays',
  'notes',
] as const;
export type SheetFieldKey = (typeof SHEET_FIELDS)[number];

/** Each vehicle's fields; `type` is one of schema/vin.ts VEHICLE_TYPES. */
export const SHEET_VEHICLE_FIELDS = ['vin', 'year', 'make', 'model', 'type'] as const;
export type SheetVehicleFieldKey = (typeof SHEET_VEHICLE_FIELDS)[number];

/** Where on the sheet a value was read: its page (1-based) and box in points from the page's top left corner. */
export interface SheetSpot {
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One value as read: how sure the reader is (0–1) and where it was. */
export interface SheetField {
  value: string;
  confidence: number;
  spot: SheetSpot | null;
}

/** Below this a field is shown to the reviewer as one to check. */
export const LOW_CONFIDENCE = 0.8;

export interface SheetReading {
  layout: SheetLayout;
  pages: number;
  /** Each page's size in points, for drawing the spots over it. */
  pageSizes: { width: number; height: number }[];
  /** A field the sheet does not have, or the reader did not find, is absent. */
  fields: Partial<Record<SheetFieldKey, SheetField>>;
  vehicles: Partial<Record<SheetVehicleFieldKey, SheetField>>[];
}

/** What a sheet says, as its generator knows it: the truth a reading is measured against. */
export interface SheetFacts {
  layout: Exclude<SheetLayout, 'generic'> | 'generic';
  fields: Partial<Record<SheetFieldKey, string>>;
  vehicles: Record<SheetVehicleFieldKey, string>[];
}

/** A file bigger than this is refused before it is read. */
export const SHEET_MAX_BYTES = 10_000_000;
