import type { TicketsTile } from '../../../schema/dashboard';
import { addDays } from '../../../schema/expiry';
import { fromCents } from '../../../schema/money';
import { citations } from '../../../schema/resources/citations';
import { tickets } from '../../../schema/resources/tickets';
import type { Db } from '../../db/types';
import { ticketTitle } from '../records/references';
import { driverName } from '../drivers/names';

const COURT_DAYS = 14;
const NEXT = 5;

/** Pending hearings of live citations of live tickets from today to `until`, soonest first (few: read whole). */
function courtDates(db: Db, today: string, until: string) {
  return db
    .selectFrom('citations as c')
    .innerJoin('tickets as t', 't.id', 'c.ticket_id')
    .leftJoin('drivers as d', 'd.id', 't.driver_id')
    .select([
      'c.id',
      'c.citation_number',
      'c.court_date',
      't.id as ticket_id',
      ticketTitle('t').as('title'),
      driverName('d').as('driver'),
    ])
    .where('c.deleted_at', 'is', null)
    .where('t.deleted_at', 'is', null)
    .where('c.court_result', '=', 'PENDING')
    .where('c.court_date', '>=', today)
    .where('c.court_date', '<=', until)
    .orderBy('c.court_date')
    .orderBy('c.id')
    .execute();
}

/** What the citations list shows with paymentStatus=UNPAID: its live rows not paid, and their amount. */
function unpaid(db: Db) {
  return db
    .selectFrom('citations')
    .select(({ fn }) => [fn.countAll<number>().as('count'), fn.sum<number>('amount_cents').as('cents')])
    .where('deleted_at', 'is', null)
    .where('payment_status', '=', 'UNPAID')
    .executeTakeFirstOrThrow();
}

export async function ticketsTile(db: Db, today: string): Promise<TicketsTile> {
  const [hearings, owed] = await Promise.all([courtDates(db, today, addDays(today, COURT_DAYS)), unpaid(db)]);
  return {
    route: tickets.route,
    citationsRoute: citations.route,
    courtDays: COURT_DAYS,
    courtDates: {
      citations: hearings.length,
      tickets: new Set(hearings.map((h) => h.ticket_id)).size,
      next: hearings.slice(0, NEXT).map((h) => ({
        citationId: h.id,
        citationNumber: h.citation_number,
        ticketId: h.ticket_id,
        ticketTitle: h.title,
        courtDate: h.court_date!,
        driverName: h.driver,
      })),
    },
    unpaid: {
      count: Number(owed.count),
      amount: fromCents(Number(owed.cents ?? 0)),
      filter: { paymentStatus: 'UNPAID' },
    },
  };
}
