import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Field } from '../../../schema/define/fields';
import { snakeCase } from '../../../schema/define/naming';
import { REFERENCE_TARGETS } from '../../../schema/define/references';
import { type AnyResource, type ComputedOf, type Fields, type FilterValue, columnOf, displayKey } from '../../../schema/define/resource';
import { expiryItems } from '../../../schema/expiry';
import { type Period, periodRange } from '../../../schema/period';
import type { RecordDto } from '../../../schema/records';
import type { ServerContext } from '../../context';
import type { JsonRenderer, JsonShape } from '../../db/json';
import type { Db } from '../../db/types';
import type { CsvColumn } from '../../http/csv';
import { REFERENCE_SQL } from './references';
import { equals, expiringWhere, recordMeta } from './query';
import type { RecordHelpers } from './routes';
import type { AnyQuery, AnyRecordDefinition, Children, Reference, Row, Unique, Where, WriteContext } from './types';

type DtoOf<D extends AnyResource> = D['types']['dto'];
/** What create and update bodies hold: the update's fields, and the create-only ones when creating. */
type InputOf<D extends AnyResource> = D['types']['update'] & Partial<D['types']['input']>;

/**
 * What a resource needs on the server beyond its definition: the values it computes, the SQL of computed sorts,
 * searches and query-only filters, extra columns it writes, checks inside the write's transaction, more routes.
 * A definition that needs none of this has no extension at all.
 */
export interface RecordExtension<D extends AnyResource> {
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
  columns?(input: InputOf<D>, before: DtoOf<D> | null, request: FastifyRequest): Row;
  /** Sort key → columns or expressions: computed sorts, and sorts that are more than their column. */
  sorts?: Record<string, readonly (string | RawBuilder<unknown>)[]>;
  /** SQL expressions the search box also matches (a name made of two columns). */
  search?: readonly string[];
  /** How each query-only filter of the definition filters. */
  filters?: { [K in keyof D['filters']]: (value: FilterValue<D['filters'][K]>, today: string) => Where };
  /** Child rows of its own (a user's roles), loaded per page and saved with the record. */
  children?: Children<InputOf<D>>;
  unique?: readonly Unique<InputOf<D>>[];
  beforeWrite?(trx: Db, context: WriteContext<DtoOf<D>, InputOf<D>>): Promise<void>;
  afterCommit?(context: WriteContext<DtoOf<D>, InputOf<D>> & { after: DtoOf<D> }): void;
  /** The module registers its own create and update (users). */
  customWrites?: boolean;
  /** What the caller may see (a driver: their own records); applied to every read. */
  scope?(request: FastifyRequest): Promise<Where | null>;
  /** More of the list's answer for the same filtered rows (totals …). */
  listExtras?(filteredRows: AnyQuery, query: D['types']['query'], request: FastifyRequest | null): Promise<Record<string, unknown> & { totalCount?: number }>;
  /** Inside an update's, delete's or restore's transaction, after its own write. */
  afterWrite?(trx: Db, context: WriteContext<DtoOf<D>, InputOf<D>>): Promise<void>;
  /** Inside a create's transaction, after the insert. */
  afterCreate?(trx: Db, context: WriteContext<DtoOf<D>, InputOf<D>> & { after: DtoOf<D> }): Promise<void>;
  /** More routes of the same area, with the record helpers (activation, dropdowns …). */
  routes?(app: FastifyInstance, ctx: ServerContext, records: RecordHelpers<DtoOf<D>, InputOf<D>, D['types']['query']>): void | Promise<void>;
}
export type AnyExtension = RecordExtension<AnyResource>;

const refAlias = (key: string) => `ref_${key}`;
const EXT = Symbol('extension children');

/** A child table's rows (broker contacts …): loaded for a page of parents at once, replaced as a whole on save. */
function rowsChildren(key: string, field: Field) {
  const { table, parent, fields } = field.rows!;
  const subs = Object.entries(fields);
  return {
    async load(db: Db, ids: number[]) {
      const found = (await db.selectFrom(table as never).selectAll().where(parent as never, 'in', ids as never).orderBy('position' as never).execute()) as Row[];
      const map = new Map<number, unknown[]>();
      for (const row of found) {
        const dto = Object.fromEntries(subs.map(([sub, inner]) => [sub, inner.fromColumn(row[columnOf(sub, inner)])]));
        map.set(Number(row[parent]), [...(map.get(Number(row[parent])) ?? []), dto]);
      }
      return map;
    },
    async save(trx: Db, id: number, input: Row) {
      if (!(key in input)) return;
      await trx.deleteFrom(table as never).where(parent as never, '=', id as never).execute();
      const values = (input[key] as Row[]).map((item, position) => ({
        ...Object.fromEntries(subs.map(([sub, inner]) => [columnOf(sub, inner), inner.toColumn(item[sub])])), [parent]: id, position,
      }));
      if (values.length) await trx.insertInto(table as never).values(values as never).execute();
    },
  };
}

/** A CSV cell of a field's DTO value, as a person reads it. */
function csvValue(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.kind === 'money') return (value as number).toFixed(2);
  if (field.kind === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.join(' ');
  return value;
}

function csvColumns(def: AnyResource): CsvColumn<Row>[] {
  const columns: CsvColumn<Row>[] = [];
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    if (field.flags.csv === false || (field.kind === 'writeOnly' && field.flags.csv !== true)) continue;
    if (field.group) {
      for (const [sub, inner] of Object.entries(field.group.fields)) columns.push([inner.flags.label, (dto) => csvValue(inner, (dto[key] as Row | null)?.[sub])]);
    } else if (field.rows) {
      const subs = Object.entries(field.rows.fields);
      columns.push([field.flags.label, (dto) => (dto[key] as Row[]).map((item) => subs.map(([sub]) => item[sub]).filter(Boolean).join(' / ')).join('; ')]);
    } else if (field.kind === 'reference') {
      columns.push([field.flags.label, (dto) => dto[displayKey(key, field.target!)]]);
    } else {
      columns.push([field.flags.label, (dto) => csvValue(field, dto[key])]);
    }
  }
  if (def.expiring.length) columns.push(['Expiry', (dto) => (dto.expiry as { field: string; state: string }[]).map((e) => `${e.field} ${e.state}`).join('; ')]);
  columns.push(['Deleted', (dto) => (dto.deleted ? 'yes' : 'no')]);
  return columns;
}

/** What the search box matches: the searched fields' columns and the extension's expressions. */
function searchExpressions(def: AnyResource, extension: AnyExtension): string[] {
  const expressions: string[] = [];
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    if (field.flags.search && field.column) expressions.push(`r.${columnOf(key, field)}`);
    for (const [sub, inner] of Object.entries(field.group?.fields ?? {})) if (inner.flags.search) expressions.push(`r.${columnOf(sub, inner, `${snakeCase(key)}_`)}`);
  }
  return [...expressions, ...(extension.search ?? [])];
}

function filtersOf(def: AnyResource, extension: AnyExtension): AnyRecordDefinition['filters'] {
  const filters: AnyRecordDefinition['filters'] = {};
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    if (!field.flags.filter) continue;
    const column = `r.${columnOf(key, field)}`;
    if (field.kind === 'boolean') filters[key] = (value: boolean) => equals(column)(value ? 1 : 0);
    else if (field.kind === 'text') filters[key] = (value: string): Where => (eb) => eb(eb.fn('lower', [column]), '=', value.toLowerCase());
    else filters[key] = equals(column);
  }
  if (def.expiring.length) filters.expiring = expiringWhere(def.expiring.map((e) => `r.${e.column}`));
  if (def.period) {
    const column = `r.${columnOf(def.period.field, (def.fields as Fields)[def.period.field])}`;
    // The period and its dates filter together (a custom period reads from and to); from and to alone do nothing.
    filters.filtered = (period: Period, today: string, query: { from?: string; to?: string }): Where | null => {
      const range = periodRange(period, today, query.from, query.to);
      if (!range.from && !range.to) return null;
      return (eb) => eb.and([...(range.from ? [eb(column, '>=', range.from)] : []), ...(range.to ? [eb(column, '<=', range.to)] : [])]);
    };
  }
  for (const [key, field] of Object.entries(def.fields as Fields)) {
    if (!field.range) continue;
    const column = `r.${columnOf(key, field)}`;
    filters[`${key}Min`] = (dollars: number): Where => (eb) => eb(column, '>=', Math.round(dollars * 100));
    filters[`${key}Max`] = (dollars: number): Where => (eb) => eb(column, '<=', Math.round(dollars * 100));
  }
  return { ...filters, ...(extension.filters as AnyRecordDefinition['filters'] | undefined) };
}

/**
 * The list item as the database renders it (RecordDefinition.listItem): the keys toDto writes, in its order, each
 * value in its SQL form. Null when some part of the DTO has none: child rows, groups, expiry chips, the extension's
 * own children, or computed values without `computedJson`.
 */
function listItemOf(def: AnyResource, extension: AnyExtension): AnyRecordDefinition['listItem'] {
  const fields = Object.entries(def.fields as Fields);
  if (fields.some(([, field]) => field.rows || field.group) || def.expiring.length || extension.children) return undefined;
  if (fields.some(([, field]) => field.kind === 'computed') && !extension.computedJson) return undefined;
  const ref = (column: string) => sql.ref(`r.${column}`);
  return (json, today) => {
    const shape: Record<string, JsonShape[string]> = {
      id: ref('id'), version: ref('version'), deleted: json.isSet(ref('deleted_at')), deletedAt: ref('deleted_at'), createdAt: ref('created_at'), updatedAt: ref('updated_at'),
    };
    for (const [key, field] of fields) {
      if (!field.column) continue;
      const column = ref(columnOf(key, field));
      shape[key] = field.kind === 'money' || field.kind === 'decimal' ? json.dollars(column) : field.kind === 'boolean' ? json.flag(column) : column;
    }
    for (const [key, field] of fields) if (field.kind === 'reference') shape[displayKey(key, field.target!)] = REFERENCE_SQL[field.target!].display(refAlias(key));
    // As toDto's spread: a computed key that is also a field's keeps the field's place and takes the computed value.
    return json.document(Object.assign(shape, extension.computedJson?.(json, today)));
  };
}

/**
 * The server's record declaration (server/modules/records/types.ts) of a definition: its select with the
 * references' names, the row ↔ DTO mapping, columns, search, filters, sorts, references, unique rules and CSV, with
 * the extension's additions. A definition whose computed values, sorts or filters have no SQL is refused at start.
 */
export function fromDefinition(def: AnyResource, extension: AnyExtension = {}): AnyRecordDefinition {
  const fields = Object.entries(def.fields as Fields);
  const missing = [
    ...fields.filter(([, f]) => f.kind === 'computed').length && !extension.computed ? ['computed'] : [],
    ...Object.entries(def.sortColumns).filter(([key, column]) => column === null && !extension.sorts?.[key]).map(([key]) => `sorts.${key}`),
    ...fields.filter(([, f]) => f.kind === 'computed' && f.flags.search).length && !extension.search?.length ? ['search'] : [],
    ...Object.keys(def.filters).filter((key) => !(extension.filters as Record<string, unknown> | undefined)?.[key]).map((key) => `filters.${key}`),
  ];
  if (missing.length) throw new Error(`The server extension of ${def.api} must say ${missing.join(', ')}`);

  const references = fields.filter(([, f]) => f.kind === 'reference');
  const rowsFields = fields.filter(([, f]) => f.rows);
  const childLoaders = rowsFields.map(([key, field]) => [key, rowsChildren(key, field)] as const);
  const children: Children<Row> | undefined = childLoaders.length || extension.children
    ? {
      async load(db, ids) {
        const merged = new Map<number, Record<string | symbol, unknown>>(ids.map((id) => [id, {}]));
        for (const [key, loader] of childLoaders) for (const [id, items] of await loader.load(db, ids)) merged.get(id)![key] = items;
        if (extension.children) for (const [id, value] of await extension.children.load(db, ids)) merged.get(id)![EXT] = value;
        return merged;
      },
      async save(trx, id, input) {
        for (const [, loader] of childLoaders) await loader.save(trx, id, input);
        await extension.children?.save(trx, id, input as never);
      },
    }
    : undefined;

  const sorts: Record<string, readonly (string | RawBuilder<unknown>)[]> = {};
  for (const [key, column] of Object.entries(def.sortColumns)) sorts[key] = key === 'id' ? [] : extension.sorts?.[key] ?? [`r.${column}`];

  // Each row's columns → DTO keys, worked out once per definition, not per row (a list page maps fifty rows).
  const readers = fields.filter(([, field]) => field.column).map(([key, field]) => ({ key, column: columnOf(key, field), fromColumn: field.fromColumn.bind(field) }));
  const displays = fields.filter(([, field]) => field.kind === 'reference').map(([key, field]) => ({ key: displayKey(key, field.target!), alias: refAlias(key) }));
  return {
    label: def.singular,
    path: def.api,
    table: def.table,
    entity: def.entity,
    csvName: def.plural.toLowerCase().replace(/\s+/g, '-'),
    access: { read: def.readFeatures, write: def.writeFeatures },
    schemas: { create: def.create, update: def.update, query: def.query },
    select(query, today) {
      let selected = query.selectAll('r');
      for (const [key, field] of references) {
        const target = REFERENCE_TARGETS[field.target!].table;
        const alias = refAlias(key);
        selected = selected.leftJoin(`${target} as ${alias}`, `${alias}.id`, `r.${columnOf(key, field)}`).select(REFERENCE_SQL[field.target!].display(alias).as(alias));
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
          const present = row[columnOf(field.group.presentWhen, field.group.fields[field.group.presentWhen], prefix)] !== null;
          dto[key] = present ? Object.fromEntries(Object.entries(field.group.fields).map(([sub, inner]) => [sub, inner.fromColumn(row[columnOf(sub, inner, prefix)])])) : null;
        }
      }
      if (def.expiring.length) dto.expiry = expiryItems(Object.fromEntries(def.expiring.map((e) => [e.path, row[e.column]])), today);
      return { ...dto, ...extension.computed?.(row, childRows[EXT], today) } as RecordDto;
    },
    columns(input, before, request) {
      const columns: Row = {};
      for (const [key, field] of fields) {
        if (!(key in input)) continue;
        if (field.column) columns[columnOf(key, field)] = field.toColumn(input[key]);
        for (const [sub, inner] of Object.entries(field.group?.fields ?? {})) {
          const value = (input[key] as Row | null)?.[sub];
          columns[columnOf(sub, inner, `${snakeCase(key)}_`)] = value === undefined || value === null ? null : inner.toColumn(value);
        }
      }
      return { ...columns, ...extension.columns?.(input as never, before as never, request) };
    },
    children,
    search: searchExpressions(def, extension),
    filters: filtersOf(def, extension),
    sorts,
    defaultSort: def.defaultSort,
    references: references.map(([key, field]): Reference<Row> => ({
      field: key, value: (input) => input[key], table: REFERENCE_TARGETS[field.target!].table, live: REFERENCE_SQL[field.target!].live, message: REFERENCE_SQL[field.target!].message,
    })),
    unique: [
      ...fields.filter(([, f]) => f.unique).map(([key, field]): Unique<Row> => {
        const rule = field.unique!;
        const column = columnOf(key, field);
        const valueOf = (input: Row) => (rule.caseInsensitive && typeof input[key] === 'string' ? (input[key] as string).toLowerCase() : input[key]);
        return {
          field: key,
          expression: rule.caseInsensitive ? `lower(${column})` : column,
          value: valueOf,
          scope: rule.scope ? (input) => Object.fromEntries(rule.scope!.map((scoped) => [columnOf(scoped, (def.fields as Fields)[scoped]), input[scoped]])) : undefined,
          message: (input) => rule.message?.(String(input[key]), input) ?? `Another ${def.singular.toLowerCase()} has ${field.flags.label} ${String(input[key])}`,
        };
      }),
      ...((extension.unique ?? []) as Unique<Row>[]),
    ],
    csv: csvColumns(def) as CsvColumn<RecordDto>[],
    beforeWrite: extension.beforeWrite as AnyRecordDefinition['beforeWrite'],
    afterCommit: extension.afterCommit as AnyRecordDefinition['afterCommit'],
    customWrites: extension.customWrites,
    appendOnly: def.appendOnly,
    scope: extension.scope,
    listExtras: extension.listExtras as AnyRecordDefinition['listExtras'],
    listItem: listItemOf(def, extension),
    afterCreate: extension.afterCreate as AnyRecordDefinition['afterCreate'],
    afterWrite: extension.afterWrite as AnyRecordDefinition['afterWrite'],
  };
}
