/**
 * How a billable product is charged on an invoice (schema/resources/products.ts, server/modules/invoices): the
 * linehaul at each vehicle's price on the order (the product that names the linehaul lines and their QuickBooks
 * item), a price per vehicle, once per invoice, or a percent of the invoice's linehaul (a fuel surcharge).
 */
export const PRODUCT_CHARGES = ['ORDER_PRICE', 'PER_VEHICLE', 'FLAT', 'PERCENT_OF_LINEHAUL'] as const;
export type ProductCharge = (typeof PRODUCT_CHARGES)[number];
export const PRODUCT_CHARGE_LABELS: Record<ProductCharge, string> = {
  ORDER_PRICE: 'Linehaul (the order’s price)',
  PER_VEHICLE: 'Per vehicle',
  FLAT: 'Per invoice (flat)',
  PERCENT_OF_LINEHAUL: 'Percent of linehaul',
};

/** Whether the charge takes a price of its own (per vehicle, flat) or a percent; the linehaul takes neither. */
export const chargeTakes = (charge: ProductCharge): 'price' | 'percent' | 'none' =>
  charge === 'PERCENT_OF_LINEHAUL' ? 'percent' : charge === 'ORDER_PRICE' ? 'none' : 'price';
