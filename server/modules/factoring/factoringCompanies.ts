import { usCents } from '../../../schema/format';
import type { brokers } from '../../../schema/resources/brokers';
import type { factoringCompanies } from '../../../schema/resources/factoringCompanies';
import type { shippers } from '../../../schema/resources/shippers';
import { conflict } from '../../http/errors';
import type { RecordExtension } from '../records/fromDefinition';
import { activeFactor } from './assign';
import { factorBooks } from './queries';

/**
 * Factoring companies (schema/resources/factoringCompanies.ts) on the server: one that still holds reserve, or has a
 * schedule it has not funded, is not deleted (docs/product/factoring.md#factoring-companies).
 */
export const factoringCompanyExtension: RecordExtension<typeof factoringCompanies> = {
  beforeWrite: async (trx, { action, before }) => {
    if (action !== 'delete' || !before) return;
    const [books] = await factorBooks(trx, before.id);
    if (books && books.owedCents !== 0)
      throw conflict(`${before.name} still holds ${usCents(books.owedCents)} of reserve: record its release first`);
    const open = await trx
      .selectFrom('factoring_schedules')
      .select('id')
      .where('factoring_company_id', '=', before.id)
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    if (open) throw conflict(`${before.name} has a schedule it has not funded: record the funding or cancel it first`);
  },
};

/**
 * A broker's or shipper's factor (docs/product/factoring.md#per-customer) is chosen active: a factor made inactive
 * later stays on the customer (its next invoice is then refused until another is chosen).
 */
function customerFactor<D extends typeof brokers | typeof shippers>(): RecordExtension<D> {
  return {
    beforeWrite: async (trx, { input, before }) => {
      const chosen = (input as { factoringCompanyId?: number | null } | null)?.factoringCompanyId;
      const had = (before as { factoringCompanyId?: number | null } | null)?.factoringCompanyId ?? null;
      if (chosen !== undefined && chosen !== null && chosen !== had)
        await activeFactor(trx, chosen, 'factoringCompanyId');
    },
  };
}
export const brokerFactorExtension = customerFactor<typeof brokers>();
export const shipperFactorExtension = customerFactor<typeof shippers>();
