import type { ResolvedLink } from '../../../schema/chat';
import { claimNumberOf } from '../../../schema/claims';
import { CLAIM_STATUS_LABELS } from '../../../schema/claims';
import type { ChatDb } from './tables';

/**
 * The records a message mentions (schema/chat.ts findRecordRefs), as the reader may open them. The caller says which
 * kinds the reader may read (Read on Book Orders, on the Claims Tracker): refs of other kinds, and refs to records
 * that are not there, are left out alike, so a chip never tells anything about a record the reader cannot open.
 */
/** PICKED_UP → Picked up. */
const words = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, ' ');

export async function resolveLinks(
  db: ChatDb,
  refs: string[],
  may: { bookOrder: boolean; claim: boolean },
): Promise<ResolvedLink[]> {
  const parsed = refs
    .map((ref) => {
      const [kind, by, value] = ref.split(':');
      return { ref, kind: kind as 'bookOrder' | 'claim', by: by as 'id' | 'number', value };
    })
    .filter((r) => may[r.kind]);
  const out: ResolvedLink[] = [];

  const orders = parsed.filter((r) => r.kind === 'bookOrder');
  if (orders.length) {
    const ids = orders.filter((r) => r.by === 'id').map((r) => Number(r.value));
    const numbers = orders.filter((r) => r.by === 'number').map((r) => r.value);
    const rows = await db
      .selectFrom('book_orders')
      .select(['id', 'order_number', 'status', 'pickup_city', 'delivery_city'])
      .where((eb) =>
        eb.or([eb('id', 'in', ids.length ? ids : [0]), eb('order_number', 'in', numbers.length ? numbers : [''])]),
      )
      .where('deleted_at', 'is', null)
      .execute();
    for (const ref of orders) {
      const row = rows.find((o) =>
        ref.by === 'id' ? Number(o.id) === Number(ref.value) : o.order_number === ref.value,
      );
      if (!row) continue;
      out.push({
        ref: ref.ref,
        kind: 'bookOrder',
        id: Number(row.id),
        label: `${row.order_number} · ${row.pickup_city} → ${row.delivery_city}`,
        status: words(row.status),
        path: `/app/books/bookorders/${row.id}/edit`,
      });
    }
  }

  const claims = parsed.filter((r) => r.kind === 'claim');
  if (claims.length) {
    // A claim number is CLM-<year>-<id>: its id, checked against the year it was made.
    const idOf = (ref: (typeof claims)[number]) =>
      ref.by === 'id' ? Number(ref.value) : Number(ref.value.split('-')[2]);
    const rows = await db
      .selectFrom('claims')
      .select(['id', 'created_at', 'claimant_company', 'status'])
      .where('id', 'in', [...new Set(claims.map(idOf))])
      .where('deleted_at', 'is', null)
      .execute();
    for (const ref of claims) {
      const row = rows.find((c) => Number(c.id) === idOf(ref));
      if (!row) continue;
      const number = claimNumberOf(Number(row.id), row.created_at);
      if (ref.by === 'number' && number !== ref.value) continue;
      out.push({
        ref: ref.ref,
        kind: 'claim',
        id: Number(row.id),
        label: `${number} · ${row.claimant_company}`,
        status: CLAIM_STATUS_LABELS[row.status as keyof typeof CLAIM_STATUS_LABELS] ?? row.status,
        path: `/app/reports/claims-tracker/${row.id}/edit`,
      });
    }
  }
  return out;
}
