import type { Db } from '../../server/db/types';
import { inDays, makeVin } from './records';

/**
 * A valid book-order body on the demo company's records, for tests of the rules around booking (the dispatch rules,
 * vetting): an active broker, a shipper, a carrier, the demo dispatcher, Dallas TX → Phoenix AZ in 2 and 5 days.
 */
export async function orderBodyMaker(db: Db) {
  const first = async (table: 'shippers' | 'carriers') =>
    Number((await db.selectFrom(table).select('id').orderBy('id').executeTakeFirstOrThrow()).id);
  const broker = await db
    .selectFrom('brokers')
    .select('id')
    .where('status', '=', 'ACTIVE')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const state = async (abbreviation: string) =>
    Number(
      (await db.selectFrom('states').select('id').where('abbreviation', '=', abbreviation).executeTakeFirstOrThrow())
        .id,
    );
  const dispatcher = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'dispatcher@haulboard.demo')
    .executeTakeFirstOrThrow();
  const [brokerId, shipperId, carrierId, tx, az] = [
    Number(broker.id),
    await first('shippers'),
    await first('carriers'),
    await state('TX'),
    await state('AZ'),
  ];
  let vins = 0;
  return (overrides: Record<string, unknown> = {}) => ({
    loadBoard: 'Central Dispatch',
    externalLoadId: null,
    brokerId,
    shipperId,
    carrierId,
    dispatcherId: Number(dispatcher.id),
    driverId: null,
    truckId: null,
    trailerId: null,
    trailerType: 'OPEN',
    pickup: { address: '5333 W Kiest Blvd', city: 'Dallas', stateId: tx, zip: '75236', date: inDays(2) },
    delivery: { address: '1 Camelback Rd', city: 'Phoenix', stateId: az, zip: '85001', date: inDays(5) },
    price: 1850,
    paymentMethod: 'ACH',
    vehicles: [
      { vin: makeVin(900_000 + vins++, '1HGCM826'), year: 2020, make: 'Honda', model: 'Accord', type: 'SEDAN' },
    ],
    ...overrides,
  });
}
