import type { FastifyInstance } from 'fastify';
import { expiryItems } from '../../../schema/expiry';
import { type FuelCardCreate, type FuelCardDto, type FuelCardsQuery, fuelCardCreate, fuelCardsQuery, fuelCardUpdate, maskCard } from '../../../schema/fleet';
import { fromCents, toCents } from '../../../schema/records';
import type { ServerContext } from '../../context';
import { conflict } from '../../http/errors';
import { coversSql } from '../assignments/dates';
import { openAssignmentsOf } from '../assignments/holdings';
import { equals, expiringWhere, recordMeta } from '../records/query';
import { carrierReference } from '../records/references';
import { registerRecord } from '../records/routes';
import { cardHash, cardHashKey, lastFour } from './cardNumber';

/** Create has the number; update may leave it out (the card keeps its number). */
type FuelCardInput = Omit<FuelCardCreate, 'cardNumber'> & { cardNumber?: string };

/** Fuel cards: written with VehicleAndCardAssignment, read also with Vehicles. Numbers are masked everywhere. */
export default async function fuelCardRoutes(app: FastifyInstance, ctx: ServerContext) {
  const { db } = ctx;
  const key = await cardHashKey(db);
  registerRecord<FuelCardDto, FuelCardInput, FuelCardsQuery>(app, ctx, {
    label: 'Fuel card', path: '/api/FuelCards', table: 'fuel_cards', entity: 'fuel_card', csvName: 'fuel-cards',
    access: { read: ['VehicleAndCardAssignment', 'Vehicles'], write: ['VehicleAndCardAssignment'] },
    schemas: { create: fuelCardCreate, update: fuelCardUpdate, query: fuelCardsQuery },
    select: (query, today) =>
      query
        .leftJoin('carriers as c', 'c.id', 'r.carrier_id')
        .leftJoin('unit_assignments as a', (join) => join.onRef('a.fuel_card_id', '=', 'r.id').on(coversSql('a', today)))
        .leftJoin('drivers as d', 'd.id', 'a.driver_id')
        .select(['r.id', 'r.card_last4', 'r.provider', 'r.expires_on', 'r.status', 'r.limit_cents', 'r.carrier_id', 'r.created_at', 'r.updated_at', 'r.deleted_at', 'r.version'])
        .select(['c.name as carrierName', 'a.driver_id as driverId', 'd.first_name as driverFirst', 'd.last_name as driverLast']),
    toDto: (r, _children, today) => ({
      ...recordMeta(r), cardLast4: r.card_last4, maskedNumber: maskCard(r.card_last4), provider: r.provider, expiresOn: r.expires_on, status: r.status,
      limit: r.limit_cents === null ? null : fromCents(r.limit_cents), carrierId: r.carrier_id, carrierName: r.carrierName ?? null,
      driverId: r.driverId ?? null, driverName: r.driverId ? `${r.driverFirst} ${r.driverLast}` : null, expiry: expiryItems({ expiresOn: r.expires_on }, today),
    }),
    columns: (f) => ({
      ...(f.cardNumber ? { card_last4: lastFour(f.cardNumber), card_hash: cardHash(key, f.cardNumber) } : {}),
      provider: f.provider, expires_on: f.expiresOn, status: f.status, limit_cents: f.limit === null ? null : toCents(f.limit), carrier_id: f.carrierId,
    }),
    search: ['r.card_last4', 'r.provider'],
    filters: {
      provider: equals('r.provider'),
      status: equals('r.status'),
      carrierId: equals('r.carrier_id'),
      expiring: expiringWhere(['r.expires_on']),
      assigned: (assigned, today) => (eb) => {
        const holders = db.selectFrom('unit_assignments as ua').select('ua.fuel_card_id').where('ua.fuel_card_id', 'is not', null).where(coversSql('ua', today));
        return eb('r.id', assigned ? 'in' : 'not in', holders);
      },
    },
    sorts: { cardLast4: ['r.card_last4'], provider: ['r.provider'], expiresOn: ['r.expires_on'], status: ['r.status'], createdAt: ['r.created_at'], id: [] },
    defaultSort: 'cardLast4',
    references: [carrierReference((f) => f.carrierId)],
    unique: [{ field: 'cardNumber', expression: 'card_hash', value: (f) => (f.cardNumber ? cardHash(key, f.cardNumber) : null), message: (f) => `Card ${maskCard(lastFour(f.cardNumber ?? ''))} is already on file` }],
    beforeWrite: async (trx, { action, before }) => {
      if (action === 'delete' && before) {
        const open = await openAssignmentsOf(trx, { fuelCardId: before.id });
        if (open.length) throw conflict(`Card ${before.maskedNumber} is assigned to ${open.join(', ')}; end the assignment first`);
      }
    },
    csv: [
      ['Card', (f) => f.maskedNumber], ['Provider', (f) => f.provider], ['Expires', (f) => f.expiresOn], ['Status', (f) => f.status],
      ['Limit', (f) => f.limit?.toFixed(2)], ['Carrier', (f) => f.carrierName], ['Driver', (f) => f.driverName],
      ['Expiry', (f) => f.expiry.map((e) => e.state).join(' ')], ['Deleted', (f) => (f.deleted ? 'yes' : 'no')],
    ],
  });
}
