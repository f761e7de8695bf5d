import type { RefusalDto } from '../../../schema/dispatchRules';
import { AUTHORITY_STATUS_LABELS } from '../../../schema/vetting';
import { usDate } from '../../../schema/format';
import type { Db } from '../../db/types';
import { docketText } from './keys';
import { vettingOf } from './lookup';

/**
 * Booking for a broker whose operating authority is inactive in the last licensing file imported is refused
 * (docs/product/compliance.md#vetting). A broker the files do not name, or no file imported, refuses nothing: the
 * broker's record says so.
 */
export async function brokerRefusals(db: Db, brokerId: number): Promise<RefusalDto[]> {
  const broker = await db
    .selectFrom('brokers')
    .select(['name', 'mc_number', 'usdot_number'])
    .where('id', '=', brokerId)
    .executeTakeFirst();
  if (!broker || (!broker.mc_number && !broker.usdot_number)) return [];
  const vetting = await vettingOf(db, { mcNumber: broker.mc_number, usdotNumber: broker.usdot_number });
  const authority = vetting.authority;
  if (!authority || authority.active) return [];
  const status = (letter: string | null) => AUTHORITY_STATUS_LABELS[letter ?? ''] ?? 'Unknown';
  return [
    {
      rule: 'BROKER_AUTHORITY_INACTIVE',
      field: 'brokerId',
      message:
        `Broker authority inactive: ${broker.name} (${docketText(authority.docket)}) has no active operating authority ` +
        `in the FMCSA licensing file of ${usDate(vetting.imported.carrier)} (broker ${status(authority.broker).toLowerCase()}, ` +
        `common ${status(authority.common).toLowerCase()}, contract ${status(authority.contract).toLowerCase()})`,
      date: vetting.imported.carrier,
    },
  ];
}
