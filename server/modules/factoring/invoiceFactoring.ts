import { DEFAULT_NOTICE_OF_ASSIGNMENT, scheduleNumberText } from '../../../schema/factoring';
import type { InvoiceFactoringDto } from '../../../schema/invoices';
import type { Db } from '../../db/types';

/** A factor's remit-to address as the PDF and the screens write it. */
export function remitLines(row: { address: string; city: string; state: string | null; zip: string | null }) {
  return [row.address, [row.city, [row.state, row.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(
    (line) => !!line,
  );
}

/**
 * What an invoice shows of its factor (docs/product/factoring.md#notice): the factor, its remit-to address and notice,
 * the live schedule the invoice is on, and whether that schedule is funded (the invoice is then factored).
 */
export async function invoiceFactoring(
  db: Db,
  invoiceId: number,
  factorId: number | null,
): Promise<{ factoring: InvoiceFactoringDto | null; factored: boolean }> {
  if (factorId === null) return { factoring: null, factored: false };
  const [factor, schedule] = await Promise.all([
    db
      .selectFrom('factoring_companies as f')
      .leftJoin('states as st', 'st.id', 'f.state_id')
      .select(['f.id', 'f.name', 'f.address', 'f.city', 'f.zip', 'f.notice_text', 'st.abbreviation as state'])
      .where('f.id', '=', factorId)
      .executeTakeFirst(),
    db
      .selectFrom('factoring_schedule_invoices as si')
      .innerJoin('factoring_schedules as s', 's.id', 'si.schedule_id')
      .select(['s.id', 's.number', 's.status'])
      .where('si.invoice_id', '=', invoiceId)
      .where('si.live', '=', 1)
      .executeTakeFirst(),
  ]);
  if (!factor) return { factoring: null, factored: false };
  return {
    factoring: {
      id: Number(factor.id),
      name: factor.name,
      remitTo: remitLines(factor),
      noticeText: factor.notice_text?.trim() || DEFAULT_NOTICE_OF_ASSIGNMENT,
      schedule: schedule
        ? {
            id: Number(schedule.id),
            number: Number(schedule.number),
            numberText: scheduleNumberText(Number(schedule.number)),
            status: schedule.status,
          }
        : null,
    },
    factored: schedule?.status === 'FUNDED',
  };
}
