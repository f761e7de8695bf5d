import type { Db } from '../../db/types';

export type NumberSeries = 'invoice' | 'credit_note' | 'factoring_schedule';

/**
 * The next number of a gapless series (migration 049 number_counters), taken inside the caller's `transact`
 * (server/db/transaction.ts): on PostgreSQL two writers of the counter at once cannot both commit (SERIALIZABLE), the
 * loser runs again and takes the next; an attempt rolled back takes its number back with it. So numbers follow one
 * another without a hole and are never given twice, on any number of servers sharing the database.
 */
export async function takeNumber(trx: Db, series: NumberSeries): Promise<number> {
  const row = await trx
    .updateTable('number_counters')
    .set((eb) => ({ next_value: eb('next_value', '+', 1) }))
    .where('name', '=', series)
    .returning('next_value')
    .executeTakeFirstOrThrow();
  return Number(row.next_value) - 1;
}
