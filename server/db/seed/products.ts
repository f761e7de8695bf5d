import { toScaled } from '../../../schema/decimal';
import { toCents } from '../../../schema/money';
import { products } from '../../../schema/resources/products';
import type { Db } from '../types';

/**
 * The demo's billable products (docs/product/products.md): the linehaul the invoices bill per vehicle, and the
 * charges a car hauler adds. Each body goes through the definition's own create rule (schema/resources/products.ts),
 * so the demo obeys what the screen would.
 */
const DEMO_PRODUCTS = [
  {
    name: 'Linehaul',
    charge: 'ORDER_PRICE',
    quickBooksItem: 'Linehaul',
    incomeAccount: 'Freight Income',
    description: 'Transport of a vehicle; the price is the order’s',
  },
  {
    name: 'Enclosed premium',
    charge: 'PER_VEHICLE',
    price: 250,
    quickBooksItem: 'Enclosed Premium',
    incomeAccount: 'Freight Income',
  },
  {
    name: 'Inoperable',
    charge: 'PER_VEHICLE',
    price: 150,
    quickBooksItem: 'Inop Fee',
    incomeAccount: 'Accessorial Income',
  },
  {
    name: 'Fuel surcharge',
    charge: 'PERCENT_OF_LINEHAUL',
    percent: 4.5,
    quickBooksItem: 'Fuel Surcharge',
    incomeAccount: 'Fuel Surcharge Income',
  },
  {
    name: 'Storage',
    charge: 'FLAT',
    price: 45,
    quickBooksItem: 'Storage',
    incomeAccount: 'Accessorial Income',
    description: 'Per day held at the yard',
  },
  { name: 'Expedite', charge: 'FLAT', price: 300, quickBooksItem: 'Expedite', incomeAccount: 'Freight Income' },
] as const;

export async function seedDemoProducts(db: Db): Promise<void> {
  const now = new Date().toISOString();
  const rows = DEMO_PRODUCTS.map((product) => {
    const body = products.create.parse({ percent: 0, ...product });
    return {
      name: body.name,
      charge: body.charge,
      price_cents: body.price === null || body.price === undefined ? null : toCents(body.price),
      percent: toScaled(body.percent, 2) ?? 0,
      active: 1,
      quick_books_item: body.quickBooksItem ?? null,
      income_account: body.incomeAccount ?? null,
      description: body.description ?? null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
  });
  await db.insertInto('products').values(rows).execute();
}
