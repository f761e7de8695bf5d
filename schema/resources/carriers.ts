import { choice, date, group, mcNumber, money, rows, text, usdot } from '../define/fields';
import { defineResource } from '../define/resource';
import { z } from 'zod';

export const AUTHORITY_TYPES = ['COMMON', 'CONTRACT', 'BROKER'] as const;
export const AUTHORITY_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE', 'REVOKED'] as const;

/** Carrier management (feature CarrierManagement): the company's operating authorities and their insurance. */
export const carriers = defineResource({
  route: '/app/management/carrier-management',
  api: '/api/Carriers',
  table: 'carriers',
  entity: 'carrier',
  singular: 'Carrier',
  plural: 'Carriers',
  access: 'CarrierManagement',
  sections: { carrier: 'Operating company', authorities: 'Operating authorities', insurance: 'Insurance' },
  fields: {
    code: text({
      label: 'Code',
      required: true,
      max: 30,
      case: 'lower',
      sort: true,
      search: true,
      pattern: [
        /^[a-z][a-z0-9-]{1,29}$/,
        'A code is 2 to 30 lower-case letters, digits or dashes, starting with a letter',
      ],
      unique: { message: (code) => `Another carrier has the code ${code}` },
    }),
    name: text({ label: 'Name', required: true, max: 120, sort: true, search: true }),
    mcNumber: mcNumber({ label: 'MC number', search: true, unique: true }),
    usdotNumber: usdot({ label: 'USDOT number', search: true, unique: true }),
    authorities: rows(
      {
        type: choice(AUTHORITY_TYPES, {
          label: 'Type',
          labels: { COMMON: 'Common', CONTRACT: 'Contract', BROKER: 'Broker' },
        }),
        docketNumber: text({
          label: 'Docket number',
          required: true,
          max: 20,
          zod: z
            .string({ error: 'Enter the docket number' })
            .trim()
            .toUpperCase()
            .refine(
              (v) => /^(MC|FF|MX)[\s-]?\d{1,8}$/.test(v),
              'A docket number is MC, FF or MX and up to 8 digits, e.g. MC-123456',
            )
            .transform((v) => v.replace(/^(MC|FF|MX)[\s-]?/, '$1-')),
        }),
        status: choice(AUTHORITY_STATUSES, {
          label: 'Status',
          labels: { ACTIVE: 'Active', PENDING: 'Pending', INACTIVE: 'Inactive', REVOKED: 'Revoked' },
          default: 'ACTIVE',
        }),
        grantedOn: date({ label: 'Granted on', list: false }),
      },
      { label: 'Authorities', table: 'carrier_authorities', parent: 'carrier_id', max: 10, section: 'authorities' },
    ),
    insurance: group(
      {
        insurer: text({ label: 'Insurer', required: true, max: 120, search: true }),
        policyNumber: text({ label: 'Policy number', required: true, max: 60, list: false }),
        cargoCoverage: money({ label: 'Cargo coverage', required: true, list: false }),
        liabilityCoverage: money({ label: 'Liability coverage', required: true, list: false }),
        expiresOn: date({ label: 'Insurance expires', required: true, expires: 'Insurance', sort: true }),
      },
      {
        label: 'Insurance',
        presentWhen: 'expiresOn',
        section: 'insurance',
        help: 'Leave every insurance field empty if the company has no policy on file.',
      },
    ),
  },
  rules: (c, ctx) => {
    const types = c.authorities.map((a) => a.type);
    types.forEach((type, index) => {
      if (types.indexOf(type) !== index)
        ctx.addIssue({
          code: 'custom',
          path: ['authorities', index, 'type'],
          message: 'This authority type is already listed',
        });
    });
  },
  defaultSort: 'name',
  recordTitle: 'name',
});
export type CarrierDto = typeof carriers.types.dto;
