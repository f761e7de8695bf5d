import { boolean, choice, decimal, money, text } from '../define/fields';
import { defineResource } from '../define/resource';
import { PRODUCT_CHARGE_LABELS, PRODUCT_CHARGES, chargeTakes } from '../products';

/**
 * Billable products (feature Products): what an invoice may carry besides the linehaul, with its price or percent and
 * the QuickBooks item and income account it is booked to (docs/product/products.md). A product is never deleted from
 * an invoice's history: an invoice line keeps its own name and amount (server/modules/invoices).
 */
export const products = defineResource({
  route: '/app/management/products',
  api: '/api/Products',
  table: 'products',
  entity: 'product',
  singular: 'Product',
  plural: 'Products',
  access: 'Products',
  sections: { product: 'Product', books: 'Books' },
  fields: {
    name: text({
      label: 'Name',
      required: true,
      max: 80,
      sort: true,
      search: true,
      unique: { caseInsensitive: true, message: (name) => `A product named ${name} already exists` },
    }),
    charge: choice(PRODUCT_CHARGES, {
      label: 'Charged',
      labels: PRODUCT_CHARGE_LABELS,
      default: 'PER_VEHICLE',
      sort: true,
      filter: true,
    }),
    price: money({
      label: 'Price',
      max: 100_000,
      help: 'Per vehicle or per invoice; empty for the linehaul or a percent.',
    }),
    // A percent of the linehaul with at most two decimals (stored as hundredths of a percent); 0 unless a percent.
    percent: decimal({ label: 'Percent of linehaul', required: true, scale: 2, min: 0, max: 100 }),
    active: boolean({ label: 'Active', default: true, filter: true }),
    quickBooksItem: text({ label: 'QuickBooks item', max: 100, search: true, section: 'books' }),
    incomeAccount: text({ label: 'Income account', max: 100, section: 'books' }),
    description: text({ label: 'Description', max: 500, multiline: true, list: false }),
  },
  rules: (product, ctx) => {
    const takes = chargeTakes(product.charge);
    const hasPrice = product.price !== null && product.price !== undefined && product.price !== 0;
    if (takes === 'price' && !hasPrice) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Enter the price' });
    if (takes !== 'price' && hasPrice)
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'Only a product per vehicle or per invoice has a price',
      });
    if (takes === 'percent' && !product.percent)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Enter the percent of linehaul' });
    if (takes !== 'percent' && product.percent)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Only a percent of linehaul has a percent' });
  },
  // Only a priced product keeps a price (a 0 sent by a form is no price).
  transform: (product) => (chargeTakes(product.charge) === 'price' ? product : { ...product, price: null }),
  formDefaults: { charge: 'PER_VEHICLE', percent: 0, active: true },
  searchHint: 'Name or QuickBooks item',
  defaultSort: 'name',
  recordTitle: 'name',
});
export type ProductDto = typeof products.types.dto;
