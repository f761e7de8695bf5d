import {
  choice,
  computed,
  computedChoice,
  date,
  decimal,
  email,
  money,
  phone,
  reference,
  text,
} from '../define/fields';
import { defineResource, only } from '../define/resource';
import { PHONE_COUNTRIES } from '../reference';
import { PHONE_COUNTRY_CODES, phoneDigits, phoneProblem } from '../records';

export const DRIVER_TYPES = ['COMPANY', 'OWNER_OPERATOR'] as const;
export const CDL_CLASSES = ['A', 'B', 'C'] as const;
export const PAY_TYPES = ['PER_MILE', 'PERCENT', 'FLAT', 'HOURLY'] as const;
export type PayType = (typeof PAY_TYPES)[number];
/**
 * Pay rate: a number in the pay type's own unit (dollars per mile, percent of the load, dollars per load or per
 * hour), at most two decimals, within the type's range; stored as an integer (cents, or basis points of a percent).
 */
export const PAY_TYPE_INFO: Record<PayType, { label: string; unit: string; min: number; max: number }> = {
  PER_MILE: { label: 'Per mile', unit: '$ / mile', min: 0.01, max: 10 },
  PERCENT: { label: 'Percent of load', unit: '%', min: 0.01, max: 100 },
  FLAT: { label: 'Flat per load', unit: '$ / load', min: 0.01, max: 100_000 },
  HOURLY: { label: 'Hourly', unit: '$ / hour', min: 0.01, max: 500 },
};
const PAY_LABELS = Object.fromEntries(PAY_TYPES.map((t) => [t, PAY_TYPE_INFO[t].label])) as Record<PayType, string>;
const COUNTRY_LABELS = Object.fromEntries(PHONE_COUNTRIES.map((c) => [c.code, `${c.name} (${c.dialCode})`])) as Record<
  (typeof PHONE_COUNTRY_CODES)[number],
  string
>;

/**
 * Drivers on /api/Driver: read with any screen that shows drivers, written with Vehicles (fleet) or Users (people).
 * No sidebar entry: reached from users, vehicles and the assignment screens.
 */
export const drivers = defineResource({
  route: '/app/management/drivers',
  api: '/api/Driver',
  table: 'drivers',
  entity: 'driver',
  singular: 'Driver',
  plural: 'Drivers',
  access: { read: ['Vehicles', 'Users', 'DriverAssignment', 'VehicleAndCardAssignment'], write: ['Vehicles', 'Users'] },
  sections: { driver: 'Driver', licence: 'CDL, medical card and MVR', employment: 'Employment and pay' },
  fields: {
    name: computed<string>({ label: 'Name', sort: true, search: true, csv: false }),
    firstName: text({ label: 'First name', required: true, max: 100, list: false }),
    lastName: text({ label: 'Last name', required: true, max: 100, list: false }),
    status: computedChoice(['ACTIVE', 'TERMINATED'], {
      label: 'Status',
      labels: { ACTIVE: 'Active', TERMINATED: 'Terminated' },
      colours: { ACTIVE: 'success' },
    }),
    driverType: choice(DRIVER_TYPES, {
      label: 'Type',
      labels: { COMPANY: 'Company driver', OWNER_OPERATOR: 'Owner-operator' },
      sort: true,
      filter: true,
    }),
    carrierId: reference('carriers', {
      label: 'Carrier',
      required: true,
      nullableColumn: true,
      filter: true,
      list: 'hide',
    }),
    email: email({ label: 'E-mail', search: true, list: 'hide' }),
    phoneCountry: choice(PHONE_COUNTRY_CODES, {
      label: 'Phone country',
      labels: COUNTRY_LABELS,
      default: 'US',
      list: false,
      csv: true,
    }),
    phone: phone({ label: 'Phone', countryField: 'phoneCountry', search: true }),
    userId: reference('userAccounts', {
      label: 'User account',
      list: false,
      unique: { message: () => 'This user is already linked to another driver' },
    }),
    cdlClass: choice(CDL_CLASSES, {
      label: 'CDL class',
      labels: { A: 'A', B: 'B', C: 'C' },
      required: false,
      filter: true,
      list: 'hide',
      section: 'licence',
    }),
    cdlNumber: text({
      label: 'CDL number',
      max: 20,
      case: 'upper',
      search: true,
      list: false,
      section: 'licence',
      pattern: [/^[A-Z0-9-]{4,20}$/, 'A CDL number is 4 to 20 letters or digits'],
      unique: { scope: ['cdlStateId'], message: (cdl) => `Another driver has CDL ${cdl} of that state` },
    }),
    cdlStateId: reference('states', { label: 'CDL state', list: false, section: 'licence' }),
    cdlExpiresOn: date({ label: 'CDL expires', expires: 'CDL', sort: true, section: 'licence' }),
    medicalCardExpiresOn: date({
      label: 'Medical card expires',
      expires: 'Medical card',
      sort: true,
      section: 'licence',
    }),
    mvrCheckedOn: date({ label: 'MVR checked', list: false, section: 'licence' }),
    hiredOn: date({ label: 'Hired', sort: true, list: 'hide', section: 'employment' }),
    terminatedOn: date({ label: 'Terminated', list: false, section: 'employment' }),
    payType: choice(PAY_TYPES, { label: 'Pay type', labels: PAY_LABELS, list: 'hide', section: 'employment' }),
    // The widest of the pay types' ranges (PAY_TYPE_INFO); the rules hold each type to its own.
    payRate: decimal({
      label: 'Pay rate',
      required: true,
      scale: 2,
      min: 0.01,
      max: Math.max(...PAY_TYPES.map((t) => PAY_TYPE_INFO[t].max)),
      list: false,
      section: 'employment',
    }),
    // Recurring deductions of the weekly pay bill (schema/resources/payBills.ts), each its own amount.
    weeklyInsurance: money({ label: 'Insurance per week', max: 10_000, list: false, section: 'employment' }),
    weeklyEquipmentLease: money({
      label: 'ELD / equipment lease per week',
      max: 10_000,
      list: false,
      section: 'employment',
    }),
    weeklyEscrow: money({ label: 'Escrow per week', max: 10_000, list: false, section: 'employment' }),
  },
  filters: { terminated: only.yesNo('Terminated') },
  rules: (d, ctx) => {
    if (d.phone) {
      const problem = phoneProblem(d.phone, d.phoneCountry);
      if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
    if (d.cdlNumber && !d.cdlStateId)
      ctx.addIssue({ code: 'custom', path: ['cdlStateId'], message: 'Choose the state that issued the CDL' });
    if (d.cdlNumber && !d.cdlClass)
      ctx.addIssue({ code: 'custom', path: ['cdlClass'], message: 'Choose the CDL class' });
    if (d.terminatedOn && !d.hiredOn)
      ctx.addIssue({ code: 'custom', path: ['hiredOn'], message: 'Enter the hire date of a terminated driver' });
    if (d.terminatedOn && d.hiredOn && d.terminatedOn < d.hiredOn)
      ctx.addIssue({ code: 'custom', path: ['terminatedOn'], message: 'Termination cannot be before the hire date' });
    const range = PAY_TYPE_INFO[d.payType];
    if (range && (d.payRate < range.min || d.payRate > range.max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['payRate'],
        message: `${range.label} pay is between ${range.min} and ${range.max.toLocaleString('en-US')} (${range.unit})`,
      });
    }
  },
  transform: (d) => (d.phone ? { ...d, phone: phoneDigits(d.phone, d.phoneCountry) } : d),
  formDefaults: { driverType: 'COMPANY', payType: 'PERCENT' },
  defaultSort: 'name',
  recordTitle: 'name',
});
export type DriverDto = typeof drivers.types.dto;
export type DriverInput = typeof drivers.types.input;
