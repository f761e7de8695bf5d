import { z } from 'zod';
import { registerBody } from './auth';
import { businessDate } from './bookOrders';
import { email, hasCents, idText, idValue, queryBoolean } from './common';
import type { ExpiryItem } from './expiry';
import {
  type RecordDto, dollars, filters, listQuery, mcNumber, optionalDate, optionalEmail, optionalId, optionalText, PHONE_COUNTRY_CODES, phoneDigits, phoneProblem,
  requiredText, usdotNumber, usPhone, withVersion, zip,
} from './records';

/* ------------------------------------------------------------------------------------------------------------
 * Users: /api/User (feature Users; AccessSettings may read the lists).
 * An administrator (or a manager) creates a user inactive and hands them a one-time password link; setting the
 * password activates an account that never had one. Only administrators may grant or remove the Administrator
 * role or act on an administrator's account; the last active administrator keeps the role and stays active.
 * ------------------------------------------------------------------------------------------------------------ */

export const userPhone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || (/^\+?[\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15), 'Enter a phone number of 7 to 15 digits, e.g. +1 555 123 4567')
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

const userFields = {
  firstName: requiredText('the first name', 100),
  lastName: requiredText('the last name', 100),
  email,
  phone: userPhone,
  roleIds: z.array(idValue).min(1, 'Give the user at least one role').max(20, 'Too many roles'),
};
export const userCreate = z.object(userFields).superRefine((u, ctx) => {
  if (new Set(u.roleIds).size !== u.roleIds.length) ctx.addIssue({ code: 'custom', path: ['roleIds'], message: 'A role is listed twice' });
});
export type UserCreate = z.output<typeof userCreate>;
export const userUpdate = z.object({ ...userFields, isActive: z.boolean(), version: z.number().int().positive() }).superRefine((u, ctx) => {
  if (new Set(u.roleIds).size !== u.roleIds.length) ctx.addIssue({ code: 'custom', path: ['roleIds'], message: 'A role is listed twice' });
});
export type UserUpdate = z.output<typeof userUpdate>;

export const USER_SORTS = ['name', 'email', 'createdAt', 'id'] as const;
/** GET /api/User and /api/User/users-filtered (the permissions screen reads up to 10,000 at once). */
export const usersQuery = listQuery(USER_SORTS, {
  roleId: idText.optional(),
  isActive: queryBoolean.optional(),
  /** Registered (or created) but never activated. */
  pending: queryBoolean.optional(),
}, 10_000);
export type UsersQuery = z.output<typeof usersQuery>;

/** POST /api/token/reset-password (public): the token of a password link and the new password. */
export const resetPasswordBody = z.object({
  token: z.string().trim().min(1, 'The link has no token').max(200),
  password: registerBody.shape.password,
});
export type ResetPasswordBody = z.output<typeof resetPasswordBody>;
export const PASSWORD_LINK_HOURS = 24;
export const PASSWORD_LINK_INVALID = 'This link is invalid or has expired. Ask an administrator for a new one.';
export const LAST_ADMIN_MESSAGE = 'This is the last active administrator: make another user an administrator first';

export interface UserDto extends RecordDto {
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  avatar: string | null;
  phone: string | null;
  userType: string | null;
  roles: string[];
  roleIds: number[];
  isActive: boolean;
  isEmailVerified: boolean;
  registrationCompleted: boolean;
  /** Never activated yet (a registration waiting for an administrator, or a created user without a password). */
  isPending: boolean;
  hasPassword: boolean;
  activatedAt: string | null;
  accountId: number;
}
/** POST /api/User/{id}/password-link → the path to hand over (prefix it with the site's origin). */
export interface PasswordLinkDto {
  url: string;
  expiresAt: string;
}

/* ------------------------------------------------------------------------------------------------------------
 * Shippers: /api/Shipper (feature Shippers). Names are unique regardless of case (deleted ones included).
 * ------------------------------------------------------------------------------------------------------------ */

const address = {
  address: optionalText(200),
  city: optionalText(80),
  stateId: optionalId,
  zip,
};

export const shipperInput = z.object({
  name: requiredText('the name', 120),
  contactName: optionalText(100),
  phone: usPhone,
  email: optionalEmail,
  ...address,
});
export type ShipperInput = z.output<typeof shipperInput>;
export const shipperUpdate = withVersion(shipperInput);
export const SHIPPER_SORTS = ['name', 'city', 'createdAt', 'id'] as const;
export const shippersQuery = listQuery(SHIPPER_SORTS, { stateId: filters.id, city: z.string().trim().max(80).optional() });
export type ShippersQuery = z.output<typeof shippersQuery>;

/** The address of a shipper or broker, with the state's abbreviation. */
export interface AddressDto {
  address: string | null;
  city: string | null;
  stateId: number | null;
  state: string | null;
  zip: string | null;
}
export interface ShipperDto extends RecordDto, AddressDto {
  name: string;
  contactName: string | null;
  phone: string | null;
  email: string | null;
}

/* ------------------------------------------------------------------------------------------------------------
 * Brokers: /api/Brokers (feature Brokers). MC and USDOT numbers are unique among brokers; contacts are a list.
 * ------------------------------------------------------------------------------------------------------------ */

export const BROKER_STATUSES = ['ACTIVE', 'DO_NOT_USE'] as const;
export const BROKER_STATUS_LABELS: Record<(typeof BROKER_STATUSES)[number], string> = { ACTIVE: 'Active', DO_NOT_USE: 'Do not use' };
export const MAX_PAYMENT_TERMS_DAYS = 180;

export const brokerContactInput = z.object({
  name: requiredText('the contact’s name', 100),
  phone: usPhone,
  email: optionalEmail,
  role: optionalText(60),
});
export type BrokerContactInput = z.output<typeof brokerContactInput>;

export const brokerInput = z.object({
  name: requiredText('the name', 120),
  mcNumber,
  usdotNumber,
  phone: usPhone,
  email: optionalEmail,
  ...address,
  paymentTermsDays: z.number({ error: 'Payment terms are a number of days' }).int('Payment terms are whole days').min(0, 'Payment terms cannot be negative').max(MAX_PAYMENT_TERMS_DAYS, `Payment terms are at most ${MAX_PAYMENT_TERMS_DAYS} days`).default(30),
  status: z.enum(BROKER_STATUSES).default('ACTIVE'),
  contacts: z.array(brokerContactInput).max(20, 'At most 20 contacts').default([]),
});
export type BrokerInput = z.output<typeof brokerInput>;
export const brokerUpdate = withVersion(brokerInput);
export const BROKER_SORTS = ['name', 'mcNumber', 'paymentTermsDays', 'status', 'createdAt', 'id'] as const;
export const brokersQuery = listQuery(BROKER_SORTS, { status: z.enum(BROKER_STATUSES).optional(), stateId: filters.id });
export type BrokersQuery = z.output<typeof brokersQuery>;

export interface BrokerContactDto {
  name: string;
  phone: string | null;
  email: string | null;
  role: string | null;
}
export interface BrokerDto extends RecordDto, AddressDto {
  name: string;
  mcNumber: string | null;
  usdotNumber: string | null;
  phone: string | null;
  email: string | null;
  paymentTermsDays: number;
  status: (typeof BROKER_STATUSES)[number];
  contacts: BrokerContactDto[];
}

/* ------------------------------------------------------------------------------------------------------------
 * Carriers: /api/Carriers (feature CarrierManagement): the company's operating authorities and insurance.
 * Coverage amounts are dollars (two decimals), stored as cents.
 * ------------------------------------------------------------------------------------------------------------ */

export const AUTHORITY_TYPES = ['COMMON', 'CONTRACT', 'BROKER'] as const;
export const AUTHORITY_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE', 'REVOKED'] as const;

export const authorityInput = z.object({
  type: z.enum(AUTHORITY_TYPES),
  docketNumber: z
    .string({ error: 'Enter the docket number' })
    .trim()
    .toUpperCase()
    .refine((v) => /^(MC|FF|MX)[\s-]?\d{1,8}$/.test(v), 'A docket number is MC, FF or MX and up to 8 digits, e.g. MC-123456')
    .transform((v) => v.replace(/^(MC|FF|MX)[\s-]?/, '$1-')),
  status: z.enum(AUTHORITY_STATUSES).default('ACTIVE'),
  grantedOn: optionalDate,
});
export type AuthorityInput = z.output<typeof authorityInput>;

export const insuranceInput = z.object({
  insurer: requiredText('the insurer', 120),
  policyNumber: requiredText('the policy number', 60),
  cargoCoverage: dollars('Cargo coverage'),
  liabilityCoverage: dollars('Liability coverage'),
  expiresOn: businessDate,
});
export type InsuranceInput = z.output<typeof insuranceInput>;

export const carrierInput = z
  .object({
    code: z
      .string({ error: 'Enter the code' })
      .trim()
      .toLowerCase()
      .regex(/^[a-z][a-z0-9-]{1,29}$/, 'A code is 2 to 30 lower-case letters, digits or dashes, starting with a letter'),
    name: requiredText('the name', 120),
    mcNumber,
    usdotNumber,
    authorities: z.array(authorityInput).max(10, 'At most 10 authorities').default([]),
    insurance: insuranceInput.nullable().default(null),
  })
  .superRefine((c, ctx) => {
    const types = c.authorities.map((a) => a.type);
    types.forEach((type, index) => {
      if (types.indexOf(type) !== index) ctx.addIssue({ code: 'custom', path: ['authorities', index, 'type'], message: 'This authority type is already listed' });
    });
  });
export type CarrierInput = z.output<typeof carrierInput>;
export const carrierUpdate = withVersion(carrierInput);
export const CARRIER_SORTS = ['name', 'code', 'insuranceExpiresOn', 'createdAt', 'id'] as const;
export const carriersQuery = listQuery(CARRIER_SORTS, { insuranceExpiring: queryBoolean.optional(), expiring: queryBoolean.optional() });
export type CarriersQuery = z.output<typeof carriersQuery>;

export interface AuthorityDto {
  type: (typeof AUTHORITY_TYPES)[number];
  docketNumber: string;
  status: (typeof AUTHORITY_STATUSES)[number];
  grantedOn: string | null;
}
export interface InsuranceDto {
  insurer: string;
  policyNumber: string;
  cargoCoverage: number;
  liabilityCoverage: number;
  expiresOn: string;
}
export interface CarrierDto extends RecordDto {
  code: string;
  name: string;
  mcNumber: string | null;
  usdotNumber: string | null;
  authorities: AuthorityDto[];
  insurance: InsuranceDto | null;
  expiry: ExpiryItem[];
}

/* ------------------------------------------------------------------------------------------------------------
 * Drivers: /api/Driver (read with Users, Vehicles, DriverAssignment or VehicleAndCardAssignment; written with
 * Vehicles or Users).
 *
 * Pay rate: sent as a number in the pay type's own unit (PER_MILE dollars per mile, PERCENT percent of the load,
 * FLAT dollars per load, HOURLY dollars per hour), at most two decimals; stored as an integer: cents, or basis
 * points for PERCENT (75.5 % → 7550).
 * ------------------------------------------------------------------------------------------------------------ */

export const DRIVER_TYPES = ['COMPANY', 'OWNER_OPERATOR'] as const;
export const DRIVER_TYPE_LABELS: Record<(typeof DRIVER_TYPES)[number], string> = { COMPANY: 'Company driver', OWNER_OPERATOR: 'Owner-operator' };
export const CDL_CLASSES = ['A', 'B', 'C'] as const;
export const PAY_TYPES = ['PER_MILE', 'PERCENT', 'FLAT', 'HOURLY'] as const;
export type PayType = (typeof PAY_TYPES)[number];
/** Label, unit shown beside the rate, and the range a rate of that type may take. */
export const PAY_TYPE_INFO: Record<PayType, { label: string; unit: string; min: number; max: number }> = {
  PER_MILE: { label: 'Per mile', unit: '$ / mile', min: 0.01, max: 10 },
  PERCENT: { label: 'Percent of load', unit: '%', min: 0.01, max: 100 },
  FLAT: { label: 'Flat per load', unit: '$ / load', min: 0.01, max: 100_000 },
  HOURLY: { label: 'Hourly', unit: '$ / hour', min: 0.01, max: 500 },
};
export const DRIVER_STATUSES = ['ACTIVE', 'TERMINATED'] as const;

export const driverInput = z
  .object({
    userId: optionalId,
    carrierId: idValue,
    firstName: requiredText('the first name', 100),
    lastName: requiredText('the last name', 100),
    email: optionalEmail,
    phone: z.string().trim().max(30).optional().nullable().transform((v) => (v ? v : null)),
    phoneCountry: z.enum(PHONE_COUNTRY_CODES).default('US'),
    driverType: z.enum(DRIVER_TYPES),
    cdlClass: z.enum(CDL_CLASSES).optional().nullable().transform((v) => v ?? null),
    cdlNumber: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[A-Z0-9-]{4,20}$/.test(v), 'A CDL number is 4 to 20 letters or digits')
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    cdlStateId: optionalId,
    cdlExpiresOn: optionalDate,
    medicalCardExpiresOn: optionalDate,
    mvrCheckedOn: optionalDate,
    hiredOn: optionalDate,
    terminatedOn: optionalDate,
    payType: z.enum(PAY_TYPES),
    payRate: z.number({ error: 'Pay rate must be a number' }).finite(),
  })
  .superRefine((d, ctx) => {
    if (d.phone) {
      const problem = phoneProblem(d.phone, d.phoneCountry);
      if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
    }
    if (d.cdlNumber && !d.cdlStateId) ctx.addIssue({ code: 'custom', path: ['cdlStateId'], message: 'Choose the state that issued the CDL' });
    if (d.cdlNumber && !d.cdlClass) ctx.addIssue({ code: 'custom', path: ['cdlClass'], message: 'Choose the CDL class' });
    if (d.terminatedOn && !d.hiredOn) ctx.addIssue({ code: 'custom', path: ['hiredOn'], message: 'Enter the hire date of a terminated driver' });
    if (d.terminatedOn && d.hiredOn && d.terminatedOn < d.hiredOn) ctx.addIssue({ code: 'custom', path: ['terminatedOn'], message: 'Termination cannot be before the hire date' });
    const range = PAY_TYPE_INFO[d.payType];
    if (range && (d.payRate < range.min || d.payRate > range.max)) {
      ctx.addIssue({ code: 'custom', path: ['payRate'], message: `${range.label} pay is between ${range.min} and ${range.max.toLocaleString('en-US')} (${range.unit})` });
    } else if (!hasCents(d.payRate)) {
      ctx.addIssue({ code: 'custom', path: ['payRate'], message: 'Pay rate has at most two decimals' });
    }
  })
  .transform((d) => (d.phone ? { ...d, phone: phoneDigits(d.phone, d.phoneCountry) } : d));
export type DriverInput = z.output<typeof driverInput>;
export const driverUpdate = withVersion(driverInput);
export const DRIVER_SORTS = ['name', 'hiredOn', 'cdlExpiresOn', 'medicalCardExpiresOn', 'driverType', 'createdAt', 'id'] as const;
export const driversQuery = listQuery(DRIVER_SORTS, {
  carrierId: filters.id,
  driverType: z.enum(DRIVER_TYPES).optional(),
  terminated: queryBoolean.optional(),
  expiring: queryBoolean.optional(),
  cdlClass: z.enum(CDL_CLASSES).optional(),
});
export type DriversQuery = z.output<typeof driversQuery>;

export interface DriverDto extends RecordDto {
  userId: number | null;
  userEmail: string | null;
  carrierId: number | null;
  carrierName: string | null;
  firstName: string;
  lastName: string;
  name: string;
  email: string | null;
  phone: string | null;
  phoneCountry: string;
  driverType: (typeof DRIVER_TYPES)[number];
  cdlClass: (typeof CDL_CLASSES)[number] | null;
  cdlNumber: string | null;
  cdlStateId: number | null;
  cdlState: string | null;
  cdlExpiresOn: string | null;
  medicalCardExpiresOn: string | null;
  mvrCheckedOn: string | null;
  hiredOn: string | null;
  terminatedOn: string | null;
  /** TERMINATED from the termination date on. */
  status: (typeof DRIVER_STATUSES)[number];
  payType: PayType;
  payRate: number;
  expiry: ExpiryItem[];
}

/** The integer a pay rate is stored as (cents, or basis points for PERCENT), and back. */
export const payRateToStored = (rate: number) => Math.round(rate * 100);
export const payRateFromStored = (stored: number) => stored / 100;
