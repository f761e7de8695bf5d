import { type fuelCards, maskCard } from '../../../schema/resources/fuelCards';
import type { Db } from '../../db/types';
import { conflict } from '../../http/errors';
import { openAssignmentsOf } from '../assignments/holdings';
import type { RecordExtension } from '../records/fromDefinition';
import { assignedDriver, assignedWhere } from '../units/vehicles';
import { cardHash, cardHashKey, lastFour } from './cardNumber';

/**
 * Fuel cards (schema/resources/fuelCards.ts) on the server: the number is kept as its last 4 digits and a keyed
 * hash (a card entered twice is a 409); the driver a card has today; an assigned card is not deleted.
 */
export async function fuelCardExtension({ db }: { db: Db }): Promise<RecordExtension<typeof fuelCards>> {
  const key = await cardHashKey(db);
  return {
    select: assignedDriver.select('fuel_card_id'),
    computed: (r) => ({ cardLast4: r.card_last4, maskedNumber: maskCard(r.card_last4), ...assignedDriver.fields(r) }),
    columns: (f) =>
      f.cardNumber ? { card_last4: lastFour(f.cardNumber), card_hash: cardHash(key, f.cardNumber) } : {},
    sorts: { cardLast4: ['r.card_last4'] },
    search: ['r.card_last4'],
    filters: { assigned: assignedWhere(db, 'fuel_card_id') },
    unique: [
      {
        field: 'cardNumber',
        expression: 'card_hash',
        value: (f) => (f.cardNumber ? cardHash(key, f.cardNumber) : null),
        message: (f) => `Card ${maskCard(lastFour(f.cardNumber ?? ''))} is already on file`,
      },
    ],
    beforeWrite: async (trx, { action, before }) => {
      if (action === 'delete' && before) {
        const open = await openAssignmentsOf(trx, { fuelCardId: before.id });
        if (open.length)
          throw conflict(`Card ${before.maskedNumber} is assigned to ${open.join(', ')}; end the assignment first`);
      }
    },
  };
}
