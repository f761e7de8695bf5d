import type { FastifyRequest } from 'fastify';
import type { FleetCarrierDto } from '../../../schema/fleetOwner';
import type { Db } from '../../db/types';

/**
 * The carrier a Fleet owner's account is linked to (users.carrier_id, set by an administrator on the Users screen;
 * only a FleetOwner account holds one, server/modules/users/guards.ts). Null: not linked yet, or the carrier is
 * deleted — either way the fleet owner reads nothing.
 */
export async function linkedCarrier(db: Db, request: FastifyRequest): Promise<FleetCarrierDto | null> {
  const userId = request.auth?.user.id;
  if (userId === undefined) return null;
  const row = await db
    .selectFrom('users as u')
    .innerJoin('carriers as c', 'c.id', 'u.carrier_id')
    .select(['c.id', 'c.name', 'c.code', 'c.mc_number', 'c.usdot_number'])
    .where('u.id', '=', userId)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? { id: row.id, name: row.name, code: row.code, mcNumber: row.mc_number, usdotNumber: row.usdot_number }
    : null;
}

/** The drivers of a carrier, deleted ones included: a driver's past loads and weeks stay the carrier's. */
export const driversOf = (db: Db, carrierId: number) =>
  db.selectFrom('drivers').select('id').where('carrier_id', '=', carrierId);
