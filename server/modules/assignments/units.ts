import { usDate } from '../../../schema/format';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  type CurrentUnitsDto,
  type CurrentUnitsQuery,
  type EquipmentKind,
  type HeldItem,
  type UnitAssignmentDto,
  type UnitAssignmentInput,
  type UnitHistoryQuery,
  currentUnitsQuery,
  unitAssignmentInput,
  unitHistoryQuery,
} from '../../../schema/assignments';
import { maskCard } from '../../../schema/resources/fuelCards';
import { type ServerContext, ok } from '../../context';
import type { Db } from '../../db/types';
import { badRequest } from '../../http/errors';
import { audit } from '../audit/audit';
import type { Row } from '../records/types';
import { searchWhere } from '../records/query';
import { registerAssignmentArea } from './area';
import { coversSql, endsOnOrAfter } from './dates';
import {
  activeDriver,
  datedFields,
  driversOfToday,
  endAssignment,
  nameOf,
  sortDirection,
  withWhoAndWhen,
} from './shared';
import { type Holding, dayBefore, planClaim } from './slots';
import { transact } from '../../db/transaction';
import { driverName } from '../drivers/names';

const SLOTS = [
  ['truckId', 'Truck'],
  ['trailerId', 'Trailer'],
  ['fuelCardId', 'FuelCard'],
] as const;
/** The statuses a unit or card must have to be handed to a driver. */
const ASSIGNABLE_UNIT = ['ACTIVE', 'IN_SHOP', 'OUT_OF_SERVICE'];

/** Driver ↔ truck / trailer / fuel card (feature VehicleAndCardAssignment). */
export function unitAssignmentRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;

  function current(q: CurrentUnitsQuery, today: string) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const slot = (alias: string, kind: EquipmentKind) => (join: any) =>
      join.onRef(`${alias}.driver_id`, '=', 'd.id').on(`${alias}.kind`, '=', kind).on(coversSql(alias, today));
    let query = driversOfToday(db, q, today)
      .leftJoin('unit_assignments as at', slot('at', 'Truck'))
      .leftJoin('units as ut', 'ut.id', 'at.unit_id')
      .leftJoin('unit_assignments as al', slot('al', 'Trailer'))
      .leftJoin('units as ul', 'ul.id', 'al.unit_id')
      .leftJoin('unit_assignments as ac', slot('ac', 'FuelCard'))
      .leftJoin('fuel_cards as fc', 'fc.id', 'ac.fuel_card_id');
    if (q.unitId)
      query = query.where((eb) => eb.or([eb('at.unit_id', '=', q.unitId!), eb('al.unit_id', '=', q.unitId!)]));
    if (q.fuelCardId) query = query.where('ac.fuel_card_id', '=', q.fuelCardId);
    if (q.search)
      query = query.where(
        searchWhere(
          [`d.first_name || ' ' || d.last_name`, 'ut.unit_number', 'ul.unit_number', 'fc.card_last4'],
          q.search,
        ),
      );
    return query;
  }
  const SORTS = {
    driverName: [sql`lower(d.last_name)`, sql`lower(d.first_name)`],
    truckNumber: ['ut.unit_number'],
    trailerNumber: ['ul.unit_number'],
    id: ['d.id'],
  };

  async function currentPage(
    q: CurrentUnitsQuery,
    today: string,
    limit: number,
    offset: number,
  ): Promise<CurrentUnitsDto[]> {
    const { field, direction } = sortDirection(q.sort, 'driverName');
    let query = current(q, today).select([
      'd.id',
      driverName('d').as('driverName'),
      'c.name as carrierName',
      'at.id as truckAssignmentId',
      'at.unit_id as truckId',
      'ut.unit_number as truckNumber',
      'at.starts_on as truckFrom',
      'at.ends_on as truckTo',
      'al.id as trailerAssignmentId',
      'al.unit_id as trailerId',
      'ul.unit_number as trailerNumber',
      'al.starts_on as trailerFrom',
      'al.ends_on as trailerTo',
      'ac.id as cardAssignmentId',
      'ac.fuel_card_id as cardId',
      'fc.card_last4 as cardLast4',
      'ac.starts_on as cardFrom',
      'ac.ends_on as cardTo',
    ]);
    for (const column of SORTS[field as keyof typeof SORTS] ?? SORTS.driverName)
      query = query.orderBy(column as never, direction);
    const rows = await query.orderBy('d.id', direction).limit(limit).offset(offset).execute();
    const held = (
      assignmentId: number | null,
      itemId: number | null,
      label: string | null,
      from: string | null,
      to: string | null,
    ): HeldItem | null =>
      assignmentId && itemId ? { assignmentId, itemId, label: label ?? '', startsOn: from ?? '', endsOn: to } : null;
    return rows.map((r) => ({
      id: r.id,
      driverId: r.id,
      driverName: r.driverName ?? '',
      carrierName: r.carrierName ?? null,
      truck: held(r.truckAssignmentId, r.truckId, r.truckNumber, r.truckFrom, r.truckTo),
      trailer: held(r.trailerAssignmentId, r.trailerId, r.trailerNumber, r.trailerFrom, r.trailerTo),
      fuelCard: held(r.cardAssignmentId, r.cardId, r.cardLast4 ? maskCard(r.cardLast4) : null, r.cardFrom, r.cardTo),
    }));
  }

  const { can, tags, historyById } = registerAssignmentArea<
    CurrentUnitsDto,
    CurrentUnitsQuery,
    UnitAssignmentDto,
    UnitHistoryQuery
  >(app, ctx, {
    path: '/api/UnitAssignments',
    feature: 'VehicleAndCardAssignment',
    tag: 'Vehicle and card assignment',
    table: 'unit_assignments',
    entity: 'unit_assignment',
    current: {
      summary: 'One row per active driver with the truck, trailer and fuel card assigned today (id = driverId)',
      query: currentUnitsQuery,
      filtered: current,
      page: currentPage,
      csvName: 'vehicle-and-card-assignments',
      csv: [
        ['Driver', (r) => r.driverName],
        ['Carrier', (r) => r.carrierName],
        ['Truck', (r) => r.truck?.label],
        ['Truck since', (r) => r.truck?.startsOn],
        ['Trailer', (r) => r.trailer?.label],
        ['Trailer since', (r) => r.trailer?.startsOn],
        ['Fuel card', (r) => r.fuelCard?.label],
        ['Card since', (r) => r.fuelCard?.startsOn],
      ],
    },
    history: {
      summary: 'Dated truck, trailer and fuel-card assignments, newest first, by driver, unit or card',
      query: unitHistoryQuery,
      select: () => selectHistory(db),
      filter: (query, q) => {
        if (q.driverId) query = query.where('a.driver_id', '=', q.driverId);
        if (q.unitId) query = query.where('a.unit_id', '=', q.unitId);
        if (q.fuelCardId) query = query.where('a.fuel_card_id', '=', q.fuelCardId);
        return q.search
          ? query.where(
              searchWhere([`d.first_name || ' ' || d.last_name`, 'un.unit_number', 'fc.card_last4'], q.search),
            )
          : query;
      },
      toDto: historyDto,
    },
  });

  app.post<{ Body: UnitAssignmentInput }>(
    '/api/UnitAssignments',
    {
      config: can('Create'),
      schema: {
        tags,
        summary:
          'Give a driver a truck, trailer and/or fuel card from startsOn, in one action: the driver’s current one of each ends the day before; ' +
          'one another driver holds is refused (409) unless reassign is true. Answers the new assignments.',
        body: unitAssignmentInput,
      },
    },
    async (request) => {
      const input = request.body;
      const actor = request.auth!.user.id;
      const ids = await transact(db, async (trx) => {
        const driver = await activeDriver(trx, input.driverId, input.startsOn);
        const created: number[] = [];
        const ended: number[] = [];
        for (const [field, kind] of SLOTS) {
          const itemId = input[field];
          if (!itemId) continue;
          const item = await assignableItem(trx, kind, itemId, input.startsOn, field);
          const itemColumn = kind === 'FuelCard' ? 'fuel_card_id' : 'unit_id';
          const since = endsOnOrAfter(input.startsOn);
          const driverSlot = (await trx
            .selectFrom('unit_assignments')
            .select(['id', 'starts_on', 'ends_on', `${itemColumn} as holder`])
            .where('driver_id', '=', input.driverId)
            .where('kind', '=', kind)
            .where(since)
            .orderBy('starts_on')
            .execute()) as Holding[];
          const endDriver = await planClaim({
            holdings: driverSlot,
            startsOn: input.startsOn,
            claimant: itemId,
            field,
            mayEnd: true,
            describe: async (h) => `Driver ${driver.name} already has ${await itemLabel(trx, kind, h.holder!)}`,
          });
          const itemSlot = (await trx
            .selectFrom('unit_assignments')
            .select(['id', 'starts_on', 'ends_on', 'driver_id as holder'])
            .where(itemColumn, '=', itemId)
            .where('driver_id', '<>', input.driverId)
            .where(since)
            .orderBy('starts_on')
            .execute()) as Holding[];
          const endOther = await planClaim({
            holdings: itemSlot,
            startsOn: input.startsOn,
            claimant: input.driverId,
            field,
            mayEnd: input.reassign,
            moveHint: 'send reassign: true to move it (their assignment ends the day before)',
            describe: async (h) =>
              `${upperFirst(item.label)} is with driver ${await nameOf(trx, 'drivers', h.holder!)}`,
          });
          for (const id of [endDriver, endOther]) {
            if (id !== null) {
              await endAssignment(trx, 'unit_assignments', id, dayBefore(input.startsOn), actor);
              ended.push(id);
            }
          }
          const row = await trx
            .insertInto('unit_assignments')
            .values({
              driver_id: input.driverId,
              kind,
              unit_id: kind === 'FuelCard' ? null : itemId,
              fuel_card_id: kind === 'FuelCard' ? itemId : null,
              starts_on: input.startsOn,
              ends_on: null,
              created_by: actor,
              created_at: new Date().toISOString(),
              ended_by: null,
              ended_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          created.push(row.id);
        }
        await audit(trx, request, {
          action: 'assign',
          entity: 'unit_assignment',
          entityId: created.join(','),
          after: { ...input, createdAssignmentIds: created, endedAssignmentIds: ended },
        });
        return created;
      });
      return ok(await historyById(ids));
    },
  );
}

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The unit or card must exist, be live, of the right type and usable; else a 400 naming the field. */
async function assignableItem(
  trx: Db,
  kind: EquipmentKind,
  id: number,
  startsOn: string,
  field: string,
): Promise<{ label: string }> {
  if (kind === 'FuelCard') {
    const card = await trx
      .selectFrom('fuel_cards')
      .select(['card_last4', 'status', 'expires_on'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!card) throw badRequest('Choose an existing fuel card', field);
    if (card.status !== 'ACTIVE')
      throw badRequest(
        `Card ${maskCard(card.card_last4)} is ${card.status.toLowerCase()}; only active cards can be assigned`,
        field,
      );
    if (card.expires_on < startsOn)
      throw badRequest(
        `Card ${maskCard(card.card_last4)} expires on ${usDate(card.expires_on)}, before ${usDate(startsOn)}`,
        field,
      );
    return { label: `fuel card ${maskCard(card.card_last4)}` };
  }
  const unit = await trx
    .selectFrom('units')
    .select(['unit_number', 'unit_type', 'status'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!unit || unit.unit_type !== kind) throw badRequest(`Choose an existing ${kind.toLowerCase()}`, field);
  if (!ASSIGNABLE_UNIT.includes(unit.status))
    throw badRequest(`${kind} ${unit.unit_number} is ${unit.status.toLowerCase()}`, field);
  return { label: `${kind.toLowerCase()} ${unit.unit_number}` };
}

async function itemLabel(db: Db, kind: EquipmentKind, id: number): Promise<string> {
  if (kind === 'FuelCard') {
    const card = await db.selectFrom('fuel_cards').select('card_last4').where('id', '=', id).executeTakeFirst();
    return `fuel card ${maskCard(card?.card_last4 ?? '????')}`;
  }
  const unit = await db.selectFrom('units').select('unit_number').where('id', '=', id).executeTakeFirst();
  return `${kind.toLowerCase()} ${unit?.unit_number ?? `#${id}`}`;
}

function selectHistory(db: Db) {
  return withWhoAndWhen(
    db
      .selectFrom('unit_assignments as a')
      .innerJoin('drivers as d', 'd.id', 'a.driver_id')
      .leftJoin('units as un', 'un.id', 'a.unit_id')
      .leftJoin('fuel_cards as fc', 'fc.id', 'a.fuel_card_id')
      .select([driverName('d').as('driverName'), 'un.unit_number', 'fc.card_last4']),
  );
}

function historyDto(r: Row, today: string): UnitAssignmentDto {
  return {
    id: r.id,
    kind: r.kind as EquipmentKind,
    driverId: r.driver_id,
    driverName: r.driverName ?? '',
    unitId: r.unit_id,
    fuelCardId: r.fuel_card_id,
    label: r.kind === 'FuelCard' ? maskCard(r.card_last4 ?? '') : (r.unit_number ?? ''),
    ...datedFields(r, today),
  };
}
