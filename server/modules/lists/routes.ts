import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { idText, queryBoolean } from '../../../schema/common';
import { CARRIER_PICKER_SCREENS, DISPATCHER_PICKER_SCREENS, FLEET_PICKER_SCREENS } from '../../../schema/dropdowns';
import { todayIso } from '../../../schema/expiry';
import { fuelCardsDropdownQuery, maskCard } from '../../../schema/resources/fuelCards';
import { unitsDropdownQuery } from '../../../schema/resources/vehicles';
import { type ServerContext, ok } from '../../context';
import { ApiError } from '../../http/errors';
import { zipInfo } from '../../places';
import { coversSql } from '../assignments/dates';
import { DRIVER_NAME_SCREENS, driverNames } from '../drivers/names';

/**
 * The dropdown reads of the original API. Names only, for the forms and filters of the screens that need them;
 * each is open to the screens that use it.
 */
const showDeletedQuery = z.object({ showDeleted: queryBoolean.default(false) });
const driverNamesQuery = showDeletedQuery.extend({ carrierId: idText.optional() });
const zipParams = z.object({ zip: z.string().regex(/^\d{5}$/, 'A ZIP is five digits') });

const DISPATCH_SCREENS = [...DISPATCHER_PICKER_SCREENS];
const FLEET_SCREENS = [...FLEET_PICKER_SCREENS];
const CARRIER_SCREENS = [...CARRIER_PICKER_SCREENS];
const SHIPPER_SCREENS = ['BookOrders', 'Shippers', 'ClaimsTracker', 'Invoices'];
const read = (feature: string[]) => ({ access: { feature, permission: 'Read' as const } });
const TAGS = ['Lists'];

export default async function listRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const fullName = sql<string>`first_name || ' ' || last_name`;

  app.get<{ Querystring: z.output<typeof showDeletedQuery> }>(
    '/api/Dispatcher/GetAllNames',
    {
      config: read(DISPATCH_SCREENS),
      schema: { tags: TAGS, summary: 'Dispatchers (users holding the Dispatcher role)', querystring: showDeletedQuery },
    },
    async (request) => {
      let query = db
        .selectFrom('users')
        .select(['id', 'first_name as firstName', 'last_name as lastName', fullName.as('name'), 'is_active'])
        .where(
          'id',
          'in',
          db
            .selectFrom('user_roles as ur')
            .innerJoin('roles as r', 'r.id', 'ur.role_id')
            .select('ur.user_id')
            .where('r.name', '=', 'Dispatcher'),
        );
      if (!request.query.showDeleted) query = query.where('deleted_at', 'is', null).where('is_active', '=', 1);
      const rows = await query.orderBy('first_name').orderBy('last_name').execute();
      return ok(rows.map(({ is_active, ...row }) => ({ ...row, isActive: is_active === 1 })));
    },
  );

  app.get<{ Querystring: z.output<typeof driverNamesQuery> }>(
    '/api/Driver/GetAllNames',
    {
      config: read(DRIVER_NAME_SCREENS),
      schema: {
        tags: TAGS,
        summary:
          "Drivers, or one carrier's with carrierId; terminated and deleted ones only with showDeleted. A driver (no screen that picks drivers) gets their own record alone",
        querystring: driverNamesQuery,
      },
    },
    async (request) => ok(await driverNames(ctx, request, request.query.showDeleted, request.query.carrierId)),
  );

  /** Deleted records only with showDeleted (each answer says which are deleted). */
  const live = <Q extends { where: (column: 'deleted_at', op: 'is', value: null) => Q }>(
    query: Q,
    showDeleted: boolean,
  ) => (showDeleted ? query : query.where('deleted_at', 'is', null));
  const withDeleted = <T extends { deleted_at: string | null }>(rows: T[]) =>
    rows.map(({ deleted_at, ...row }) => ({ ...row, deleted: deleted_at !== null }));

  app.get<{ Querystring: z.output<typeof showDeletedQuery> }>(
    '/api/Carriers/dropdown-list',
    {
      config: read(CARRIER_SCREENS),
      schema: { tags: TAGS, summary: 'The company’s carriers: { data: [...] }', querystring: showDeletedQuery },
    },
    async (request) => ({
      data: withDeleted(
        await live(db.selectFrom('carriers').select(['id', 'code', 'name', 'deleted_at']), request.query.showDeleted)
          .orderBy('name')
          .execute(),
      ),
    }),
  );

  app.get<{ Querystring: z.output<typeof unitsDropdownQuery> }>(
    '/api/Units/get-all-trucks-dropdown',
    {
      config: read(FLEET_SCREENS),
      schema: {
        tags: TAGS,
        summary: 'Trucks and trailers; HideAssigned leaves out units assigned to a driver today',
        querystring: unitsDropdownQuery,
      },
    },
    async (request) => {
      const { hideAssigned, type, showDeleted } = request.query;
      let query = live(
        db
          .selectFrom('units')
          .select([
            'id',
            'unit_type as type',
            'unit_number as unitNumber',
            'make',
            'model',
            'year',
            'status',
            'deleted_at',
          ]),
        showDeleted,
      );
      if (type) query = query.where('unit_type', '=', type);
      if (hideAssigned)
        query = query.where(
          'id',
          'not in',
          db
            .selectFrom('unit_assignments as a')
            .select('a.unit_id')
            .where('a.unit_id', 'is not', null)
            .where(coversSql('a', todayIso())),
        );
      const rows = await query.orderBy('unit_type').orderBy('unit_number').execute();
      return ok(
        withDeleted(rows).map((row) => ({ ...row, name: `${row.unitNumber} — ${row.year} ${row.make} ${row.model}` })),
      );
    },
  );

  app.get<{ Querystring: z.output<typeof fuelCardsDropdownQuery> }>(
    '/api/FuelCards/dropdown-list',
    {
      config: read(['VehicleAndCardAssignment', 'Vehicles']),
      schema: {
        tags: TAGS,
        summary:
          'Fuel cards, masked; HideAssigned leaves out cards a driver holds today; DriverId keeps only the cards that driver holds today',
        querystring: fuelCardsDropdownQuery,
      },
    },
    async (request) => {
      const { hideAssigned, showDeleted, driverId } = request.query;
      let query = live(
        db
          .selectFrom('fuel_cards')
          .select(['id', 'card_last4', 'provider', 'status', 'expires_on as expiresOn', 'deleted_at']),
        showDeleted,
      );
      const held = () =>
        db
          .selectFrom('unit_assignments as a')
          .select('a.fuel_card_id')
          .where('a.fuel_card_id', 'is not', null)
          .where(coversSql('a', todayIso()));
      if (hideAssigned) query = query.where('id', 'not in', held());
      if (driverId) query = query.where('id', 'in', held().where('a.driver_id', '=', driverId));
      const rows = await query.orderBy('provider').orderBy('card_last4').execute();
      return ok(
        withDeleted(rows).map(({ card_last4, ...row }) => ({
          ...row,
          maskedNumber: maskCard(card_last4),
          name: `${maskCard(card_last4)} (${row.provider})`,
        })),
      );
    },
  );

  app.get<{ Querystring: z.output<typeof showDeletedQuery> }>(
    '/api/Brokers/dropdown-list',
    {
      config: read(['BookOrders', 'Brokers', 'BrokerFee', 'ClaimsTracker', 'Invoices']),
      schema: {
        tags: TAGS,
        summary: 'Brokers by name, with their status (ACTIVE or DO_NOT_USE)',
        querystring: showDeletedQuery,
      },
    },
    async (request) =>
      ok(
        withDeleted(
          await live(
            db.selectFrom('brokers').select(['id', 'name', 'status', 'mc_number as mcNumber', 'deleted_at']),
            request.query.showDeleted,
          )
            .orderBy('name')
            .execute(),
        ),
      ),
  );

  app.get<{ Querystring: z.output<typeof showDeletedQuery> }>(
    '/api/Shipper/get-all-shippers-dropdown',
    {
      config: read(SHIPPER_SCREENS),
      schema: { tags: TAGS, summary: 'Shippers by name', querystring: showDeletedQuery },
    },
    async (request) =>
      ok(
        withDeleted(
          await live(db.selectFrom('shippers').select(['id', 'name', 'deleted_at']), request.query.showDeleted)
            .orderBy('name')
            .execute(),
        ),
      ),
  );

  // Reference lists (docs/product/conventions.md#reference-lists), for any signed-in user.
  const reference = { signedIn: true } as const;
  app.get(
    '/api/Reference/states',
    {
      config: { access: reference },
      schema: { tags: TAGS, summary: 'The 57 US states and territories, NONE included' },
    },
    async () => ok(await db.selectFrom('states').select(['id', 'name', 'abbreviation']).orderBy('id').execute()),
  );
  // A ZIP's city and state (server/places.ts), which the order form fills in once a ZIP is typed.
  app.get<{ Params: z.infer<typeof zipParams> }>(
    '/api/Reference/zip/:zip',
    {
      config: { access: reference },
      schema: { tags: TAGS, summary: "A five-digit ZIP's city and state", params: zipParams },
    },
    async (request) => {
      const place = zipInfo(request.params.zip);
      if (!place)
        throw new ApiError(404, `No US ZIP ${request.params.zip} is known; type the city and state`, 'not_found');
      const state = await db
        .selectFrom('states')
        .select('id')
        .where('abbreviation', '=', place.state)
        .executeTakeFirst();
      return ok({ zip: place.zip, city: place.city, state: place.state, stateId: state?.id ?? null });
    },
  );
  for (const list of ['load_boards', 'payment_methods', 'money_sources'] as const) {
    app.get(
      `/api/Reference/${list.replace('_', '-')}`,
      { config: { access: reference }, schema: { tags: TAGS, summary: list.replace('_', ' ') } },
      async () => ok(await db.selectFrom(list).select(['id', 'code', 'name']).orderBy('position').execute()),
    );
  }
  app.get(
    '/api/Reference/phone-countries',
    { config: { access: reference }, schema: { tags: TAGS, summary: 'Phone countries with dial code and digits' } },
    async () =>
      ok(
        await db
          .selectFrom('phone_countries')
          .select(['id', 'code', 'name', 'dial_code as dialCode', 'digits'])
          .orderBy('id')
          .execute(),
      ),
  );
}
