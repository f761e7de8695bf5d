import { boolean, choice, computed, date, fixed, integer, money, reference, text } from '../define/fields';
import { defineResource } from '../define/resource';
import { todayIso } from '../expiry';
import { usCents, usMoney } from '../format';
import { centsOf, fromCents, toCents } from '../money';
import { COURT_RESULTS, COURT_RESULT_LABELS, PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, splitOf } from '../tickets';

const OF_ITS_TICKET = 'belongs to the ticket it was written on: delete it and add it to the other ticket';

/**
 * Citations (docs/product/tickets.md): a court summons or fine written at a ticket's stop, its court date and result,
 * and who pays it (docs/product/tickets.md#citation-split): the driver's share in percent, the company's the rest, and
 * the driver's payment in dollars — all worked out by the server; a body that says otherwise is refused naming the
 * field. When it is paid, the driver's payment posts once to the driver's ledger (server/modules/tickets/share.ts).
 */
export const citations = defineResource({
  route: '/app/management/citations',
  api: '/api/Citations',
  table: 'citations',
  entity: 'citation',
  singular: 'Citation',
  plural: 'Citations',
  access: 'TicketManagement',
  sections: { citation: 'Citation', court: 'Court', money: 'Payment and split' },
  fields: {
    ticketId: fixed(reference('tickets', { label: 'Ticket', required: true, filter: true }), OF_ITS_TICKET),
    citationNumber: text({
      label: 'Citation number',
      required: true,
      max: 40,
      case: 'upper',
      search: true,
      sort: true,
    }),
    date: date({ label: 'Date', required: true, sort: true }),
    violationNumberId: reference('violationCodes', { label: 'Violation' }),
    courtDate: date({ label: 'Court date', sort: true, section: 'court' }),
    appearance: boolean({ label: 'Appearance required', default: false, section: 'court', list: 'hide' }),
    courtResult: choice(COURT_RESULTS, {
      label: 'Court result',
      labels: COURT_RESULT_LABELS,
      default: 'PENDING',
      filter: true,
      section: 'court',
    }),
    paymentStatus: choice(PAYMENT_STATUSES, {
      label: 'Payment',
      labels: PAYMENT_STATUS_LABELS,
      colours: { UNPAID: 'warning', PAID: 'success' },
      default: 'UNPAID',
      filter: true,
      section: 'money',
    }),
    paidOn: date({ label: 'Paid on', section: 'money', list: 'hide' }),
    amount: money({ label: 'Amount', required: true, max: 1_000_000, sort: true, section: 'money' }),
    driverShare: integer({ label: 'Driver share (%)', min: 0, max: 100, default: 0, section: 'money' }),
    companyShare: integer({
      label: 'Company share (%)',
      min: 0,
      max: 100,
      section: 'money',
      help: '100 − the driver’s share',
    }),
    paymentForDriver: money({
      label: 'Driver pays',
      max: 1_000_000,
      section: 'money',
      help: 'The amount × the driver’s share',
    }),
    driverName: computed<string | null>({ label: 'Driver' }),
    ticketTitle: computed<string>({ label: 'Ticket', list: false, csv: false }),
    ledgerEntryId: computed<number | null>({ label: 'Ledger entry', list: 'hide' }),
    documentCount: computed<number>({ label: 'Documents', list: 'hide', csv: false }),
  },
  rules: (c, ctx) => {
    // An amount the field refuses (not a number, a fraction of a cent) is its own message; the split waits for it.
    const amountCents = typeof c.amount === 'number' ? centsOf(c.amount) : null;
    if (amountCents === null) return;
    const driverShare = c.driverShare ?? 0;
    const { companyShare, paymentForDriverCents } = splitOf(amountCents, driverShare);
    if (c.companyShare !== null && c.companyShare !== undefined && c.companyShare !== companyShare) {
      ctx.addIssue({
        code: 'custom',
        path: ['companyShare'],
        message: `The shares add up to 100: with the driver’s ${driverShare}%, the company’s is ${companyShare}%`,
      });
    }
    if (
      c.paymentForDriver !== null &&
      c.paymentForDriver !== undefined &&
      centsOf(c.paymentForDriver) !== paymentForDriverCents
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['paymentForDriver'],
        message: `The driver pays ${driverShare}% of ${usMoney(c.amount)}: ${usCents(paymentForDriverCents)}`,
      });
    }
    if (c.paidOn && c.paymentStatus !== 'PAID')
      ctx.addIssue({ code: 'custom', path: ['paidOn'], message: 'Only a paid citation has a payment date' });
    if (c.paidOn && c.paidOn > todayIso())
      ctx.addIssue({ code: 'custom', path: ['paidOn'], message: 'A payment is dated today or earlier' });
  },
  // What the server keeps: the split worked out, and a payment dated (today when the body does not say).
  transform: (c) => {
    const { companyShare, paymentForDriverCents } = splitOf(toCents(c.amount), c.driverShare ?? 0);
    return {
      ...c,
      companyShare,
      paymentForDriver: fromCents(paymentForDriverCents),
      paidOn: c.paymentStatus === 'PAID' ? (c.paidOn ?? todayIso()) : null,
    };
  },
  defaultSort: '-date',
  recordTitle: 'citationNumber',
});
export type CitationDto = typeof citations.types.dto;
export type CitationInput = typeof citations.types.input;
