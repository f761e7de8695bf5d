import { boolean, decimal, email, phone, reference, text, zip } from '../define/fields';
import { defineResource } from '../define/resource';
import { DEFAULT_NOTICE_OF_ASSIGNMENT } from '../factoring';

/**
 * Factoring companies (feature Factoring, docs/product/factoring.md#factoring-companies): who buys the carrier's
 * invoices, where the debtor must pay them (the remit-to address), the notice of assignment printed on an assigned
 * invoice, and the usual advance and fee in percent of a schedule's total (the rest is the reserve the factor holds).
 */
export const factoringCompanies = defineResource({
  route: '/app/management/factoring-companies',
  api: '/api/FactoringCompanies',
  table: 'factoring_companies',
  entity: 'factoringCompany',
  singular: 'Factoring company',
  plural: 'Factoring companies',
  access: 'Factoring',
  sections: { company: 'Factoring company', remit: 'Remit to', terms: 'Terms', notice: 'Notice of assignment' },
  fields: {
    name: text({
      label: 'Name',
      required: true,
      max: 120,
      sort: true,
      search: true,
      unique: { caseInsensitive: true, message: (name) => `A factoring company named ${name} already exists` },
    }),
    billingEmail: email({ label: 'Billing e-mail', search: true, help: 'Copies of assigned invoices go here' }),
    phone: phone({ label: 'Phone' }),
    active: boolean({ label: 'Active', default: true, filter: true }),
    address: text({ label: 'Remit-to address', required: true, max: 200, list: false, section: 'remit' }),
    city: text({ label: 'City', required: true, max: 80, section: 'remit' }),
    stateId: reference('states', { label: 'State', required: true, section: 'remit' }),
    zip: zip({ label: 'ZIP', list: false, section: 'remit' }),
    // Hundredths of a percent, as every decimal (schema/define/fields.ts decimal): exact, never rounded.
    advancePercent: decimal({ label: 'Advance %', required: true, scale: 2, min: 0, max: 100, section: 'terms' }),
    feePercent: decimal({ label: 'Fee %', required: true, scale: 2, min: 0, max: 100, section: 'terms' }),
    noticeText: text({
      label: 'Notice of assignment',
      max: 2000,
      multiline: true,
      list: false,
      section: 'notice',
      help: 'Printed on every invoice assigned to this company; empty: the usual notice',
    }),
  },
  rules: (company, ctx) => {
    if (company.advancePercent + company.feePercent > 100)
      ctx.addIssue({ code: 'custom', path: ['feePercent'], message: 'Advance and fee are at most 100% together' });
  },
  formDefaults: { active: true, advancePercent: 90, feePercent: 3, noticeText: DEFAULT_NOTICE_OF_ASSIGNMENT },
  searchHint: 'Name or billing e-mail',
  defaultSort: 'name',
  recordTitle: 'name',
});
export type FactoringCompanyDto = typeof factoringCompanies.types.dto;
