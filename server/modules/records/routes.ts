import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { idParams } from '../../../schema/common';
import { todayIso } from '../../../schema/expiry';
import type { RecordDto } from '../../../schema/records';
import type { Permission } from '../../../schema/roles';
import { type ServerContext, listEnvelopeOf, ok, page, sendJson } from '../../context';
import { jsonRenderer } from '../../db/json';
import type { Db } from '../../db/types';
import { csvStream, pageThrough, sendCsv } from '../../http/csv';
import { notFound } from '../../http/errors';
import { audit } from '../audit/audit';
import { filtered, listStatements, loadPage, toDtos } from './query';
import {
  type ListQueryBase,
  type RecordDefinition,
  type Row,
  type Where,
  type WriteAction,
  type WriteContext,
  anyTables,
} from './types';
import { checkReferences, checkUnique, guardedWrite } from './write';
import { transact } from '../../db/transaction';

type IdParams = z.output<typeof idParams>;

/** What a module gets back to write its own routes with (users: create/update with roles). */
export interface RecordHelpers<Dto extends RecordDto, Input, Query extends ListQueryBase = ListQueryBase> {
  load(executor: Db, id: number, scope?: Where | null): Promise<Dto | null>;
  mustLoad(executor: Db, id: number, scope?: Where | null): Promise<Dto>;
  /**
   * Validate references and uniqueness, insert, save children and audit in one transaction; then afterCommit. `write`
   * adds the caller's own writes to the same transaction, after the record's (a claim's documents, opened from an
   * inspection); the record is read again after it.
   */
  create(
    request: FastifyRequest,
    input: Input,
    extraColumns?: Row,
    write?: (trx: Db, created: Dto) => Promise<void>,
  ): Promise<Dto>;
  /** The same for an update guarded by version. */
  update(
    request: FastifyRequest,
    id: number,
    version: number,
    input: Input,
    write?: (trx: Db, before: Dto) => Promise<void>,
  ): Promise<Dto>;
  /** Any other write guarded by version (the current one when left out), audited as `action`. */
  guarded(
    request: FastifyRequest,
    id: number,
    action: string,
    write: (trx: Db, before: Dto) => Promise<void>,
    version?: number,
  ): Promise<Dto>;
  /** Soft delete or restore (idempotent), as DELETE /{id} and POST /{id}/restore do: for routes named otherwise. */
  setDeleted(request: FastifyRequest, id: number, action: 'delete' | 'restore'): Promise<Dto>;
  /** The list answer for a query (for a second route that lists the same records), within the caller's scope. */
  list(query: Query, request?: FastifyRequest): Promise<ReturnType<typeof page<Dto>>>;
  access(permission: Permission, read?: boolean): { access: { feature: readonly string[]; permission: Permission } };
}

/**
 * The routes of one record resource from its declaration (server/modules/records/types.ts):
 * GET list (paged, searched, filtered, sorted), GET /export (CSV of the same filter, streamed), GET /{id},
 * POST create, PUT /{id} (version-guarded), DELETE /{id} (soft) and POST /{id}/restore.
 */
export function registerRecord<Dto extends RecordDto, Input, Query extends ListQueryBase>(
  app: FastifyInstance,
  ctx: ServerContext,
  definition: RecordDefinition<Dto, Input, Query>,
): RecordHelpers<Dto, Input, Query> {
  const { db } = ctx;
  const tags = [`${definition.label}s`];
  const access = (permission: Permission, read = false) => ({
    access: { feature: read ? definition.access.read : definition.access.write, permission },
  });

  async function load(executor: Db, id: number, scope: Where | null = null): Promise<Dto | null> {
    const today = todayIso();
    let query = definition
      .select(anyTables(executor).selectFrom(`${definition.table} as r`), today)
      .where('r.id', '=', id);
    if (scope) query = query.where(scope);
    const rows = (await query.execute()) as Row[];
    if (!rows.length) return null;
    return (await toDtos<Dto>(executor, definition, rows, today))[0];
  }
  const mustLoad = async (executor: Db, id: number, scope: Where | null = null) => {
    const record = await load(executor, id, scope);
    if (!record) throw notFound(definition.label);
    return record;
  };

  async function create(
    request: FastifyRequest,
    input: Input,
    extraColumns: Row = {},
    write?: (trx: Db, created: Dto) => Promise<void>,
  ): Promise<Dto> {
    const context: WriteContext<Dto, Input> = { action: 'create', request, before: null, input };
    const after = await transact(db, async (trx) => {
      await checkReferences(trx, definition.references, input);
      await checkUnique(trx, definition.table, definition.unique, input, null);
      await definition.beforeWrite?.(trx, context);
      const now = new Date().toISOString();
      const { id } = (await anyTables(trx)
        .insertInto(definition.table)
        .values({
          ...definition.columns?.(input, null, request),
          ...extraColumns,
          created_at: now,
          updated_at: now,
          deleted_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()) as { id: number };
      await definition.children?.save(trx, id, input);
      let created = await mustLoad(trx, id);
      if (definition.afterCreate) {
        await definition.afterCreate(trx, { ...context, after: created });
        // What it did may show in the record (a citation's ledger entry).
        created = await mustLoad(trx, id);
      }
      if (write) {
        await write(trx, created);
        created = await mustLoad(trx, id);
      }
      await audit(trx, request, { action: 'create', entity: definition.entity, entityId: created.id, after: created });
      return created;
    });
    definition.afterCommit?.({ ...context, after });
    return after;
  }

  async function update(
    request: FastifyRequest,
    id: number,
    version: number,
    input: Input,
    write?: (trx: Db, before: Dto) => Promise<void>,
  ): Promise<Dto> {
    let context: WriteContext<Dto, Input> | null = null;
    const after = await guardedWrite(db, {
      table: definition.table,
      entity: definition.entity,
      label: definition.label,
      request,
      id,
      version,
      action: 'update',
      load,
      write: async (trx, before) => {
        context = { action: 'update', request, before, input };
        await checkReferences(trx, definition.references, input);
        await checkUnique(trx, definition.table, definition.unique, input, id);
        await definition.beforeWrite?.(trx, context);
        if (definition.columns)
          await anyTables(trx)
            .updateTable(definition.table)
            .set(definition.columns(input, before, request))
            .where('id', '=', id)
            .execute();
        await definition.children?.save(trx, id, input);
        await write?.(trx, before);
        await definition.afterWrite?.(trx, context);
      },
    });
    if (context) definition.afterCommit?.({ ...(context as WriteContext<Dto, Input>), after });
    return after;
  }

  /** Soft delete and restore: idempotent (deleting a deleted record answers it as it is). */
  async function setDeleted(request: FastifyRequest, id: number, action: Extract<WriteAction, 'delete' | 'restore'>) {
    const current = await mustLoad(db, id);
    if (current.deleted === (action === 'delete')) return current;
    let context: WriteContext<Dto, Input> | null = null;
    const after = await guardedWrite(db, {
      table: definition.table,
      entity: definition.entity,
      label: definition.label,
      request,
      id,
      version: current.version,
      action,
      load,
      allowDeleted: true,
      write: async (trx, before) => {
        context = { action, request, before, input: null };
        await definition.beforeWrite?.(trx, context);
        await anyTables(trx)
          .updateTable(definition.table)
          .set({ deleted_at: action === 'delete' ? new Date().toISOString() : null })
          .where('id', '=', id)
          .execute();
        await definition.afterWrite?.(trx, context);
      },
    });
    if (context) definition.afterCommit?.({ ...(context as WriteContext<Dto, Input>), after });
    return after;
  }

  const statements = listStatements(db, definition, definition.listItem ? jsonRenderer(ctx.dialect) : null);

  /**
   * The list's answer: as JSON text when the database renders the items (listItem: sent as it is), else the envelope
   * of the page's DTOs.
   */
  async function listAnswer(
    query: Query,
    request?: FastifyRequest,
  ): Promise<{ json: string } | ReturnType<typeof page<Dto>>> {
    const today = todayIso();
    const scope = request && definition.scope ? await definition.scope(request) : null;
    const compiled = statements(query, today, scope);
    // Extras (a ledger's totals) may know the count already, from the same sums.
    const { totalCount, ...extras } =
      (await definition.listExtras?.(filtered(db, definition, query, today, scope), query, request ?? null)) ?? {};
    const total = totalCount ?? Number(((await db.executeQuery(compiled.count())).rows[0] as { n: number | string }).n);
    const { rows } = await db.executeQuery(compiled.page);
    const rest = { totalCount: total, page: query.page, size: query.size, ...extras };
    if (definition.listItem)
      return {
        json: listEnvelopeOf(
          (rows as { item: string }[]).map((row) => row.item),
          rest,
        ),
      };
    return { value: { items: await toDtos<Dto>(db, definition, rows as Row[], today), ...rest } };
  }

  async function list(query: Query, request?: FastifyRequest) {
    const answer = await listAnswer(query, request);
    return 'json' in answer ? (JSON.parse(answer.json) as ReturnType<typeof page<Dto>>) : answer;
  }

  async function guarded(
    request: FastifyRequest,
    id: number,
    action: string,
    write: (trx: Db, before: Dto) => Promise<void>,
    version?: number,
  ) {
    const expected = version ?? (await mustLoad(db, id)).version;
    return guardedWrite(db, {
      table: definition.table,
      entity: definition.entity,
      label: definition.label,
      request,
      id,
      version: expected,
      action,
      load,
      write,
    });
  }

  app.get<{ Querystring: Query }>(
    definition.path,
    {
      config: access('Read', true),
      schema: {
        tags,
        summary: `${definition.label} list: page, size, search, showDeleted, sort and filters`,
        querystring: definition.schemas.query,
      },
    },
    async (request, reply) => {
      const answer = await listAnswer(request.query as Query, request);
      return 'json' in answer ? sendJson(reply, answer.json) : answer;
    },
  );

  app.get<{ Querystring: Query }>(
    `${definition.path}/export`,
    {
      config: access('Export', true),
      schema: {
        tags,
        summary: `CSV of every ${definition.label.toLowerCase()} the list's filters select (streamed; paging ignored)`,
        querystring: definition.schemas.query,
      },
    },
    async (request, reply) => {
      const query = request.query as Query;
      const today = todayIso();
      const scope = definition.scope ? await definition.scope(request) : null;
      return sendCsv(
        reply,
        definition.csvName,
        csvStream(
          definition.csv,
          pageThrough((limit, offset) => loadPage<Dto>(db, definition, query, today, limit, offset, scope)),
        ),
      );
    },
  );

  app.get<{ Params: IdParams }>(
    `${definition.path}/:id`,
    {
      config: access('Read', true),
      schema: { tags, summary: `One ${definition.label.toLowerCase()}`, params: idParams },
    },
    async (request) =>
      ok(await mustLoad(db, request.params.id, definition.scope ? await definition.scope(request) : null)),
  );

  if (!definition.customWrites) {
    app.post<{ Body: Input }>(
      definition.path,
      {
        config: access('Create'),
        schema: { tags, summary: `Create a ${definition.label.toLowerCase()}`, body: definition.schemas.create },
      },
      async (request) => ok(await create(request, request.body as Input)),
    );

    app.put<{ Params: IdParams; Body: Input & { version: number } }>(
      `${definition.path}/:id`,
      {
        config: access('Update'),
        schema: {
          tags,
          summary: `Update a ${definition.label.toLowerCase()}; send the version you read (409 with the current record when stale)`,
          params: idParams,
          body: definition.schemas.update,
        },
      },
      async (request) => {
        const { version, ...input } = request.body as Input & { version: number };
        return ok(await update(request, request.params.id, version, input as Input));
      },
    );
  }

  if (definition.appendOnly) return { load, mustLoad, create, update, guarded, list, access, setDeleted };

  app.delete<{ Params: IdParams }>(
    `${definition.path}/:id`,
    {
      config: access('Delete'),
      schema: {
        tags,
        summary: `Delete a ${definition.label.toLowerCase()} (soft: it can be restored)`,
        params: idParams,
      },
    },
    async (request) => ok(await setDeleted(request, request.params.id, 'delete')),
  );

  app.post<{ Params: IdParams }>(
    `${definition.path}/:id/restore`,
    {
      config: access('Delete'),
      schema: { tags, summary: `Restore a deleted ${definition.label.toLowerCase()}`, params: idParams },
    },
    async (request) => ok(await setDeleted(request, request.params.id, 'restore')),
  );

  return { load, mustLoad, create, update, guarded, list, access, setDeleted };
}
