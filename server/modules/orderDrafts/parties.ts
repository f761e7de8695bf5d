import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { idParams } from '../../../schema/common';
import type { DraftParty } from '../../../schema/orderDrafts';
import type { SheetReading } from '../../../schema/dispatchSheets';
import { brokers } from '../../../schema/resources/brokers';
import { shippers } from '../../../schema/resources/shippers';
import type { ServerContext } from '../../context';
import { ok } from '../../context';
import type { Db } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import type { RecordExtension, RecordHelpersOf } from '../records/fromDefinition';
import { valuesOf } from './proposal';

/**
 * A broker or shipper the sheet names and we do not know yet, added from the sheet by the reviewer
 * (docs/product/dispatch-sheets.md#new-parties): the record's own create (its checks, uniqueness, audit) with what the
 * sheet said. A value the record would refuse (a phone of 9 digits) is left out rather than refusing the record.
 */

type Party = typeof brokers | typeof shippers;

async function stateId(db: Db, code?: string): Promise<number | null> {
  if (!code) return null;
  const row = await db.selectFrom('states').select('id').where('abbreviation', '=', code).executeTakeFirst();
  return row ? Number(row.id) : null;
}

async function partyInput(db: Db, party: DraftParty, reading: SheetReading): Promise<Record<string, unknown>> {
  const value = valuesOf(reading);
  if (party === 'broker')
    return {
      name: value('broker.name'),
      mcNumber: value('broker.mc') ?? null,
      phone: value('broker.phone') ?? null,
      email: value('broker.email') ?? null,
      address: value('broker.address') ?? null,
      city: value('broker.city') ?? null,
      stateId: await stateId(db, value('broker.state')),
      zip: value('broker.zip') ?? null,
      paymentTermsDays: value('paymentTermsDays') ? Number(value('paymentTermsDays')) : undefined,
      contacts: value('broker.contact')
        ? [{ name: value('broker.contact'), role: 'Dispatch', phone: value('broker.phone') ?? null }]
        : [],
    };
  return {
    name: value('pickup.name'),
    contactName: value('pickup.contact') ?? null,
    phone: value('pickup.phone') ?? null,
    address: value('pickup.address') ?? null,
    city: value('pickup.city') ?? null,
    stateId: await stateId(db, value('pickup.state')),
    zip: value('pickup.zip') ?? null,
  };
}

/** The input as the record's create schema takes it, without the optional values it would refuse. */
function checked(schema: ZodType, input: Record<string, unknown>): unknown {
  let values = { ...input };
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(values);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0])));
    if (bad.has('name') || bad.has('undefined')) throw result.error;
    values = Object.fromEntries(Object.entries(values).filter(([key]) => !bad.has(key)));
  }
  return schema.parse(values);
}

/** POST /api/OrderDrafts/{id}/broker (or /shipper), served beside the records it adds. */
export function withSheetParty<D extends Party>(party: DraftParty, extension: RecordExtension<D>): RecordExtension<D> {
  const resource = party === 'broker' ? brokers : shippers;
  return {
    ...extension,
    async routes(app: FastifyInstance, ctx: ServerContext, records: RecordHelpersOf<D>) {
      await extension.routes?.(app, ctx, records);
      app.post<{ Params: { id: number } }>(
        `/api/OrderDrafts/:id/${party}`,
        {
          config: { access: { feature: 'DispatchSheets', permission: 'Update' } },
          schema: {
            tags: ['Dispatch sheets'],
            summary: `Add the ${party} the draft's sheet names as a new ${party}, filled from the sheet`,
            params: idParams,
          },
        },
        async (request: FastifyRequest<{ Params: { id: number } }>) => {
          const draft = await ctx.db
            .selectFrom('order_drafts')
            .select(['status', 'reading'])
            .where('id', '=', request.params.id)
            .executeTakeFirst();
          if (!draft) throw notFound('Draft');
          if (draft.status !== 'OPEN') throw conflict('This draft is booked or discarded already');
          const input = await partyInput(ctx.db, party, JSON.parse(draft.reading) as SheetReading);
          if (!input.name) throw notFound(`A ${party} name on this sheet`);
          const created = await records.create(request, checked(resource.create, input) as never);
          return ok({ id: created.id, name: (created as { name: string }).name });
        },
      );
    },
  };
}
