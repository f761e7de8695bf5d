import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { RecordDto } from '../../../schema/records';
import type { Db } from '../../db/types';
import { ApiError, badRequest, conflict, notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { type Reference, type Unique, anyTables } from './types';
import { transact } from '../../db/transaction';

export interface GuardedWrite<Dto extends RecordDto> {
  table: string;
  entity: string;
  /** 'Shipper' */
  label: string;
  request: FastifyRequest;
  id: number;
  version: number;
  action: string;
  load(executor: Db, id: number): Promise<Dto | null>;
  write(trx: Db, before: Dto): Promise<void>;
  /** Changes allowed on a deleted record (restore). */
  allowDeleted?: boolean;
}

/**
 * A write guarded by the version the client read, in one transaction with its audit row: a stale version is a
 * 409 carrying the current record; a deleted record is read-only until restored.
 */
export async function guardedWrite<Dto extends RecordDto>(db: Db, g: GuardedWrite<Dto>): Promise<Dto> {
  const result = await transact(db, async (trx) => {
    const before = await g.load(trx, g.id);
    if (!before) throw notFound(g.label);
    if (before.version !== g.version) return { stale: before };
    if (before.deleted && !g.allowDeleted)
      throw badRequest(`This ${g.label.toLowerCase()} is deleted; restore it before changing it`);
    // The version moves first: it takes the row's lock (PostgreSQL), so a second writer of the same version waits,
    // then finds it stale before writing anything.
    const bumped = await anyTables(trx)
      .updateTable(g.table)
      .set({ version: g.version + 1, updated_at: new Date().toISOString() })
      .where('id', '=', g.id)
      .where('version', '=', g.version)
      .executeTakeFirst();
    if (Number(bumped.numUpdatedRows) !== 1) return { stale: (await g.load(trx, g.id))! };
    await g.write(trx, before);
    const after = (await g.load(trx, g.id))!;
    await audit(trx, g.request, { action: g.action, entity: g.entity, entityId: g.id, before, after });
    return { after };
  });
  if ('stale' in result) {
    throw conflict(
      `Someone else changed this ${g.label.toLowerCase()} since you opened it. Reload it to see their changes; what you typed is kept.`,
      { current: result.stale },
    );
  }
  return result.after;
}

/** Every reference of the body must exist (and be live where it says so): else a 400 naming the field. */
export async function checkReferences<Input>(
  trx: Db,
  references: readonly Reference<Input>[] | undefined,
  input: Input,
): Promise<void> {
  for (const reference of references ?? []) {
    const value = reference.value(input);
    if (value === null || value === undefined) continue;
    let query = anyTables(trx).selectFrom(reference.table).select('id').where('id', '=', value);
    if (reference.live) query = query.where('deleted_at', 'is', null);
    if (!(await query.executeTakeFirst())) throw badRequest(reference.message, reference.field);
  }
}

/** A 409 naming the field when another record (deleted ones too) already has the value. */
export async function checkUnique<Input>(
  trx: Db,
  table: string,
  rules: readonly Unique<Input>[] | undefined,
  input: Input,
  exceptId: number | null,
): Promise<void> {
  for (const rule of rules ?? []) {
    const value = rule.value(input);
    if (value === null || value === undefined || value === '') continue;
    let query = anyTables(trx)
      .selectFrom(table)
      .select(['id', 'deleted_at'])
      .where(sql<boolean>`${sql.raw(rule.expression)} = ${value}`);
    for (const [column, scoped] of Object.entries(rule.scope?.(input) ?? {})) query = query.where(column, '=', scoped);
    if (exceptId !== null) query = query.where('id', '<>', exceptId);
    const clash = (await query.executeTakeFirst()) as { id: number; deleted_at: string | null } | undefined;
    if (clash) {
      const hint = clash.deleted_at ? ' (it is deleted: restore it instead)' : '';
      throw new ApiError(409, `${rule.message(input)}${hint}`, 'conflict', rule.field);
    }
  }
}
