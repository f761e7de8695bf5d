import type { FastifyRequest } from 'fastify';
import { type IftaReturnDto, quarterLabel } from '../../../schema/ifta';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { conflict } from '../../http/errors';
import { audit } from '../audit/audit';
import { claimQuarter } from './quarters';
import { userName, liveReturn } from './report';

/**
 * Closing a quarter (docs/product/ifta.md#close): the return is worked out inside the close's transaction, checked
 * (every state with miles or fuel has its rate; miles have fuel to make an MPG), and kept whole as the snapshot the
 * quarter answers from then on. The version the closer read must be the quarter's (409 otherwise): what is filed is
 * what they saw.
 */
export async function closeQuarter(
  db: Db,
  request: FastifyRequest,
  quarter: string,
  version: number,
): Promise<IftaReturnDto> {
  const userId = request.auth?.user.id ?? null;
  return transact(db, async (trx) => {
    const claimed = await claimQuarter(trx, quarter, version);
    const closedAt = new Date().toISOString();
    const filed = await liveReturn(trx, quarter, {
      status: 'CLOSED',
      version: claimed.version,
      closedAt,
      closedBy: await userName(trx, userId),
    });
    if (filed.missingRates.length)
      throw conflict(
        `${quarterLabel(quarter)} cannot be closed: enter the rate of ${filed.missingRates.join(', ')} first (the tax of a state without its rate is never guessed)`,
      );
    if (filed.totalMiles > 0 && filed.mpg === null)
      throw conflict(
        `${quarterLabel(quarter)} cannot be closed: it has miles and no diesel bought, so no miles per gallon — import the fuel card's transactions first`,
      );
    await trx
      .updateTable('ifta_quarters')
      .set({ status: 'CLOSED', snapshot: JSON.stringify(filed), closed_at: closedAt, closed_by: userId })
      .where('id', '=', claimed.id)
      .execute();
    await audit(trx, request, {
      action: 'close',
      entity: 'ifta_quarter',
      entityId: quarter,
      after: { totalMiles: filed.totalMiles, totalGallons: filed.totalGallons, totalTaxCents: filed.totalTaxCents },
    });
    return filed;
  });
}
