import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { ZodType } from 'zod';
import type { RecordDto } from '../../../schema/records';
import type { Permission } from '../../../schema/roles';
import type { JsonRenderer } from '../../db/json';
import type { Db } from '../../db/types';
import type { CsvColumn } from '../../http/csv';

/**
 * Kysely's alias generics do not compose across a generic factory, so the factory works on loosely typed
 * builders; each definition still writes its own typed column mapping.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyQuery = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Where = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Row = Record<string, any>;

/** Tables by a name known only at run time (a definition's table, a child table, a reference's target). */
export type AnyTables = Record<string, Row>;
/**
 * The database (or the transaction) whose type also knows every table by any name, for the generic code, which names
 * its tables at run time: Kysely's `withTables` (the same connection or transaction, the same SQL).
 */
export const anyTables = (db: Db) => db.withTables<AnyTables>();

/** What every record list query has (schema/records.ts listQuery). */
export interface ListQueryBase {
  page: number;
  size: number;
  search?: string;
  sort?: string;
  showDeleted: boolean;
}

export type WriteAction = 'create' | 'update' | 'delete' | 'restore';

export interface WriteContext<Dto, Input> {
  action: WriteAction;
  request: FastifyRequest;
  /** The record before the write (null on create). */
  before: Dto | null;
  /** The validated body (create and update). */
  input: Input | null;
}

/** A reference the body makes: an unknown or deleted target is a 400 naming the field. */
export interface Reference<Input> {
  field: string;
  value: (input: Input) => number | null | undefined;
  table: string;
  message: string;
  /** Only live rows (deleted_at is null) count. */
  live?: boolean;
}

/** A value no other record (deleted ones included) may have: a clash is a 409 naming the field. */
export interface Unique<Input> {
  field: string;
  /** SQL over the table's own columns, e.g. 'lower(name)' or 'vin'. */
  expression: string;
  /** The value to compare, already in the expression's form (lower-cased for lower(...)). */
  value: (input: Input) => string | number | null | undefined;
  /** More columns that scope the rule, e.g. unit numbers are unique per unit type. */
  scope?: (input: Input) => Record<string, unknown>;
  message: (input: Input) => string;
}

/** Rows of a child table that belong to the record (broker contacts, carrier authorities). */
export interface Children<Input> {
  load(db: Db, ids: number[]): Promise<Map<number, unknown>>;
  save(trx: Db, id: number, input: Input): Promise<void>;
}

export interface Access {
  read: readonly string[];
  write: readonly string[];
}

/**
 * One record resource: everything the generic routes need. The entity modules are these declarations.
 */
export interface RecordDefinition<Dto extends RecordDto, Input, Query extends ListQueryBase> {
  /** 'Shipper': in messages ('Shipper not found') and summaries. */
  label: string;
  /** '/api/Shipper' */
  path: string;
  /** A table of editable, soft-deleted records (id, version, created_at, updated_at, deleted_at). */
  table: string;
  /** audit_log.entity */
  entity: string;
  /** Features whose Read/Export open the reads and whose Create/Update/Delete open the writes. */
  access: Access;
  schemas: { create: ZodType; update: ZodType; query: ZodType };
  /** The list's joins and selected columns over `query` (the record is aliased "r"). */
  select(query: AnyQuery, today: string): AnyQuery;
  toDto(row: Row, children: unknown, today: string): Dto;
  /** Columns create and update write (without created/updated/deleted/version). */
  columns?(input: Input, before: Dto | null, request: FastifyRequest): Row;
  /** SQL expressions over "r" a search matches case-insensitively (any part). */
  search: readonly string[];
  /** Query field → WHERE over "r" (null: nothing to filter, as a period of "all"); the whole query for filters that read two keys. */
  filters: { [K in keyof Query]?: (value: NonNullable<Query[K]>, today: string, query: Query) => Where | null };
  /** Sort field → columns (or expressions), then r.id breaks ties. */
  sorts: Record<string, readonly (string | RawBuilder<unknown>)[]>;
  /** 'name' or '-createdAt'. */
  defaultSort: string;
  references?: readonly Reference<Input>[];
  unique?: readonly Unique<Input>[];
  children?: Children<Input>;
  csv: readonly CsvColumn<Dto>[];
  /** File name of the export: '<csvName>-<date>.csv'. */
  csvName: string;
  /** Checks and side effects inside the write's transaction, before its own write (throw to refuse: nothing is written). */
  beforeWrite?(trx: Db, context: WriteContext<Dto, Input>): Promise<void>;
  /** After the transaction committed (e.g. closing hub connections). */
  afterCommit?(context: WriteContext<Dto, Input> & { after: Dto }): void;
  /** The module registers its own create and update (users). */
  customWrites?: boolean;
  /** Never deleted or restored (a ledger): no delete and restore routes. */
  appendOnly?: boolean;
  /**
   * What the caller may see of the records (a driver: their own), applied to every read: list, export, totals, one
   * record (404 outside it). Null: everything the route's feature allows.
   */
  scope?(request: FastifyRequest): Promise<Where | null>;
  /**
   * More of the list's answer, for the same filtered rows (totals of the filtered set …); a `totalCount` it gives
   * spares the count query.
   */
  listExtras?(
    filteredRows: AnyQuery,
    query: Query,
    request: FastifyRequest | null,
  ): Promise<Record<string, unknown> & { totalCount?: number }>;
  /**
   * The list item (toDto's DTO of the row) as JSON text rendered by the database, over `select`'s joins; the list sends
   * it without building the DTO. Absent when a field has no SQL form (fromDefinition).
   */
  listItem?(json: JsonRenderer, today: string): RawBuilder<string>;
  /**
   * Inside an update's, a delete's or a restore's transaction, after its own write (what follows from the record as it
   * now is: a citation's ledger entry voided and posted again).
   */
  afterWrite?(trx: Db, context: WriteContext<Dto, Input>): Promise<void>;
  /** Inside a create's transaction, after its own insert (keeping a running total in step …). */
  afterCreate?(trx: Db, context: WriteContext<Dto, Input> & { after: Dto }): Promise<void>;
}

/** A definition seen by the generic code, whatever its record types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRecordDefinition = RecordDefinition<any, any, any>;

export type AccessConfig = { access: { feature: readonly string[]; permission: Permission } };
