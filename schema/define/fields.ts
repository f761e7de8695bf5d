import { z, type ZodType } from 'zod';
import { businessDate, email as emailRule, groupDigits, idValue, textRule } from '../common';
import { checkBounds, decimalRule, fromScaled, toScaled } from '../decimal';
import { checkMoneyBounds, fromCents, MAX_MONEY, money as moneyRule, toCents } from '../money';
import {
  mcNumber as mcRule,
  optionalDate,
  optionalEmail,
  optionalId,
  usdotNumber,
  usPhone,
  zip as zipRule,
} from '../records';
import { copyWith, lazy } from '../lazy';
import { inSentence } from './naming';
import { type DisplayMode, REFERENCE_TARGETS, type ReferenceTarget } from './references';

/**
 * Field kinds: each returns, from one declaration, its validation (zod), how it is stored (column type, name,
 * NOT NULL, conversion), what the DTO carries, and the list and form flags. A resource definition
 * (schema/define/resource.ts) is a set of these; the API, the table types, the CSV, the screens and the labels are
 * derived from it.
 */

export type ColumnType = 'text' | 'integer';
export type ChipColour = 'default' | 'success' | 'warning' | 'error' | 'info';
/** In the list: shown (default), in the column chooser but hidden at first, or never. */
export type ListDisplay = 'show' | 'hide' | false;

export interface Flags {
  /** The label in forms, lists, CSV headers and messages. */
  label: string;
  /** In the form (default yes; computed values never). */
  form?: boolean;
  /** The list sorts by it (give it an index in the migration: a test checks). */
  sort?: boolean;
  /** The list filters by it (an equality filter of the same name). */
  filter?: boolean;
  /** The search box finds records by any part of it. */
  search?: boolean;
  /** In the CSV export (default yes). */
  csv?: boolean;
  list?: ListDisplay;
  /** The form section it is in: a key of the definition's `sections` (default: the first). */
  section?: string;
  /** A line under the input. */
  help?: string;
}

export interface UniqueRule {
  /** Compared regardless of case. */
  caseInsensitive?: boolean;
  /** Unique among the records with the same values of these fields (unit numbers per unit type). */
  scope?: readonly string[];
  /** The 409 message; default "Another <record> has <label> <value>". */
  message?: (value: string, input: Readonly<Record<string, unknown>>) => string;
}

/** What the compiler knows of a field: its DTO value, its column value, and how it is stored. */
export interface FieldTypes {
  dto: unknown;
  /** The body's value when it differs from the DTO's (write-only fields). */
  in?: unknown;
  col: unknown;
  /** 'column': one column (key in snake_case + suffix); 'group': prefixed columns; 'none': not a column of the table. */
  stored: 'column' | 'group' | 'none';
  suffix: string;
  /** References: the key their display value gets in the DTO. */
  display: DisplayMode | null;
  /** In the DTO (write-only fields are not). */
  inDto: boolean;
  /** In the body: of create and update, of update only, of create only (never changed after), or not at all (computed). */
  hasInput: true | 'update' | 'create' | false;
  expires: boolean;
  group: Record<string, Field> | null;
  /** Rows fields: their child table. */
  child: { table: string; parent: string; fields: Record<string, Field> } | null;
}

export type Kind =
  | 'text'
  | 'email'
  | 'phone'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'date'
  | 'choice'
  | 'boolean'
  | 'reference'
  | 'group'
  | 'rows'
  | 'computed'
  | 'writeOnly';

export interface Field<T extends FieldTypes = FieldTypes> {
  readonly kind: Kind;
  readonly flags: Flags;
  /** The rule of the create body; none for computed fields. */
  readonly input?: ZodType;
  /** On update the field may be left out (a fuel card keeps its number). */
  readonly optionalOnUpdate?: boolean;
  readonly required: boolean;
  /** Its column: SQL type, NOT NULL (by default when required), the suffix after the key in snake_case. */
  readonly column?: { type: ColumnType; suffix: string; notNull?: boolean };
  readonly toColumn: (value: unknown) => unknown;
  readonly fromColumn: (value: unknown) => unknown;
  readonly unique?: UniqueRule;
  // Kind details the screens and the server read.
  readonly choices?: {
    values: readonly string[];
    labels: Readonly<Record<string, string>>;
    colours?: Readonly<Partial<Record<string, ChipColour>>>;
  };
  readonly target?: ReferenceTarget;
  /** Dates: the words of its expiry ('CDL' → 'CDL expired on …'). */
  readonly expires?: string;
  readonly min?: number;
  readonly max?: number;
  /** Decimals: how many decimals the value has at most (its column keeps value × 10^scale as an integer). */
  readonly scale?: number;
  /** Text shown on several lines. */
  readonly multiline?: boolean;
  /** Phones: the field that holds its country (else US). */
  readonly countryField?: string;
  /** Computed names of another record: the field with its id and what it is (the list links to it). */
  readonly shows?: { target: ReferenceTarget; idField: string };
  readonly group?: { fields: Readonly<Record<string, Field>>; presentWhen: string };
  readonly rows?: { table: string; parent: string; fields: Readonly<Record<string, Field>>; max: number };
  /** 'only': in the update body, not the create body; 'never': in the create body only (a ledger entry's money). */
  readonly update?: 'only' | 'never';
  /** A fixed field: why an update may not send it ('cannot change after posting: void the entry …'). */
  readonly fixedWhy?: string;
  /** What a new record starts with (the create form shows it). */
  readonly defaultValue?: unknown;
  /** Money: the list filters by a range of it (<key>Min, <key>Max, in dollars). */
  readonly range?: boolean;
  /** Phantom: never set, read by the type derivations only. */
  readonly __types?: T;
}

type Types<P extends Partial<FieldTypes>> = Omit<
  {
    dto: unknown;
    col: unknown;
    stored: 'column';
    suffix: '';
    display: null;
    inDto: true;
    hasInput: true;
    expires: false;
    group: null;
    child: null;
  },
  keyof P
> &
  P;
type Maybe<T, R extends boolean> = R extends true ? T : T | null;
const same = (value: unknown) => value;
const nullable = <S extends ZodType>(schema: S) =>
  schema
    .optional()
    .nullable()
    .transform((v) => v ?? null);

interface Common extends Flags {
  required?: boolean;
  unique?: boolean | UniqueRule;
  /** Replaces the kind's validation (its messages are the field's own); `required` still says NOT NULL. */
  zod?: ZodType;
}
const uniqueOf = (unique: Common['unique']) => (unique === true ? {} : unique || undefined);

/** A field's parts; its body rule as `inputOf`, built when first read (schema/lazy.ts). */
type Parts = Omit<Partial<Field>, 'input'> & { inputOf?: () => ZodType };

function base<T extends FieldTypes>(kind: Kind, opts: Common, parts: Parts): Field<T> {
  const { required = false, unique, zod, ...flags } = opts;
  const { inputOf, ...rest } = parts;
  const field = {
    kind,
    flags,
    required,
    unique: uniqueOf(unique),
    toColumn: same,
    fromColumn: same,
    ...rest,
  } as Field<T>;
  if (zod) return { ...field, input: zod };
  return inputOf ? lazy(field, 'input', inputOf) : field;
}

/**
 * A required text gets "Enter the <label>" when empty; an optional one is stored as null when empty. Both keep to the
 * text rule (schema/common.ts textProblem), so the form says what the server would: no control character but tab and
 * line breaks. A line break is taken in a one-line field too (`multiline` is how the field is shown): an address
 * pasted on two lines, or sent so by a connected app, is text, not an attack.
 */
function fieldText(opts: {
  label: string;
  max: number;
  required?: boolean;
  case?: 'upper' | 'lower';
  pattern?: readonly [RegExp, string];
}) {
  const enter = `Enter the ${inSentence(opts.label)}`;
  let rule = (opts.required ? z.string({ error: enter }).trim() : z.string().trim()).superRefine(textRule());
  if (opts.case === 'upper') rule = rule.toUpperCase();
  if (opts.case === 'lower') rule = rule.toLowerCase();
  rule = rule.max(opts.max, `At most ${opts.max} characters`);
  if (opts.required) {
    const min = rule.min(1, enter);
    return opts.pattern ? min.regex(opts.pattern[0], opts.pattern[1]) : min;
  }
  const [pattern, message] = opts.pattern ?? [];
  const checked = pattern ? rule.refine((v) => v === '' || pattern.test(v), message) : rule;
  return checked
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
}

export function text<R extends boolean = false>(
  opts: Common & {
    required?: R;
    max: number;
    case?: 'upper' | 'lower';
    pattern?: readonly [RegExp, string];
    multiline?: boolean;
  },
): Field<Types<{ dto: Maybe<string, R>; col: Maybe<string, R> }>> {
  return base('text', opts, {
    inputOf: () => fieldText(opts),
    column: { type: 'text', suffix: '' },
    multiline: opts.multiline,
    max: opts.max,
  });
}

export function email<R extends boolean = false>(
  opts: Common & { required?: R },
): Field<Types<{ dto: Maybe<string, R>; col: Maybe<string, R> }>> {
  return base('email', opts, {
    inputOf: () => (opts.required ? emailRule : optionalEmail),
    column: { type: 'text', suffix: '' },
  });
}

/**
 * A phone (docs/product/accounts.md#phones). US phones are stored as their 10 digits; a phone with a country field is
 * checked against that country's digits by the definition's rules (schema/records.ts phoneProblem).
 */
export function phone(
  opts: Common & { countryField?: string },
): Field<Types<{ dto: string | null; col: string | null }>> {
  const inputOf = () =>
    opts.countryField
      ? z
          .string()
          .trim()
          .superRefine(textRule())
          .max(30)
          .optional()
          .nullable()
          .transform((v) => (v ? v : null))
      : usPhone;
  return base('phone', opts, { inputOf, column: { type: 'text', suffix: '' }, countryField: opts.countryField });
}

export const zip = (opts: Common) =>
  base<Types<{ dto: string | null; col: string | null }>>('text', opts, {
    inputOf: () => zipRule,
    column: { type: 'text', suffix: '' },
  });
export const mcNumber = (opts: Common) =>
  base<Types<{ dto: string | null; col: string | null }>>('text', opts, {
    inputOf: () => mcRule,
    column: { type: 'text', suffix: '' },
  });
export const usdot = (opts: Common) =>
  base<Types<{ dto: string | null; col: string | null }>>('text', opts, {
    inputOf: () => usdotNumber,
    column: { type: 'text', suffix: '' },
  });

export function integer<R extends boolean = false>(
  opts: Common & { required?: R; min?: number; max?: number; default?: number },
): Field<Types<{ dto: Maybe<number, R>; col: Maybe<number, R> }>> {
  // A default makes it always there (NOT NULL).
  if (opts.default !== undefined) opts = { ...opts, required: true as R };
  const { label, min, max, required } = opts;
  const inputOf = () => {
    let rule = z.number({ error: `${label} is a whole number` }).int(`${label} is a whole number`);
    if (min !== undefined) rule = rule.min(min, `${label} is at least ${min}`);
    if (max !== undefined) rule = rule.max(max, `${label} is at most ${groupDigits(max)}`);
    return opts.default !== undefined ? rule.default(opts.default) : required ? rule : nullable(rule);
  };
  return base('integer', opts, {
    inputOf,
    column: { type: 'integer', suffix: '' },
    min: opts.min,
    max: opts.max,
    defaultValue: opts.default,
  });
}

/**
 * A number with at most `scale` decimals within [min, max], every one declared (a pay rate: scale 2, 0.01 to
 * 100,000). A value with more decimals, or outside the bounds, is refused with a message naming the label, never
 * rounded (schema/decimal.ts). Stored exactly as the integer value × 10^scale (a rate of 0.65 as 65): changing a stored
 * field's scale changes what its column means, which is a migration.
 */
export function decimal(
  opts: Common & { required: true; scale: number; min: number; max: number },
): Field<Types<{ dto: number; col: number }>> {
  const { scale, min, max, ...rest } = opts;
  checkBounds(opts.label, { scale, min, max });
  return base('decimal', rest, {
    inputOf: () => decimalRule(opts.label, { scale, min, max }),
    column: { type: 'integer', suffix: '' },
    toColumn: (v) => {
      const units = toScaled(v as number, scale);
      if (units === null) throw new RangeError(`${opts.label}: ${String(v)} has more than ${scale} decimals`);
      return units;
    },
    fromColumn: (v) => fromScaled(Number(v), scale),
    scale,
    min,
    max,
  });
}

/**
 * Dollars with at most two decimals, stored as integer cents in `<key>_cents` (schema/money.ts: a third decimal is
 * refused, never rounded). From 0 (or `min`) to the one money limit, $10,000,000.00, unless the field declares a
 * narrower `max`.
 */
export function money<R extends boolean = false>(
  opts: Common & { required?: R; min?: number; max?: number; range?: boolean },
): Field<Types<{ dto: Maybe<number, R>; col: Maybe<number, R>; suffix: '_cents' }>> {
  checkMoneyBounds(opts.label, opts);
  const inputOf = () => {
    const rule = moneyRule(opts.label, { min: opts.min, max: opts.max });
    return opts.required ? rule : nullable(rule);
  };
  return base('money', opts, {
    inputOf,
    column: { type: 'integer', suffix: '_cents' },
    toColumn: (v) => (v === null || v === undefined ? null : toCents(v as number)),
    fromColumn: (v) => (v === null || v === undefined ? null : fromCents(Number(v))),
    min: opts.min ?? 0,
    max: opts.max ?? MAX_MONEY,
    range: opts.range,
  });
}

/** A business date (YYYY-MM-DD). `expires` names what runs out on it: the record then has expiry chips and filter. */
export function date<R extends boolean = false, E extends string | undefined = undefined>(
  opts: Common & { required?: R; expires?: E },
): Field<Types<{ dto: Maybe<string, R>; col: Maybe<string, R>; expires: E extends string ? true : false }>> {
  return base('date', opts, {
    inputOf: () => (opts.required ? businessDate : optionalDate),
    column: { type: 'text', suffix: '' },
    expires: opts.expires,
  });
}

/** One of a fixed list of values, each with its words (and, for status chips, a colour). */
export function choice<const V extends readonly [string, ...string[]], R extends boolean = true>(
  values: V,
  opts: Common & {
    required?: R;
    labels: { readonly [K in V[number]]: string };
    colours?: { readonly [K in V[number]]?: ChipColour };
    default?: V[number];
  },
): Field<Types<{ dto: Maybe<V[number], R>; col: Maybe<string, R> }>> {
  const required = opts.required ?? true;
  const inputOf = () => {
    const rule = z.enum(values);
    return opts.default !== undefined ? rule.default(opts.default as never) : required ? rule : nullable(rule);
  };
  return base(
    'choice',
    { ...opts, required },
    {
      inputOf,
      column: { type: 'text', suffix: '' },
      choices: { values, labels: opts.labels, colours: opts.colours },
      defaultValue: opts.default,
    },
  );
}

/** Yes or no, stored as 0/1. */
export function boolean(opts: Common & { default: boolean }): Field<Types<{ dto: boolean; col: number }>> {
  return base(
    'boolean',
    { ...opts, required: true },
    {
      inputOf: () => z.boolean({ error: `${opts.label}: yes or no` }).default(opts.default),
      column: { type: 'integer', suffix: '' },
      toColumn: (v) => (v ? 1 : 0),
      fromColumn: (v) => Number(v) === 1,
      defaultValue: opts.default,
    },
  );
}

/** The id of another record, checked to exist; the DTO also carries what the list shows of it (schema/define/references.ts). */
export function reference<T extends ReferenceTarget, R extends boolean = false, N extends boolean = false>(
  target: T,
  opts: Common & { required?: R; nullableColumn?: N },
): Field<
  Types<{
    dto: Maybe<number, N extends true ? false : R>;
    col: Maybe<number, N extends true ? false : R>;
    display: (typeof REFERENCE_TARGETS)[T]['display'];
  }>
> {
  // nullableColumn: required of every write, while the column still allows the null of rows older than the rule.
  const { nullableColumn, ...rest } = opts;
  return base('reference', rest, {
    inputOf: () => (opts.required ? idValue : optionalId),
    column: { type: 'integer', suffix: '', notNull: opts.required && !nullableColumn },
    target,
  });
}

/** The body rules of a group's or a row's fields, by key. */
const inputShape = (fields: Readonly<Record<string, Field>>) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, field.input!]));

type GroupDto<G extends Record<string, Field>> = { [K in keyof G]: NonNullable<G[K]['__types']>['dto'] };

/**
 * Fields that are there together or not at all (a carrier's insurance): stored as `<key>_<field>` columns, sent and
 * read as one object or null. The group is present when its `presentWhen` column is set.
 */
export function group<const G extends Record<string, Field>>(
  fields: G,
  opts: Flags & { presentWhen: keyof G & string },
): Field<Types<{ dto: GroupDto<G> | null; col: never; stored: 'group'; group: G }>> {
  return lazy<Field, 'input'>(
    {
      kind: 'group',
      flags: opts,
      required: false,
      toColumn: same,
      fromColumn: same,
      group: { fields, presentWhen: opts.presentWhen },
    },
    'input',
    () => z.object(inputShape(fields)).nullable().default(null),
  ) as never;
}

type RowDto<G extends Record<string, Field>> = { [K in keyof G]: NonNullable<G[K]['__types']>['dto'] };

/** A list of rows kept in a child table (a broker's contacts), in the order given, replaced as a whole on save. */
export function rows<const G extends Record<string, Field>, const T extends string, const P extends string>(
  fields: G,
  opts: Flags & { table: T; parent: P; max: number },
): Field<Types<{ dto: RowDto<G>[]; col: never; stored: 'none'; child: { table: T; parent: P; fields: G } }>> {
  const { table, parent, max, ...flags } = opts;
  return lazy<Field, 'input'>(
    {
      kind: 'rows',
      flags: { search: false, sort: false, ...flags },
      required: false,
      toColumn: same,
      fromColumn: same,
      rows: { table, parent, fields, max },
    },
    'input',
    () =>
      z
        .array(z.object(inputShape(fields)))
        .max(max, `At most ${max} ${inSentence(flags.label)}`)
        .default([]),
  ) as never;
}

/**
 * A value the server works out (a name from two columns, the driver of a truck today): in the DTO, never in a body.
 * `shows` says it names another record whose id is in another field (the list links to it).
 */
export function computed<T>(
  opts: Flags & { shows?: { target: ReferenceTarget; idField: string } },
): Field<Types<{ dto: T; col: never; stored: 'none'; hasInput: false }>> {
  const { shows, ...flags } = opts;
  return {
    kind: 'computed',
    flags: { form: false, ...flags },
    required: false,
    toColumn: same,
    fromColumn: same,
    shows,
  };
}

/** A computed value that is one of a list (a driver's status, from the termination date): shown as a chip. */
export function computedChoice<const V extends readonly [string, ...string[]]>(
  values: V,
  opts: Flags & { labels: { readonly [K in V[number]]: string }; colours?: { readonly [K in V[number]]?: ChipColour } },
): Field<Types<{ dto: V[number]; col: never; stored: 'none'; hasInput: false }>> {
  const { labels, colours, ...flags } = opts;
  return { ...computed<V[number]>(flags), choices: { values, labels, colours } };
}

/**
 * In the body and not a column of the table: the server stores what it keeps of it (a fuel card's last 4 digits, a
 * user's roles). `inDto` when the answer carries it back (role ids); never otherwise (a card number).
 */
export function writeOnly<S extends ZodType, D extends boolean = false>(
  input: S,
  opts: Flags & { optionalOnUpdate?: boolean; inDto?: D },
): Field<Types<{ dto: D extends true ? z.output<S> : never; in: z.output<S>; col: never; stored: 'none'; inDto: D }>> {
  const { optionalOnUpdate, inDto: _inDto, ...flags } = opts;
  return {
    kind: 'writeOnly',
    flags: { csv: false, list: false, ...flags },
    required: true,
    input,
    optionalOnUpdate,
    toColumn: same,
    fromColumn: same,
  };
}

/**
 * A field set when the record is created and never changed after (a ledger entry's driver, amount, direction): not
 * in the update body, shown read-only on the edit screen. A correction is a new record (a void).
 */
export function fixed<T extends FieldTypes>(
  field: Field<T>,
  why = 'is set when the record is created and cannot change',
): Field<Omit<T, 'hasInput'> & { hasInput: 'create' }> {
  return copyWith(field, { update: 'never', fixedWhy: why }) as Field<Omit<T, 'hasInput'> & { hasInput: 'create' }>;
}

/** A field of the update body only (a user's active flag: a new user starts inactive). */
export function updateOnly<T extends FieldTypes>(field: Field<T>): Field<Omit<T, 'hasInput'> & { hasInput: 'update' }> {
  return copyWith(field, { update: 'only' }) as Field<Omit<T, 'hasInput'> & { hasInput: 'update' }>;
}
