import { choice, email, integer, mcNumber, phone, reference, text, usdot, zip } from '../define/fields';
import { defineResource } from '../define/resource';
import { INSPECTION_TYPE_KEYS, INSPECTION_TYPE_LABELS } from '../inspectionTypes';
import { MAX_PAYMENT_TERMS_DAYS } from './brokers';

/** Shippers (feature Shippers): the places cars are picked up from or delivered to on a load's behalf. */
export const shippers = defineResource({
  route: '/app/management/shipper-management',
  api: '/api/Shipper',
  table: 'shippers',
  entity: 'shipper',
  singular: 'Shipper',
  plural: 'Shippers',
  access: 'Shippers',
  sections: { contact: 'Contact', address: 'Address' },
  fields: {
    name: text({
      label: 'Name',
      required: true,
      max: 120,
      sort: true,
      search: true,
      unique: { caseInsensitive: true, message: (name) => `A shipper named ${name} already exists` },
    }),
    contactName: text({ label: 'Contact', max: 100, search: true }),
    // To vet the shipper against the FMCSA files as brokers are (docs/product/compliance.md#vetting); several
    // locations of one company may share them.
    mcNumber: mcNumber({ label: 'MC number', list: 'hide' }),
    usdotNumber: usdot({ label: 'USDOT number', list: 'hide' }),
    phone: phone({ label: 'Phone', search: true }),
    email: email({ label: 'E-mail', search: true }),
    address: text({ label: 'Address', max: 200, list: false, section: 'address' }),
    city: text({ label: 'City', max: 80, sort: true, filter: true, search: true, section: 'address' }),
    stateId: reference('states', { label: 'State', filter: true, section: 'address' }),
    zip: zip({ label: 'ZIP', list: false, section: 'address' }),
    // The due day of an invoice the shipper pays (docs/product/invoices.md#making-one): 0 is COD.
    paymentTermsDays: integer({
      label: 'Payment terms (days)',
      min: 0,
      max: MAX_PAYMENT_TERMS_DAYS,
      default: 30,
      list: 'hide',
      help: '0 is COD; 2 quick pay; 15, 30 or 45 net',
    }),
    // As a broker's (docs/product/factoring.md#per-customer): its invoices go to this factor by default.
    factoringCompanyId: reference('factoringCompanies', {
      label: 'Factoring company',
      list: 'hide',
      help: 'Its invoices go to this factor by default',
    }),
    inspectionType: choice(INSPECTION_TYPE_KEYS, {
      label: 'Inspection at its stops',
      labels: INSPECTION_TYPE_LABELS,
      required: false,
      list: false,
      help: 'What the driver records at pickup and delivery; empty: the company default',
    }),
  },
  defaultSort: 'name',
  recordTitle: 'name',
});
export type ShipperDto = typeof shippers.types.dto;
export type ShipperInput = typeof shippers.types.input;
