import { z } from 'zod';
import { businessDate, email, idText, idValue, pagingQuery, queryBoolean, textRule } from './common';
import { PHONE_COUNTRIES } from './reference';

/**
 * Building blocks of the master-data records (users, shippers, brokers, carriers, drivers, units, fuel cards):
 * field rules with their messages, the list query every record list takes, and the record envelope.
 *
 * API shapes (docs/api-calls.md): a list answers `{ value: { items, totalCount, page, size } }` and a record
 * `{ value: record }` (the http client unwraps `value` and `data` alike); every record carries `id`, `version`,
 * `deleted`, `createdAt`, `updatedAt`. Update bodies are the create body plus the `version` that was read; a stale
 * one is a 409 whose body carries `current` (the record as it is now).
 */

/** Text that must be there: trimmed, 1..max characters, under the text rule (schema/common.ts). */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}` })
    .trim()
    .superRefine(textRule())
    .min(1, `Enter ${label}`)
    .max(max, `At most ${max} characters`);

/** Text that may be left out: trimmed; empty text is stored as null. Under the text rule. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .superRefine(textRule())
    .max(max, `At most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

export const optionalEmail = z
  .union([email, z.literal('')])
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

/** A business date (YYYY-MM-DD) that may be left out. */
export const optionalDate = businessDate
  .optional()
  .nullable()
  .transform((v) => v ?? null);

/** A reference that may be left out (stateId, userId …). */
export const optionalId = idValue
  .optional()
  .nullable()
  .transform((v) => v ?? null);

export const version = z.number({ error: 'Send the version you read' }).int().positive();

/** The update body: the create body plus the version that was read. */
export const withVersion = <T extends z.ZodType>(input: T) => z.intersection(input, z.object({ version }));

/** A US phone (docs/product/accounts.md#phones): an optional leading 1, then 3-3-4 digits, optional separators. */
export const US_PHONE_PATTERN = /^\+?1?[\s.-]?\(?(\d{3})\)?[\s.-]?(\d{3})[\s.-]?(\d{4})$/;
export const usPhone = z
  .string()
  .trim()
  .max(30)
  .refine((v) => v === '' || US_PHONE_PATTERN.test(v), 'Enter a US phone number: 10 digits, e.g. 555-123-4567')
  .transform((v) => (v ? v.replace(US_PHONE_PATTERN, '$1$2$3') : null))
  .optional()
  .nullable()
  .transform((v) => v ?? null);

export const PHONE_COUNTRY_CODES = PHONE_COUNTRIES.map((c) => c.code) as [string, ...string[]];
export type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]['code'];

/** The national digits of a phone typed with any separators and optionally the country's dial code. */
export function phoneDigits(phone: string, countryCode: string): string {
  const country = PHONE_COUNTRIES.find((c) => c.code === countryCode);
  let digits = phone.replace(/[\s().-]/g, '');
  if (country && digits.startsWith(country.dialCode)) digits = digits.slice(country.dialCode.length);
  return digits;
}

/** '' when the phone fits its country (its digits: docs/product/accounts.md#phones), else the message. */
export function phoneProblem(phone: string, countryCode: string): string {
  const country = PHONE_COUNTRIES.find((c) => c.code === countryCode);
  if (!country) return 'Choose a phone country';
  const digits = phoneDigits(phone, countryCode);
  if (!/^\d+$/.test(digits) || digits.length !== country.digits)
    return `A ${country.name} phone number has ${country.digits} digits after ${country.dialCode}`;
  return '';
}

/** MC docket number: up to 8 digits, an 'MC' prefix is accepted and dropped. Stored as digits. */
export const mcNumber = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => v === '' || /^(MC[\s-]?)?\d{1,8}$/.test(v), 'An MC number is up to 8 digits, e.g. MC-123456')
  .transform((v) => (v ? v.replace(/^MC[\s-]?/, '') : null))
  .optional()
  .nullable()
  .transform((v) => v ?? null);

/** USDOT number: up to 8 digits. */
export const usdotNumber = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{1,8}$/.test(v), 'A USDOT number is up to 8 digits')
  .transform((v) => (v ? v : null))
  .optional()
  .nullable()
  .transform((v) => v ?? null);

export const zip = z
  .string()
  .trim()
  .refine((v) => v === '' || /^\d{5}(-\d{4})?$/.test(v), 'A ZIP code is 5 digits, or 5+4 (12345-6789)')
  .transform((v) => (v ? v : null))
  .optional()
  .nullable()
  .transform((v) => v ?? null);

/**
 * The query of every record list: page (0-based), size (default 50, max 500), search, showDeleted, sort
 * (`field` or `-field`, one of `sortFields`), plus the resource's own filters. A parameter the list does not know is
 * refused (400 naming it), never ignored: a misspelt filter would otherwise list everything.
 */
export function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  filters: F,
  maxSize = 500,
  defaultSize = 50,
) {
  const shape = { ...pagingQuery(defaultSize, maxSize), showDeleted: queryBoolean.default(false), ...filters };
  const known = Object.keys(shape);
  const query = z.object(shape).superRefine((q, ctx) => {
    const sort = (q as { sort?: string }).sort;
    if (sort && !sortFields.includes(sort.replace(/^-/, '')))
      ctx.addIssue({ code: 'custom', path: ['sort'], message: `Sort by one of ${sortFields.join(', ')}` });
  });
  return z.preprocess((raw, ctx) => {
    for (const key of Object.keys((raw ?? {}) as object)) {
      if (!known.includes(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `${key} is not a parameter of this list; it takes ${known.join(', ')}`,
        });
    }
    return raw;
  }, query);
}

/** Filters shared by several lists. */
export const filters = {
  id: idText.optional(),
  flag: queryBoolean.optional(),
};

/** What every record DTO carries. */
export interface RecordDto {
  id: number;
  version: number;
  deleted: boolean;
  deletedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ListPage<T> {
  items: T[];
  totalCount: number;
  page: number;
  size: number;
}
