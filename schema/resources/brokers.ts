import { choice, email, integer, mcNumber, phone, reference, rows, text, usdot, zip } from '../define/fields';
import { defineResource } from '../define/resource';
import { INSPECTION_TYPE_KEYS, INSPECTION_TYPE_LABELS } from '../inspectionTypes';

export const BROKER_STATUSES = ['ACTIVE', 'DO_NOT_USE'] as const;
export const MAX_PAYMENT_TERMS_DAYS = 180;

/** Brokers (feature Brokers): MC/USDOT numbers (unique among brokers), payment terms, status and contacts. */
export const brokers = defineResource({
  route: '/app/management/brokers',
  api: '/api/Brokers',
  table: 'brokers',
  entity: 'broker',
  singular: 'Broker',
  plural: 'Brokers',
  access: 'Brokers',
  sections: { broker: 'Broker', address: 'Address', terms: 'Terms', contacts: 'Contacts' },
  fields: {
    name: text({
      label: 'Name',
      required: true,
      max: 120,
      sort: true,
      search: true,
      unique: { caseInsensitive: true, message: (name) => `A broker named ${name} already exists` },
    }),
    mcNumber: mcNumber({ label: 'MC number', sort: true, search: true, unique: true }),
    usdotNumber: usdot({ label: 'USDOT number', search: true, unique: true, list: 'hide' }),
    status: choice(BROKER_STATUSES, {
      label: 'Status',
      labels: { ACTIVE: 'Active', DO_NOT_USE: 'Do not use' },
      colours: { ACTIVE: 'success', DO_NOT_USE: 'error' },
      default: 'ACTIVE',
      sort: true,
      filter: true,
    }),
    paymentTermsDays: integer({
      label: 'Payment terms (days)',
      min: 0,
      max: MAX_PAYMENT_TERMS_DAYS,
      default: 30,
      sort: true,
      section: 'terms',
    }),
    // Its invoices are assigned to this factor unless an invoice says otherwise (docs/product/factoring.md#per-customer).
    factoringCompanyId: reference('factoringCompanies', {
      label: 'Factoring company',
      list: 'hide',
      section: 'terms',
      help: 'Its invoices go to this factor by default',
    }),
    inspectionType: choice(INSPECTION_TYPE_KEYS, {
      label: 'Inspection at its stops',
      labels: INSPECTION_TYPE_LABELS,
      required: false,
      list: false,
      help: 'What the driver records at pickup and delivery; empty: the company default',
      section: 'terms',
    }),
    phone: phone({ label: 'Phone' }),
    email: email({ label: 'E-mail', search: true, list: 'hide' }),
    address: text({ label: 'Address', max: 200, list: false, section: 'address' }),
    city: text({ label: 'City', max: 80, search: true, section: 'address' }),
    stateId: reference('states', { label: 'State', filter: true, section: 'address' }),
    zip: zip({ label: 'ZIP', list: false, section: 'address' }),
    contacts: rows(
      {
        name: text({ label: 'Name', required: true, max: 100 }),
        role: text({ label: 'Role', max: 60 }),
        phone: phone({ label: 'Phone', list: false }),
        email: email({ label: 'E-mail', list: false }),
      },
      { label: 'Contacts', table: 'broker_contacts', parent: 'broker_id', max: 20, section: 'contacts' },
    ),
  },
  defaultSort: 'name',
  recordTitle: 'name',
});
export type BrokerDto = typeof brokers.types.dto;
