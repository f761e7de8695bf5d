import { z } from 'zod';
import { addDays, todayIso } from '../../../schema/expiry';
import { CHANGE_FIELD_LABELS, type ChangeField } from '../../../schema/vetting';
import { transact } from '../../db/transaction';
import type { Db } from '../../db/types';
import { defineJob } from '../../jobs/define';
import { createNotifications } from '../notifications/store';
import type { Delivery } from '../notify/realtime';
import { docketOf, dotOf } from './keys';
import { vettingOf } from './lookup';

/** The reminders' claim row (deadline_reminders) that makes the sweep's notice once a week across servers. */
const SWEEP_KIND = 'vetting_sweep';
/** A notice names at most this many companies; the rest are counted. */
const NAMED = 5;

/** Monday of the week of a YYYY-MM-DD date. */
export const weekOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

interface Party {
  kind: 'broker' | 'shipper';
  id: number;
  name: string;
  mcNumber: string | null;
  usdotNumber: string | null;
}

async function partiesOf(db: Db): Promise<Party[]> {
  const of = (table: 'brokers' | 'shippers', kind: Party['kind']) =>
    db
      .selectFrom(table)
      .select(['id', 'name', 'mc_number', 'usdot_number'])
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('mc_number', 'is not', null), eb('usdot_number', 'is not', null)]))
      .orderBy('name')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          kind,
          id: Number(row.id),
          name: row.name,
          mcNumber: row.mc_number,
          usdotNumber: row.usdot_number,
        })),
      );
  return [...(await of('brokers', 'broker')), ...(await of('shippers', 'shipper'))];
}

/** Who hears of it: administrators, and the users whose roles may update brokers (docs/product/compliance.md#sweep). */
function managers(db: Db) {
  return db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.deleted_at', 'is', null)
    .where('u.is_active', '=', 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .innerJoin('roles as ro', 'ro.id', 'ur.role_id')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .where((inner) =>
            inner.or([
              inner('ro.name', '=', 'Administrator'),
              inner.exists(
                inner
                  .selectFrom('role_feature_permissions as p')
                  .innerJoin('features as f', 'f.id', 'p.feature_id')
                  .select('p.role_id')
                  .whereRef('p.role_id', '=', 'ro.id')
                  .where('f.key', '=', 'Brokers')
                  .where('p.permission', '=', 'Update'),
              ),
            ]),
          ),
      ),
    )
    .execute();
}

/**
 * The weekly sweep (docs/product/compliance.md#sweep): the changes the imports recorded of our brokers' and shippers'
 * MC and USDOT numbers that no sweep has flagged yet, and the brokers whose authority is inactive, told to the managers
 * in one notification, the changes flagged. Once a week across servers: the week's row of deadline_reminders is claimed
 * in the same transaction; a week with nothing to tell claims nothing, so a change imported later that week is told
 * at the next run.
 */
export async function sweepVetting(db: Db, today = todayIso()): Promise<Delivery[]> {
  const findings: { party: Party; words: string[]; changeIds: number[] }[] = [];
  for (const party of await partiesOf(db)) {
    const vetting = await vettingOf(db, party, today);
    const dot = vetting.census?.dotNumber ?? dotOf(party.usdotNumber);
    const docket = vetting.authority?.docket ?? docketOf(party.mcNumber);
    const fresh =
      dot !== null || docket
        ? await db
            .selectFrom('fmcsa_changes')
            .select(['id', 'field'])
            .where('flagged_at', 'is', null)
            .where((eb) =>
              eb.or([
                ...(dot !== null ? [eb('dot_number', '=', dot)] : []),
                ...(docket ? [eb('docket', '=', docket)] : []),
              ]),
            )
            .orderBy('id')
            .execute()
        : [];
    const fields = [
      ...new Set(fresh.map((change) => CHANGE_FIELD_LABELS[change.field as ChangeField] ?? change.field)),
    ];
    const words = [
      ...(fields.length ? [`${fields.join(', ').toLowerCase()} changed`] : []),
      ...(party.kind === 'broker' && vetting.authority && !vetting.authority.active ? ['authority inactive'] : []),
    ];
    if (words.length) findings.push({ party, words, changeIds: fresh.map((change) => Number(change.id)) });
  }
  if (!findings.length) return [];
  return transact(db, async (trx) => {
    const claimed = await trx
      .insertInto('deadline_reminders')
      .values({ kind: SWEEP_KIND, record_id: 0, due_on: weekOf(today), sent_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['kind', 'record_id', 'due_on']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!claimed) return [];
    const ids = findings.flatMap((finding) => finding.changeIds);
    for (let start = 0; start < ids.length; start += 1000)
      await trx
        .updateTable('fmcsa_changes')
        .set({ flagged_at: new Date().toISOString() })
        .where('id', 'in', ids.slice(start, start + 1000))
        .execute();
    const named = findings
      .slice(0, NAMED)
      .map(({ party, words }) => `${party.name} (${party.kind}): ${words.join('; ')}`);
    const more = findings.length - named.length;
    const first = findings[0].party;
    return createNotifications(
      trx,
      (await managers(trx)).map((user) => Number(user.id)),
      {
        type: 'vettingSweep',
        title: `Vetting: ${findings.length} ${findings.length === 1 ? 'broker or shipper needs' : 'brokers or shippers need'} a look`,
        body: `${named.join('. ')}${more > 0 ? `. And ${more} more.` : '.'}`,
        link: `/app/management/${first.kind === 'broker' ? 'brokers' : 'shipper-management'}/${first.id}/edit`,
      },
    );
  });
}

/** Daily at midnight UTC and at each start (the period cannot be a week: server/jobs/define.ts); it tells once a week. */
export const vettingSweepJob = defineJob({
  name: 'vetting.sweep',
  payload: z.object({}),
  retry: { maxAttempts: 3, maxAgeMs: 6 * 60 * 60_000 },
  schedule: { everyMinutes: 1440 },
  run: async (_payload, { ctx }) => ctx.realtime.deliver(await sweepVetting(ctx.db)),
});
