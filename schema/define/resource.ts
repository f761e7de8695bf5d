import { z, type RefinementCtx, type ZodType } from 'zod';
import { businessDate, idText, queryBoolean } from '../common';
import type { ExpiryItem } from '../expiry';
import type { FeatureKey, Section } from '../features';
import type { IconName } from '../icons';
import { fromCents, parseDollars } from '../money';
import { PERIODS, type Period } from '../period';
import { type RecordDto, listQuery, version } from '../records';
import type { ColumnType, Field, FieldTypes } from './fields';
import { type SnakeCase, type UnionToIntersection, snakeCase } from './naming';
import { lazy } from '../lazy';
import { type DisplayKey, type ReferenceTarget, displayKey } from './references';

/**
 * One definition per record resource: its fields (schema/define/fields.ts), the feature that governs it, its
 * address, its sidebar place. Everything else is derived here or from here — the create, update and query schemas,
 * the DTO, input and table types, the columns, sorts, filters, search and CSV (server/modules/records), the screens
 * and labels (ui/records) — so each field is written once.
 */

export type Fields = Record<string, Field>;
type TypesOf<F> = F extends Field<infer T> ? T : never;

/** A filter of the list that is not a field's own (users waiting for activation, units assigned today). */
export interface QueryFilter {
  kind: 'yesNo' | 'flag' | 'reference' | 'choice' | 'text' | 'period' | 'date' | 'amount' | 'id';
  label: string;
  rule: ZodType;
  target?: ReferenceTarget | 'roles';
  choices?: { values: readonly string[]; labels: Readonly<Record<string, string>> };
}
export type Filters = Record<string, QueryFilter>;

/** A filter whose rule is built when first read (schema/lazy.ts). */
const ruled = (filter: Omit<QueryFilter, 'rule'>, rule: () => ZodType): QueryFilter =>
  lazy(filter as QueryFilter, 'rule', rule);

/** Query-only filters, by the control that sets them. */
export const only = {
  /** A yes/no select: both answers filter ("no" too). */
  yesNo: (label: string): QueryFilter & { __value?: boolean } =>
    ruled({ kind: 'yesNo', label }, () => queryBoolean.optional()),
  /** A switch: on filters, off does not. */
  flag: (label: string): QueryFilter & { __value?: boolean } =>
    ruled({ kind: 'flag', label }, () => queryBoolean.optional()),
  reference: (target: ReferenceTarget | 'roles', label: string): QueryFilter & { __value?: number } =>
    ruled({ kind: 'reference', label, target }, () => idText.optional()),
  /** The id of a record that is not a reference target (a pay bill), typed in or set by a link. */
  id: (label: string): QueryFilter & { __value?: number } => ruled({ kind: 'id', label }, () => idText.optional()),
};

type Access = FeatureKey | { read: readonly FeatureKey[]; write: readonly FeatureKey[] };

export interface ResourceSpec<F extends Fields, Q extends Filters> {
  /** The list's address; react-admin's resource name is it without "/app/". */
  route: `/app/${string}`;
  /** The API controller: GET/POST on it, GET/PUT/DELETE on /{id}, POST /{id}/restore, GET /export. */
  api: `/api/${string}`;
  /**
   * The list call of the screen when the original API names another than the controller's GET (broker fees:
   * transactions-filtered): the resource's server extension answers it with the same list (records.list).
   */
  listApi?: `/api/${string}`;
  table: string;
  /** audit_log.entity of its writes. */
  entity: string;
  singular: string;
  plural: string;
  /** The feature whose permissions govern it; or the features it is read with and written with. */
  access: Access;
  /**
   * A sidebar entry of its own, for a route that is not its feature's screen: shown to whoever may read the governing
   * feature (no permission of its own). Without it such a resource is reached through links (drivers, fuel cards).
   */
  nav?: { icon: IconName; section?: Section };
  fields: F;
  filters?: Q;
  /** Form sections in order: key → title. Fields name theirs (default: the first). */
  sections?: Readonly<Record<string, string>>;
  defaultSort: string;
  /** What names one record (the edit screen's title, pickers): a DTO key. */
  recordTitle: string;
  /** Rules across fields (both the server and the form check them). */
  rules?: (input: InputShape<F>, ctx: RefinementCtx) => void;
  /** What the body becomes once valid (a phone reduced to its digits …). */
  transform?: (input: InputShape<F>) => InputShape<F>;
  /** Columns the server writes that no field has (a password hash …), for the table type and the schema check. */
  storage?: Readonly<Record<string, { type: ColumnType; notNull: boolean }>>;
  /** The form starts with these (a select that must be chosen, chosen). */
  formDefaults?: Readonly<Record<string, unknown>>;
  /** The largest page a list call may ask for (default 500; the permissions screen reads 10,000 users). */
  maxPageSize?: number;
  /** The page size of a list call that does not say (default 50; tickets 10: docs/product/conventions.md#lists). */
  defaultPageSize?: number;
  /**
   * Records are never deleted or restored (a ledger): there are no delete and restore routes, and a correction is a
   * new record.
   */
  appendOnly?: boolean;
  /** The shared period filter (schema/period.ts) on this date field: the query's filtered, from and to. */
  period?: { field: keyof F & string; default: Period };
  /** What the list says when it cannot load, if the screen has words of its own (docs/product/shell.md#failure-messages). */
  loadProblem?: string;
  /** The search box's words when the server extension searches more than the fields marked `search` (names of references …). */
  searchHint?: string;
}

// ------------------------------------------------------------------------------------------------------------------
// Types derived from the fields.

type InDto<F extends Fields> = {
  [K in keyof F as TypesOf<F[K]>['inDto'] extends true ? K : never]: TypesOf<F[K]>['dto'];
};
type Displays<F extends Fields> = UnionToIntersection<
  {
    [K in keyof F]: TypesOf<F[K]>['display'] extends infer M extends 'code' | 'name'
      ? { [P in DisplayKey<K & string, M>]: string | null }
      : never;
  }[keyof F]
>;
type GroupExpires<G> = G extends Record<string, Field> ? { [K in keyof G]: TypesOf<G[K]>['expires'] }[keyof G] : false;
type Expires<F extends Fields> = {
  [K in keyof F]: TypesOf<F[K]>['expires'] | GroupExpires<TypesOf<F[K]>['group']>;
}[keyof F];
type ExpiryPart<F extends Fields> = true extends Expires<F> ? { expiry: ExpiryItem[] } : unknown;

/** What an answer carries: id, version, deleted and instants, every field, what references show, expirations. */
export type DtoOf<F extends Fields> = RecordDto &
  InDto<F> &
  ([Displays<F>] extends [never] ? unknown : Displays<F>) &
  ExpiryPart<F>;

type InValue<T extends FieldTypes> = 'in' extends keyof T ? T['in'] : T['dto'];
/** The valid create body. */
export type InputShape<F extends Fields> = {
  [K in keyof F as TypesOf<F[K]>['hasInput'] extends true | 'create' ? K : never]: InValue<TypesOf<F[K]>>;
};
/** The valid update body: the fields that may change, those only an update has, and the version read. */
export type UpdateShape<F extends Fields> = {
  [K in keyof F as TypesOf<F[K]>['hasInput'] extends true | 'update' ? K : never]: InValue<TypesOf<F[K]>>;
} & { version: number };

type ScalarColumns<F extends Fields, Prefix extends string = ''> = {
  [
    K in keyof F as TypesOf<F[K]>['stored'] extends 'column'
      ? `${Prefix}${SnakeCase<K & string>}${TypesOf<F[K]>['suffix']}`
      : never
  ]: TypesOf<F[K]>['col'];
};
type GroupColumns<F extends Fields> = UnionToIntersection<
  {
    [K in keyof F]: TypesOf<F[K]>['group'] extends infer G extends Fields
      ? {
          [C in keyof ScalarColumns<G, `${SnakeCase<K & string>}_`>]:
            ScalarColumns<G, `${SnakeCase<K & string>}_`>[C] | null;
        }
      : never;
  }[keyof F]
>;
type StorageColumns<S> =
  S extends Readonly<Record<string, { type: ColumnType; notNull: boolean }>>
    ? {
        [K in keyof S]: (S[K]['type'] extends 'text' ? string : number) | (S[K]['notNull'] extends true ? never : null);
      }
    : unknown;
/** The table's columns besides id and version (the server's table types add those as generated). */
export type ColumnsOf<F extends Fields, S = unknown> = ScalarColumns<F> &
  ([GroupColumns<F>] extends [never] ? unknown : GroupColumns<F>) &
  StorageColumns<S> & {
    created_at: string;
    updated_at: string;
    deleted_at: string | null;
  };

export type FilterValue<Q> = Q extends { __value?: infer V } ? V : never;
type FieldFilterValue<T extends FieldTypes> = NonNullable<T['dto']>;
/** The list's query: paging, search, sort, include-deleted, each filter, and `expiring` when something expires. */
export type QueryOf<F extends Fields, Q extends Filters> = {
  page: number;
  size: number;
  search?: string;
  sort?: string;
  showDeleted: boolean;
} & { [K in keyof Q]?: FilterValue<Q[K]> } & {
  [K in keyof F]?: FieldFilterValue<TypesOf<F[K]>>;
} & (true extends Expires<F> ? { expiring?: boolean } : unknown) & { filtered?: Period; from?: string; to?: string } & {
    [K in keyof F as `${K & string}Min` | `${K & string}Max`]?: number;
  };

// ------------------------------------------------------------------------------------------------------------------
// The definition: the spec and what is derived from it at run time.

export interface ColumnInfo {
  name: string;
  type: ColumnType;
  notNull: boolean;
}

export interface ResourceDefinition<
  F extends Fields = Fields,
  Q extends Filters = Filters,
  S = unknown,
  T extends string = string,
> extends ResourceSpec<F, Q> {
  table: T;
  /** react-admin's resource name: the route without /app/ ('management/vehicles'). */
  name: string;
  filters: Q;
  sections: Readonly<Record<string, string>>;
  storage: Readonly<Record<string, { type: ColumnType; notNull: boolean }>>;
  readFeatures: readonly FeatureKey[];
  writeFeatures: readonly FeatureKey[];
  /** The create body. */
  create: ZodType<InputShape<F>>;
  /** The update body: the create body and the version read. */
  update: ZodType<UpdateShape<F>>;
  query: ZodType<QueryOf<F, Q>>;
  /** Sort keys the query accepts (fields marked sort, then createdAt and id). */
  sortKeys: readonly string[];
  /** Sort key → its column (null: a computed value the server says how to sort by). */
  sortColumns: Readonly<Record<string, string | null>>;
  /** Query keys that filter: the fields marked filter and the query-only filters. */
  filterKeys: readonly string[];
  /** Date fields (top-level or in a group, dotted) that expire, with their words. */
  expiring: readonly { path: string; column: string; label: string }[];
  /** Every column of the table, with its type and NOT NULL. */
  columns: readonly ColumnInfo[];
  /** The words of the search box: what it searches. */
  searchHint: string;
  /** Phantom types for `typeof def.types.dto` … */
  types: {
    dto: DtoOf<F>;
    input: InputShape<F>;
    update: UpdateShape<F>;
    query: QueryOf<F, Q>;
    columns: ColumnsOf<F, S>;
  };
}

const RECORD_COLUMNS: ColumnInfo[] = [
  { name: 'id', type: 'integer', notNull: true },
  { name: 'created_at', type: 'text', notNull: true },
  { name: 'updated_at', type: 'text', notNull: true },
  { name: 'deleted_at', type: 'text', notNull: false },
  { name: 'version', type: 'integer', notNull: true },
];

export const columnOf = (key: string, field: Field, prefix = '') =>
  `${prefix}${snakeCase(key)}${field.column?.suffix ?? ''}`;

/** The columns the fields and the storage declare, in order (record columns first). */
function columnsOf(fields: Fields, storage: ResourceSpec<Fields, Filters>['storage']): ColumnInfo[] {
  const columns = [...RECORD_COLUMNS];
  for (const [key, field] of Object.entries(fields)) {
    if (field.column)
      columns.push({
        name: columnOf(key, field),
        type: field.column.type,
        notNull: field.column.notNull ?? field.required,
      });
    for (const [sub, inner] of Object.entries(field.group?.fields ?? {})) {
      if (inner.column)
        columns.push({ name: columnOf(sub, inner, `${snakeCase(key)}_`), type: inner.column.type, notNull: false });
    }
  }
  for (const [name, info] of Object.entries(storage ?? {})) columns.push({ name, ...info });
  return columns;
}

/** The filter a field marked `filter` gets, of the kind of control that sets it. */
function fieldFilter(key: string, field: Field): QueryFilter {
  const { label } = field.flags;
  switch (field.kind) {
    case 'choice':
      return ruled({ kind: 'choice', label, choices: field.choices }, () =>
        z.enum(field.choices!.values as [string, ...string[]]).optional(),
      );
    case 'reference':
      return ruled({ kind: 'reference', label, target: field.target }, () => idText.optional());
    case 'boolean':
      return ruled({ kind: 'yesNo', label }, () => queryBoolean.optional());
    case 'text':
      return ruled({ kind: 'text', label }, () => z.string().trim().max(200).optional());
    case 'integer':
      return ruled({ kind: 'id', label }, () => idText.optional());
    default:
      throw new Error(`${key}: a ${field.kind} field cannot be a list filter; declare a query-only filter instead`);
  }
}

/** The shared period filter's query keys: the period, and the dates of a custom one. */
function periodFilters(period: ResourceSpec<Fields, Filters>['period']): Record<string, QueryFilter> {
  if (!period) return {};
  return {
    filtered: ruled({ kind: 'period', label: 'Period' }, () => z.enum(PERIODS).default(period.default)),
    from: ruled({ kind: 'date', label: 'From' }, () => businessDate.optional()),
    to: ruled({ kind: 'date', label: 'To' }, () => businessDate.optional()),
  };
}

/** Read digit by digit (schema/money.ts): 125.5 is $125.50, a third decimal or an amount beyond the limit is refused. */
const dollars = () =>
  z
    .string()
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null) ctx.addIssue({ code: 'custom', message: 'An amount in dollars, e.g. 125.50' });
      return cents === null ? z.NEVER : fromCents(cents);
    })
    .optional();

/** Money fields marked `range`: <key>Min and <key>Max in dollars. */
function rangeFilters(fields: Fields): Record<string, QueryFilter> {
  const out: Record<string, QueryFilter> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (!field.range) continue;
    out[`${key}Min`] = ruled({ kind: 'amount', label: `${field.flags.label} from` }, dollars);
    out[`${key}Max`] = ruled({ kind: 'amount', label: `${field.flags.label} to` }, dollars);
  }
  return out;
}

/** 'Unit number, VIN, plate' from the labels of the searched fields. */
function searchHintOf(fields: Fields): string {
  const labels = Object.values(fields)
    .filter((f) => f.flags.search)
    .map((f) => f.flags.label);
  return labels
    .map((label, i) => (i === 0 ? label : label.replace(/^[A-Z](?=[a-z-])/, (c) => c.toLowerCase())))
    .join(', ');
}

/**
 * Checks the spec (every sort, filter and section it names exists) and derives the rest. A mistake is an error at
 * start-up (and in the tests), naming what to fix.
 */
export function defineResource<
  const F extends Fields,
  const T extends string,
  const Q extends Filters = Record<never, QueryFilter>,
  const S = unknown,
>(
  spec: ResourceSpec<F, Q> & { table: T; storage?: S & ResourceSpec<F, Q>['storage'] },
): ResourceDefinition<F, Q, S, T> {
  const fields = spec.fields as Fields;
  const sections = spec.sections ?? { main: spec.singular };
  const problems: string[] = [];
  for (const [key, field] of Object.entries(fields)) {
    if (field.flags.section && !(field.flags.section in sections))
      problems.push(`field ${key}: section "${field.flags.section}" is not in sections`);
    if (field.flags.sort && field.kind !== 'computed' && !field.column)
      problems.push(`field ${key}: a ${field.kind} field cannot be sorted by`);
  }
  const sortColumns: Record<string, string | null> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (field.flags.sort) sortColumns[key] = field.column ? columnOf(key, field) : null;
    for (const [sub, inner] of Object.entries(field.group?.fields ?? {})) {
      if (inner.flags.sort)
        sortColumns[`${key}${sub[0].toUpperCase()}${sub.slice(1)}`] = columnOf(sub, inner, `${snakeCase(key)}_`);
    }
  }
  Object.assign(sortColumns, { createdAt: 'created_at', id: 'id' });
  const sortKeys = Object.keys(sortColumns);
  if (!sortKeys.includes(spec.defaultSort.replace(/^-/, '')))
    problems.push(`defaultSort "${spec.defaultSort}" is not a sortable field`);
  const filters = (spec.filters ?? {}) as Q;
  const fieldFilters = Object.fromEntries(
    Object.entries(fields)
      .filter(([, f]) => f.flags.filter)
      .map(([key, f]) => [key, fieldFilter(key, f)]),
  );
  const expiring = Object.entries(fields).flatMap(([key, field]) => [
    ...(field.expires ? [{ path: key, column: columnOf(key, field), label: field.expires }] : []),
    ...Object.entries(field.group?.fields ?? {})
      .filter(([, inner]) => inner.expires)
      .map(([sub, inner]) => ({
        path: `${key}.${sub}`,
        column: columnOf(sub, inner, `${snakeCase(key)}_`),
        label: inner.expires!,
      })),
  ]);
  const allFilters: Record<string, QueryFilter> = {
    ...fieldFilters,
    ...filters,
    ...(expiring.length ? { expiring: only.flag('Expiring or expired') } : {}),
    ...periodFilters(spec.period),
    ...rangeFilters(fields),
  };
  const recordTitleKnown = spec.recordTitle in fields || ['id'].includes(spec.recordTitle);
  if (!recordTitleKnown) problems.push(`recordTitle "${spec.recordTitle}" is not a field`);
  if (problems.length) throw new Error(`Resource ${spec.route}: ${problems.join('; ')}`);

  const access = typeof spec.access === 'string' ? { read: [spec.access], write: [spec.access] } : spec.access;
  const definition = {
    ...spec,
    name: spec.route.replace(/^\/app\//, ''),
    filters,
    sections,
    storage: spec.storage ?? {},
    readFeatures: access.read,
    writeFeatures: access.write,
    sortKeys,
    sortColumns,
    filterKeys: Object.keys(allFilters),
    expiring,
    searchHint: spec.searchHint ?? searchHintOf(fields),
    types: undefined as never,
  } as unknown as ResourceDefinition<F, Q, S, T>;

  const inputs = Object.entries(fields).filter(([, f]) => f.input);
  const body = (update: boolean) => {
    const shape = Object.fromEntries(
      inputs
        .filter(([, f]) => (update ? f.update !== 'never' : f.update !== 'only'))
        .map(([key, f]) => [key, update && f.optionalOnUpdate ? f.input!.optional() : f.input!]),
    );
    // An update that sends a fixed field is refused naming it, rather than the value being dropped without a word.
    const refused = update
      ? Object.fromEntries(
          inputs
            .filter(([, f]) => f.update === 'never')
            .map(([key, f]) => [key, z.never({ error: `${f.flags.label} ${f.fixedWhy}` }).optional()]),
        )
      : {};
    Object.assign(shape, refused);
    let object: ZodType = z.object({ ...shape, ...(update ? { version } : {}) });
    if (spec.rules) object = object.superRefine(spec.rules as never);
    if (spec.transform) object = object.transform(spec.transform as never);
    return object;
  };
  lazy(definition, 'create', () => body(false) as never);
  lazy(definition, 'update', () => body(true) as never);
  lazy(
    definition,
    'query',
    () =>
      listQuery(
        sortKeys as [string, ...string[]],
        Object.fromEntries(Object.entries(allFilters).map(([key, f]) => [key, f.rule])),
        spec.maxPageSize,
        spec.defaultPageSize,
      ) as never,
  );
  lazy(definition, 'columns', () => columnsOf(fields, spec.storage));
  return definition;
}

/** Every filter of a definition's list — fields', query-only, and "expiring" — with the control that sets it. */
export function listFilters(def: AnyResource): Record<string, QueryFilter> {
  const result: Record<string, QueryFilter> = {};
  for (const [key, field] of Object.entries(def.fields as Fields))
    if (field.flags.filter) result[key] = fieldFilter(key, field);
  return {
    ...result,
    ...def.filters,
    ...(def.expiring.length ? { expiring: only.flag('Expiring or expired') } : {}),
    ...periodFilters(def.period),
    ...rangeFilters(def.fields as Fields),
  };
}

export { displayKey };
/** A definition seen by generic code, whatever its fields (their types are checked where they are declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ResourceDefinition<any, any, any, string>;

type ChildOf<F> = F extends Field<infer T> ? T['child'] : never;
/** The child tables of a definition's rows fields: their name, their parent column and their fields. */
export type ChildTablesOf<F extends Fields> = Exclude<{ [K in keyof F]: ChildOf<F[K]> }[keyof F], null>;
/** A child table's columns (besides id): the parent, the position, each field's column. */
export type ChildColumnsOf<C extends { parent: string; fields: Fields }> = { [P in C['parent']]: number } & {
  position: number;
} & ScalarColumns<C['fields']>;

/** The DTO values the server works out itself (computed fields, write-only fields it reads back). */
export type ComputedOf<F extends Fields> = {
  [
    K in keyof F as TypesOf<F[K]>['stored'] extends 'none'
      ? TypesOf<F[K]>['inDto'] extends true
        ? TypesOf<F[K]>['child'] extends null
          ? K
          : never
        : never
      : never
  ]: TypesOf<F[K]>['dto'];
};
