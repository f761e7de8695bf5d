import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Field } from '../../../schema/define/fields';
import { snakeCase } from '../../../schema/define/naming';
import { REFERENCE_TARGETS } from '../../../schema/define/references';
import {
  type AnyResource,
  type ComputedOf,
  type Fields,
  type FilterValue,
  columnOf,
  displayKey,
} from '../../../schema/define/resource';
import { expiryItems } from '../../../schema/expiry';
import { plainMoney } from '../../../schema/format';
import { toCents } from '../../../schema/money';
import { type Period, periodRange } from '../../../schema/period';
import type { RecordDto } from '../../../schema/records';
import type { ServerContext } from '../../context';
import type { JsonRenderer, JsonShape } from '../../db/json';
import type { Db } from '../../db/types';
import type { CsvColumn } from '../../http/csv';
import { REFERENCE_SQL } from './references';
import { equals, expiringWhere, recordMeta } from './query';
import type { RecordHelpers } from './routes';
import {
  type AnyQuery,
  type AnyRecordDefinition,
  type Children,
  type RecordDefinition,
  type Reference,
  type Row,
  type Unique,
  type Where,
  type WriteContext,
  anyTables,
} from './types';

/** A resource's records as the server handles them: the DTO it answers, the body of a create or an update, the list's query. */
export type RecordDtoOf<D extends AnyResource> = D['types']['dto'];
/** What create and update bodies hold: the update's fields, and the create-only ones when creating. */
export type RecordInputOf<D extends AnyResource> = D['types']['update'] & Partial<D['types']['input']>;
export type RecordQueryOf<D extends AnyResource> = D['types']['query'];
/** The server's record declaration of a resource (server/modules/records/types.ts), typed by its definition. */
export type RecordDefinitionOf<D extends AnyResource> = RecordDefinition<
  RecordDtoOf<D>,
  RecordInputOf<D>,
  RecordQueryOf<D>
>;
/** The record helpers an extension's routes get (load, guarded writes, list …), typed by its resource. */
export type RecordHelpersOf<D extends AnyResource> = RecordHelpers<RecordDtoOf<D>, RecordInputOf<D>, RecordQueryOf<D>>;

/** The resource an extension belongs to, in its type alone (never set): see RecordExtension. */
declare const RESOURCE: unique symbol;

/**
 * What a resource needs on the server beyond its definition: the values it computes, the SQL of computed sorts,
 * searches and query-only filters, extra columns it writes, checks inside the write's transaction, more routes.
 * A definition that needs none of this has no extension at all.
 *
 * `D` is the resource's definition (`RecordExtension<typeof drivers>`): the computed values, the query-only filters,
 * the bodies, DTOs and helpers are its own, and an extension of one resource is not one of another, however few
 * members it has (the table it is for is part of its type).
 */
export interface RecordExtension<D extends AnyResource> {
  readonly [RESOURCE]?: D['table'];
  /** More joins and columns over "r" (the driver a unit has today …). */
  select?(query: AnyQuery, today: string): AnyQuery;
  /** The DTO's computed values from the row (and the extension's own child rows). */
  computed?(row: Row, children: unknown, today: string): ComputedOf<D['fields']>;
  /**
   * The same values as SQL over `select`'s joins, for lists the database renders as JSON (server/db/json.ts): without
   * it, a resource with computed values is listed through toDto.
   */
  computedJson?(json: JsonRenderer, today: string): JsonShape;
  /** Columns written besides the fields' own (a card's last 4 digits, a new user's flags). */
  columns?(input: RecordInputOf<D>, before: RecordDtoOf<D> | null, request: FastifyRequest): Row;
  /** Sort key → columns or expressions: computed sorts, and sorts that are more than their column. */
  sorts?: Record<string, readonly (string | RawBuilder<unknown>)[]>;
  /** SQL expressions the search box also matches (a name made of two columns). */
  search?: readonly string[];
  /** How each query-only filter of the definition filters. */
  filters?: { [K in keyof D['filters']]: (value: FilterValue<D['filters'][K]>, today: string) => Where };
  /** Child rows of its own (a user's roles), loaded per page and saved with the record. */
  children?: Children<RecordInputOf<D>>;
  unique?: readonly Unique<RecordInputOf<D>>[];
  beforeWrite?(trx: Db, context: WriteContext<RecordDtoOf<D>, RecordInputOf<D>>): Promise<void>;
  afterCommit?(context: WriteContext<RecordDtoOf<D>, RecordInputOf<D>> & { after: RecordDtoOf<D> }): void;
  /** The module registers its own create and update (users). */
  customWrites?: boolean;
  /** What the caller may see (a driver: their own records); applied to every read. */
  scope?(request: FastifyRequest): Promise<Where | null>;
  /** More of the list's answer for the same filtered rows (totals …). */
  listExtras?(
    filteredRows: AnyQuery,
    query: RecordQueryOf<D>,
    request: FastifyRequest | null,
  ): Promise<Record<string, unknown> & { totalCount?: number }>;
  /** Inside an update's, delete's or restore's transaction, after its own write. */
  afterWrite?(trx: Db, context: WriteContext<RecordDtoOf<D>, RecordInputOf<D>>): Promise<void>;
  /** Inside a create's transaction, after the insert. */
  afterCreate?(
    trx: Db,
    context: WriteContext<RecordDtoOf<D>, RecordInputOf<D>> & { after: RecordDtoOf<D> },
  ): Promise<void>;
  /** More routes of the same area, with the record helpers (activation, dropdowns …). */
  routes?(app: FastifyInstance, ctx: ServerContext, records: RecordHelpersOf<D>): void | Promise<void>;
}
/**
 * An extension seen by the generic code, whatever its resource: every RecordExtension<typeof x> is one (as
 * AnyRecordDefinition is for the record declarations). Only fromDefinition and the registry (plugin.ts) see it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyExtension = RecordExtension<any>;

const refAlias = (key: string) => `ref_${key}`;
const EXT = Symbol('extension children');

/** A child table's rows (broker contacts …): loaded for a page of parents at once, replaced as a whole on save. */
function rowsChildren(key: string, field: Field) {
  const { table, parent, fields } = field.rows!;
  const subs = Object.entries(fields);
  return {
    async load(db: Db, ids: number[]) {
      const found: Row[] = await anyTables(db)
        .selectFrom(table)
        .selectAll()
        .where(parent, 'in', ids)
        .orderBy('position')
        .execute();
      const map = new Map<number, unknown[]>();
      for (const row of found) {
        const dto = Object.fromEntries(subs.map(([sub, inner]) => [sub, inner.fromColumn(row[columnOf(sub, inner)])]));
        map.set(Number(row[parent]), [...(map.get(Number(row[parent])) ?? []), dto]);
      }
      return map;
    },
    async save(trx: Db, id: number, input: Row) {
      if (!(key in input)) return;
      await anyTables(trx).deleteFrom(table).where(parent, '=', id).execute();
      const values = (input[key] as Row[]).map((item, position) => ({
        ...Object.fromEntries(subs.map(([sub, inner]) => [columnOf(sub, inner), inner.toColumn(item[sub])])),
        [parent]: id,
        position,
      }));
      if (values.length) await anyTables(trx).insertInto(table).values(values).execute();
    },
  };
}

/** A CSV cell of a field's DTO value, as a person reads it. */
function csvValue(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === 'money') return plainMoney(value as number);
  if (field.kind === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(' ');
  return value;
}

function csvColumns(resource: AnyResource): CsvColumn<Row>[] {
  const columns: CsvColumn<Row>[] = [];
  for (const [key, field] of Object.entries(resource.fields as Fields)) {
    if (field.flags.csv === false || (field.kind === 'writeOnly' && field.flags.csv !== true)) continue;
    if (field.group) {
      for (const [sub, inner] of Object.entries(field.group.fields))
        columns.push([inner.flags.label, (dto) => csvValue(inner, (dto[key] as Row | null)?.[sub])]);
    } else if (field.rows) {
      const subs = Object.entries(field.rows.fields);
      columns.push([
        field.flags.label,
        (dto) =>
          (dto[key] as Row[])
            .map((item) =>
              subs
                .map(([sub]) => item[sub])
                .filter(Boolean)
                .join(' / '),
            )
            .join('; '),
      ]);
    } else if (field.kind === 'reference') {
      columns.push([field.flags.label, (dto) => dto[displayKey(key, field.target!)]]);
    } else {
      columns.push([field.flags.label, (dto) => csvValue(field, dto[key])]);
    }
  }
  if (resource.expiring.length)
    columns.push([
      'Expiry',
      (dto) => (dto.expiry as { field: string; state: string }[]).map((e) => `${e.field} ${e.state}`).join('; '),
    ]);
  columns.push(['Deleted', (dto) => (dto.deleted ? 'yes' : 'no')]);
  return columns;
}

/** What the search box matches: the searched fields' columns and the extension's expressions. */
function searchExpressions(resource: AnyResource, extension: AnyExtension): string[] {
  const expressions: string[] = [];
  for (const [key, field] of Object.entries(resource.fields as Fields)) {
    if (field.flags.search && field.column) expressions.push(`r.${columnOf(key, field)}`);
    for (const [sub, inner] of Object.entries(field.group?.fields ?? {}))
      if (inner.flags.search) expressions.push(`r.${columnOf(sub, inner, `${snakeCase(key)}_`)}`);
  }
  return [...expressions, ...(extension.search ?? [])];
}

function filtersOf(resource: AnyResource, extension: AnyExtension): AnyRecordDefinition['filters'] {
  const filters: AnyRecordDefinition['filters'] = {};
  for (const [key, field] of Object.entries(resource.fields as Fields)) {
    if (!field.flags.filter) continue;
    const column = `r.${columnOf(key, field)}`;
    if (field.kind === 'boolean') filters[key] = (value: boolean) => equals(column)(value ? 1 : 0);
    else if (field.kind === 'text')
      filters[key] =
        (value: string): Where =>
        (eb) =>
          eb(eb.fn('lower', [column]), '=', value.toLowerCase());
    else filters[key] = equals(column);
  }
  if (resource.expiring.length) filters.expiring = expiringWhere(resource.expiring.map((e) => `r.${e.column}`));
  if (resource.period) {
    const column = `r.${columnOf(resource.period.field, (resource.fields as Fields)[resource.period.field])}`;
    // The period and its dates filter together (a custom period reads from and to); from and to alone do nothing.
    filters.filtered = (period: Period, today: string, query: { from?: string; to?: string }): Where | null => {
      const range = periodRange(period, today, query.from, query.to);
      if (!range.from && !range.to) return null;
      return (eb) =>
        eb.and([
          ...(range.from ? [eb(column, '>=', range.from)] : []),
          ...(range.to ? [eb(column, '<=', range.to)] : []),
        ]);
    };
  }
  for (const [key, field] of Object.entries(resource.fields as Fields)) {
    if (!field.range) continue;
    const column = `r.${columnOf(key, field)}`;
    filters[`${key}Min`] =
      (dollars: number): Where =>
      (eb) =>
        eb(column, '>=', toCents(dollars));
    filters[`${key}Max`] =
      (dollars: number): Where =>
      (eb) =>
        eb(column, '<=', toCents(dollars));
  }
  return { ...filters, ...extension.filters };
}

/**
 * The list item as the database renders it (RecordDefinition.listItem): the keys toDto writes, in its order, each
 * value in its SQL form. Null when some part of the DTO has none: child rows, groups, expiry chips, the extension's
 * own children, or computed values without `computedJson`.
 */
function listItemOf(resource: AnyResource, extension: AnyExtension): AnyRecordDefinition['listItem'] {
  const fields = Object.entries(resource.fields as Fields);
  if (fields.some(([, field]) => field.rows || field.group) || resource.expiring.length || extension.children)
    return undefined;
  if (fields.some(([, field]) => field.kind === 'computed') && !extension.computedJson) return undefined;
  const ref = (column: string) => sql.ref(`r.${column}`);
  return (json, today) => {
    const shape: Record<string, JsonShape[string]> = {
      id: ref('id'),
      version: ref('version'),
      deleted: json.isSet(ref('deleted_at')),
      deletedAt: ref('deleted_at'),
      createdAt: ref('created_at'),
      updatedAt: ref('updated_at'),
    };
    for (const [key, field] of fields) {
      if (!field.column) continue;
      const column = ref(columnOf(key, field));
      shape[key] =
        field.kind === 'money'
          ? json.dollars(column)
          : field.kind === 'decimal'
            ? json.decimal(column, field.scale!)
            : field.kind === 'boolean'
              ? json.flag(column)
              : column;
    }
    for (const [key, field] of fields)
      if (field.kind === 'reference')
        shape[displayKey(key, field.target!)] = REFERENCE_SQL[field.target!].display(refAlias(key));
    // As toDto's spread: a computed key that is also a field's keeps the field's place and takes the computed value.
    return json.document(Object.assign(shape, extension.computedJson?.(json, today)));
  };
}

/**
 * The server's record declaration (server/modules/records/types.ts) of a definition: its select with the
 * references' names, the row ↔ DTO mapping, columns, search, filters, sorts, references, unique rules and CSV, with
 * the extension's additions. A definition whose computed values, sorts or filters have no SQL is refused at start.
 * The extension is checked against the definition (`RecordExtension<D>`); the declaration is typed by it too.
 */
export function fromDefinition<D extends AnyResource>(
  resource: D,
  extension: RecordExtension<D> = {},
): RecordDefinitionOf<D> {
  return declarationOf(resource, extension);
}

/** fromDefinition's work, on rows and bodies as the generic code sees them (Row). */
function declarationOf(resource: AnyResource, extension: AnyExtension): AnyRecordDefinition {
  const fields = Object.entries(resource.fields as Fields);
  const missing = [
    ...(fields.filter(([, f]) => f.kind === 'computed').length && !extension.computed ? ['computed'] : []),
    ...Object.entries(resource.sortColumns)
      .filter(([key, column]) => column === null && !extension.sorts?.[key])
      .map(([key]) => `sorts.${key}`),
    ...(fields.filter(([, f]) => f.kind === 'computed' && f.flags.search).length && !extension.search?.length
      ? ['search']
      : []),
    ...Object.keys(resource.filters)
      .filter((key) => !extension.filters?.[key])
      .map((key) => `filters.${key}`),
  ];
  if (missing.length) throw new Error(`The server extension of ${resource.api} must say ${missing.join(', ')}`);

  const references = fields.filter(([, f]) => f.kind === 'reference');
  const rowsFields = fields.filter(([, f]) => f.rows);
  const childLoaders = rowsFields.map(([key, field]) => [key, rowsChildren(key, field)] as const);
  const children: Children<Row> | undefined =
    childLoaders.length || extension.children
      ? {
          async load(db, ids) {
            const merged = new Map<number, Record<string | symbol, unknown>>(ids.map((id) => [id, {}]));
            for (const [key, loader] of childLoaders)
              for (const [id, items] of await loader.load(db, ids)) merged.get(id)![key] = items;
            if (extension.children)
              for (const [id, value] of await extension.children.load(db, ids)) merged.get(id)![EXT] = value;
            return merged;
          },
          async save(trx, id, input) {
            for (const [, loader] of childLoaders) await loader.save(trx, id, input);
            await extension.children?.save(trx, id, input);
          },
        }
      : undefined;

  const sorts: Record<string, readonly (string | RawBuilder<unknown>)[]> = {};
  for (const [key, column] of Object.entries(resource.sortColumns))
    sorts[key] = key === 'id' ? [] : (extension.sorts?.[key] ?? [`r.${column}`]);

  // Each row's columns → DTO keys, worked out once per definition, not per row (a list page maps fifty rows).
  const readers = fields
    .filter(([, field]) => field.column)
    .map(([key, field]) => ({ key, column: columnOf(key, field), fromColumn: field.fromColumn.bind(field) }));
  const displays = fields
    .filter(([, field]) => field.kind === 'reference')
    .map(([key, field]) => ({ key: displayKey(key, field.target!), alias: refAlias(key) }));
  return {
    label: resource.singular,
    path: resource.api,
    table: resource.table,
    entity: resource.entity,
    csvName: resource.plural.toLowerCase().replace(/\s+/g, '-'),
    access: { read: resource.readFeatures, write: resource.writeFeatures },
    schemas: { create: resource.create, update: resource.update, query: resource.query },
    select(query, today) {
      let selected = query.selectAll('r');
      for (const [key, field] of references) {
        const target = REFERENCE_TARGETS[field.target!].table;
        const alias = refAlias(key);
        selected = selected
          .leftJoin(`${target} as ${alias}`, `${alias}.id`, `r.${columnOf(key, field)}`)
          .select(REFERENCE_SQL[field.target!].display(alias).as(alias));
      }
      return extension.select ? extension.select(selected, today) : selected;
    },
    toDto(row, loaded, today) {
      const dto: Row = recordMeta(row);
      const childRows = (loaded ?? {}) as Record<string | symbol, unknown>;
      for (const { key, column, fromColumn } of readers) dto[key] = fromColumn(row[column]);
      for (const { key, alias } of displays) dto[key] = row[alias] ?? null;
      for (const [key, field] of fields) {
        if (field.rows) dto[key] = childRows[key] ?? [];
        if (field.group) {
          const prefix = `${snakeCase(key)}_`;
          const present =
            row[columnOf(field.group.presentWhen, field.group.fields[field.group.presentWhen], prefix)] !== null;
          dto[key] = present
            ? Object.fromEntries(
                Object.entries(field.group.fields).map(([sub, inner]) => [
                  sub,
                  inner.fromColumn(row[columnOf(sub, inner, prefix)]),
                ]),
              )
            : null;
        }
      }
      if (resource.expiring.length)
        dto.expiry = expiryItems(Object.fromEntries(resource.expiring.map((e) => [e.path, row[e.column]])), today);
      return { ...dto, ...extension.computed?.(row, childRows[EXT], today) } as RecordDto;
    },
    columns(input, before, request) {
      const columns: Row = {};
      for (const [key, field] of fields) {
        if (!(key in input)) continue;
        if (field.column) columns[columnOf(key, field)] = field.toColumn(input[key]);
        for (const [sub, inner] of Object.entries(field.group?.fields ?? {})) {
          const value = (input[key] as Row | null)?.[sub];
          columns[columnOf(sub, inner, `${snakeCase(key)}_`)] =
            value === undefined || value === null ? null : inner.toColumn(value);
        }
      }
      return { ...columns, ...extension.columns?.(input, before, request) };
    },
    children,
    search: searchExpressions(resource, extension),
    filters: filtersOf(resource, extension),
    sorts,
    defaultSort: resource.defaultSort,
    references: references.map(([key, field]): Reference<Row> => ({
      field: key,
      value: (input) => input[key],
      table: REFERENCE_TARGETS[field.target!].table,
      live: REFERENCE_SQL[field.target!].live,
      message: REFERENCE_SQL[field.target!].message,
    })),
    unique: [
      ...fields
        .filter(([, f]) => f.unique)
        .map(([key, field]): Unique<Row> => {
          const rule = field.unique!;
          const column = columnOf(key, field);
          const valueOf = (input: Row) =>
            rule.caseInsensitive && typeof input[key] === 'string' ? (input[key] as string).toLowerCase() : input[key];
          return {
            field: key,
            expression: rule.caseInsensitive ? `lower(${column})` : column,
            value: valueOf,
            scope: rule.scope
              ? (input) =>
                  Object.fromEntries(
                    rule.scope!.map((scoped) => [columnOf(scoped, (resource.fields as Fields)[scoped]), input[scoped]]),
                  )
              : undefined,
            message: (input) =>
              rule.message?.(String(input[key]), input) ??
              `Another ${resource.singular.toLowerCase()} has ${field.flags.label} ${String(input[key])}`,
          };
        }),
      ...(extension.unique ?? []),
    ],
    csv: csvColumns(resource) as CsvColumn<RecordDto>[],
    beforeWrite: extension.beforeWrite,
    afterCommit: extension.afterCommit,
    customWrites: extension.customWrites,
    appendOnly: resource.appendOnly,
    scope: extension.scope,
    listExtras: extension.listExtras,
    listItem: listItemOf(resource, extension),
    afterCreate: extension.afterCreate,
    afterWrite: extension.afterWrite,
  };
}
