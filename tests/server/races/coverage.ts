/**
 * Which write route of the money and state areas each race scenario hits, as data: the route test of races.test.ts
 * lists the write routes from GET /api/openapi.json and fails for one of these areas that is neither raced by a named
 * scenario below nor listed as not moving money or state, with the reason. A new money route fails it until someone
 * adds its race (or says, in one line, why it needs none).
 */

/** The areas: a write route whose path starts with one of these is in scope. */
export const MONEY_AREAS = [
  '/api/TransactionsMatching',
  '/api/PayBills',
  '/api/DriverTransactions',
  '/api/Brokers/v2/fee',
  '/api/Tickets',
  '/api/Citations',
  '/api/InspectionReports',
  '/api/ClaimTracker',
  '/api/DriverAssignments',
  '/api/UnitAssignments',
  '/api/BookOrder',
  '/api/Invoices',
  '/api/Products',
  '/api/FactoringSchedules',
  '/api/OrderDrafts',
] as const;

export const inMoneyArea = (path: string) => MONEY_AREAS.some((area) => path === area || path.startsWith(`${area}/`));

/** The scenarios, by the names their tests carry. */
export const SCENARIOS = {
  importSameFile: 'one CSV file of two loads imported 6 times at once: each load booked once',
  draftBookTwice:
    'one dispatch-sheet draft booked 6 times and discarded twice at once with its version: one order or none, the draft moved once',
  itemManyRows:
    'one item with money left matched from 8 bank rows at once: one match wins (invoice, pay bill, broker fee, book order)',
  rowManyMatches: 'one bank row matched to 8 items at once with its version: one match wins',
  crossedLines: 'matches crossing three items from 8 bank rows at once: nothing over-applied, no deadlock',
  undoHalves: 'undos of the two halves of one item at once: nothing left settled',
  undoSame: 'one match undone 8 times at once: one undo',
  explainRow: 'one bank row explained 8 times and matched at once, then unexplained 8 times: one write each',
  importSame: 'one bank export imported 8 times at once: each row once',
  twoServers:
    'two app instances on one PostgreSQL: one pay bill matched from 8 rows, half through each: one match wins',
  approveVsEntries: 'a week approved while 8 entries are posted into it: none left off the bill',
  approveTwice: 'one bill approved 8 times and rebuilt at once: one write',
  buildTwice: 'one week built 8 times at once: one bill per driver and week, whole',
  payTwice: 'one bill paid 8 times at once: one payment',
  voidTwice: 'one entry voided 8 times at once: one reversal',
  manyEntries:
    '16 entries for one driver and 4 for another at once (days alike and apart, escrow), 4 more with one key: totals equal the entries',
  brokerFeePay:
    "one broker fee paid 8 times at once, and paid while its order's fee changes: paid once, as its order says",
  claimSettle: 'one claim paid 8 times while its decision is undone: one write, never paid undecided',
  claimChargeback:
    "one claim charged back 8 ways while its driver changes, deleted and restored: one live chargeback, the claim's",
  citationShares: "citations of one ticket paid while its driver changes: each share once, on the ticket's driver",
  citationLifecycle:
    'one citation edited 4 ways, deleted twice and restored at once: at most one live share, the right one',
  ticketDelete: 'a ticket deleted twice while its citation is paid, then restored 4 times: shares follow the ticket',
  shareVsApprove:
    "a citation paid into a week while the week's bill is approved: its share on the bill or after the week",
  postedIntoSettledWeek:
    'entries other screens post into a settled week (a claim chargeback, a void dated today), raced and one after the other: on the bill or after the week',
  dispatcherSlot: 'one driver given 8 dispatchers at once (one day, then 8 days): one holder a day',
  unitSlot: 'one truck given to 8 drivers at once (without and with reassign): one holder a day',
  endTwice: 'one assignment ended 8 ways at once, and ended while reassigned: one end, no overlap',
  orderTotals:
    '12 orders of one day booked at once, then each changed another way at once (status, price, delete, restore, approve, review): the per-day totals equal the orders',
  orderSameVersion:
    "one order changed 8 ways with one version (prices, status, approve, review, delete): one write, its broker fee the order's",
  invoiceNumbers:
    '20 invoices made at once (on PostgreSQL half through a second app instance): 20 consecutive numbers, none twice',
  invoiceSameOrder: 'one delivered order invoiced 8 times at once: one live invoice, the others refused naming it',
  invoiceBatch:
    'four batches of the same 6 delivered orders at once: each order on one live invoice, numbers without a gap',
  invoiceSendVoid:
    'one invoice sent 4 times and voided 4 times at once with one version: one write; a void has one credit note and the order back to Delivered',
  factoringSameInvoice: 'one sent invoice put on 8 schedules at once: one live schedule, the others refused naming it',
  factoringFundTwice:
    'one schedule funded 8 times at once with one version (by its percentages and by amounts): one funding, whole',
  factoringBooksOneWrite:
    'a funded schedule released whole and its funding reversed at once, then cancelled and funded at once, each with one version: one write each',
  orderVsMatch:
    "an order's price edited while a deposit is matched to it: its payment status is its settlement's, nothing applied beyond its price",
} as const;
export type ScenarioKey = keyof typeof SCENARIOS;

type Coverage = { races: ScenarioKey[] } | { notMoney: string };

/** Every write route of the areas (method and OpenAPI path), raced or explained. */
export const ROUTE_RACES: Record<string, Coverage> = {
  'POST /api/TransactionsMatching/import': { races: ['importSame'] },
  'POST /api/TransactionsMatching/transactions/{id}/matches': {
    races: ['itemManyRows', 'rowManyMatches', 'crossedLines', 'twoServers', 'explainRow'],
  },
  'POST /api/TransactionsMatching/matches/{id}/undo': { races: ['undoHalves', 'undoSame'] },
  'POST /api/TransactionsMatching/transactions/{id}/explain': { races: ['explainRow'] },
  'POST /api/TransactionsMatching/transactions/{id}/unexplain': { races: ['explainRow'] },

  'POST /api/PayBills/build': { races: ['buildTwice'] },
  'POST /api/PayBills/{id}/rebuild': { races: ['approveTwice'] },
  'POST /api/PayBills/{id}/approve': {
    races: ['approveVsEntries', 'approveTwice', 'shareVsApprove', 'postedIntoSettledWeek'],
  },
  'POST /api/PayBills/{id}/pay': { races: ['payTwice'] },

  'POST /api/DriverTransactions': { races: ['manyEntries', 'approveVsEntries'] },
  'PUT /api/DriverTransactions/{id}': {
    notMoney: 'changes only reference, category and memo: the money fields are fixed once posted (400)',
  },
  'POST /api/DriverTransactions/{id}/void': { races: ['voidTwice', 'postedIntoSettledWeek'] },

  'POST /api/Brokers/v2/fee/{id}/pay': { races: ['brokerFeePay'] },

  'POST /api/Tickets': { notMoney: 'a new ticket has no citations, so no share and no ledger entry' },
  'PUT /api/Tickets/{id}': { races: ['citationShares'] },
  'DELETE /api/Tickets/{id}': { races: ['ticketDelete'] },
  'POST /api/Tickets/{id}/restore': { races: ['ticketDelete'] },
  'DELETE /api/Tickets/ticket/remove/{id}': { races: ['ticketDelete'] },
  'POST /api/Citations': { races: ['citationShares'] },
  'PUT /api/Citations/{id}': { races: ['citationShares', 'citationLifecycle', 'ticketDelete', 'shareVsApprove'] },
  'DELETE /api/Citations/{id}': { races: ['citationLifecycle'] },
  'POST /api/Citations/{id}/restore': { races: ['citationLifecycle'] },
  'DELETE /api/Tickets/citation/remove/{id}': { races: ['citationLifecycle'] },
  'POST /api/InspectionReports': { notMoney: 'inspection reports carry no money and post nothing to the ledger' },
  'PUT /api/InspectionReports/{id}': { notMoney: 'inspection reports carry no money and post nothing to the ledger' },
  'DELETE /api/InspectionReports/{id}': {
    notMoney: 'inspection reports carry no money and post nothing to the ledger',
  },
  'POST /api/InspectionReports/{id}/restore': {
    notMoney: 'inspection reports carry no money and post nothing to the ledger',
  },
  'DELETE /api/Tickets/inspectionreport/remove/{id}': {
    notMoney: 'inspection reports carry no money and post nothing to the ledger',
  },

  'POST /api/ClaimTracker': {
    notMoney: 'a new claim has no payment and no chargeback yet (both are their own routes)',
  },
  'POST /api/ClaimTracker/from-inspection': {
    notMoney:
      'a new claim has no payment and no chargeback yet; two at once from the same damages make one claim (tests/server/claimFromInspection.test.ts)',
  },
  'PUT /api/ClaimTracker/{id}': { races: ['claimChargeback'] },
  'DELETE /api/ClaimTracker/{id}': { races: ['claimChargeback'] },
  'POST /api/ClaimTracker/{id}/restore': { races: ['claimChargeback'] },
  'POST /api/ClaimTracker/{id}/steps/{step}/complete': { races: ['claimSettle'] },
  'POST /api/ClaimTracker/{id}/steps/{step}/undo': { races: ['claimSettle'] },
  'POST /api/ClaimTracker/{id}/comments': {
    notMoney: "a comment is text on the claim's timeline; it changes no state",
  },
  'POST /api/ClaimTracker/{id}/chargeback': { races: ['claimChargeback', 'postedIntoSettledWeek'] },
  'POST /api/ClaimTracker/{id}/settle': { races: ['claimSettle'] },

  'POST /api/DriverAssignments': { races: ['dispatcherSlot', 'endTwice'] },
  'POST /api/DriverAssignments/{id}/end': { races: ['endTwice'] },
  'POST /api/UnitAssignments': { races: ['unitSlot', 'endTwice'] },
  'POST /api/UnitAssignments/{id}/end': { races: ['endTwice'] },

  'POST /api/BookOrder': { races: ['orderTotals'] },
  'POST /api/BookOrder/import': { races: ['importSameFile'] },
  'POST /api/OrderDrafts': {
    notMoney: 'reads a sheet into a new draft: no order, status or money moves until it is booked',
  },
  'POST /api/OrderDrafts/{id}/book': { races: ['draftBookTwice'] },
  'POST /api/OrderDrafts/{id}/discard': { races: ['draftBookTwice'] },
  'POST /api/OrderDrafts/{id}/broker': {
    notMoney: 'adds a broker record from the sheet (its name unique: a second at once is 409); no order moves',
  },
  'POST /api/OrderDrafts/{id}/shipper': {
    notMoney: 'adds a shipper record from the sheet (its name unique: a second at once is 409); no order moves',
  },
  'POST /api/BookOrder/import/preview': { notMoney: 'reads a CSV file and answers what it would book; writes nothing' },
  'PUT /api/BookOrder/{id}': { races: ['orderTotals', 'orderSameVersion', 'orderVsMatch', 'brokerFeePay'] },
  'POST /api/BookOrder/{id}/status': { races: ['orderTotals', 'orderSameVersion'] },
  'POST /api/BookOrder/{id}/approve': { races: ['orderTotals', 'orderSameVersion'] },
  'PUT /api/BookOrder/{id}/manager-review': { races: ['orderTotals', 'orderSameVersion'] },
  'DELETE /api/BookOrder/{id}': { races: ['orderTotals', 'orderSameVersion'] },
  'POST /api/BookOrder/{id}/restore': { races: ['orderTotals'] },
  'POST /api/BookOrder/{id}/bol-links': {
    notMoney: 'an online link to the bill of lading: a row of its own, no money, status or total of the order moves',
  },
  'POST /api/BookOrder/{id}/bol-links/{linkId}/revoke': {
    notMoney:
      'revoking a bill of lading link stamps only that link (a guarded update, once); nothing of the order moves',
  },
  'POST /api/BookOrder/{id}/tracking-links': {
    notMoney: 'the order’s tracking link: a row of its own (one live link, made once), no money, status or total moves',
  },
  'POST /api/BookOrder/{id}/tracking-links/{linkId}/revoke': {
    notMoney: 'revoking a tracking link stamps only that link; nothing of the order moves',
  },
  'POST /api/BookOrder/{id}/tracking-links/mail': {
    notMoney: 'mails the tracking link to the customer’s addresses (the outbox); no money, status or total moves',
  },
  'POST /api/Invoices': { races: ['invoiceNumbers', 'invoiceSameOrder'] },
  'POST /api/Invoices/batch': { races: ['invoiceBatch'] },
  'POST /api/Invoices/{id}/send': { races: ['invoiceSendVoid'] },
  'POST /api/Invoices/{id}/void': { races: ['invoiceSendVoid'] },
  'PUT /api/Invoices/{id}/factoring': {
    notMoney: "a draft's factor, under its version (409): no amount, state or order of the invoice moves",
  },
  'POST /api/FactoringSchedules': { races: ['factoringSameInvoice'] },
  'POST /api/FactoringSchedules/{id}/funding': { races: ['factoringFundTwice', 'factoringBooksOneWrite'] },
  'POST /api/FactoringSchedules/{id}/releases': { races: ['factoringBooksOneWrite'] },
  'POST /api/FactoringSchedules/{id}/entries/{entryId}/reverse': { races: ['factoringBooksOneWrite'] },
  'POST /api/FactoringSchedules/{id}/cancel': { races: ['factoringBooksOneWrite'] },
  'POST /api/Products': { notMoney: 'a product is a price list entry: an invoice copies its price into its own lines' },
  'PUT /api/Products/{id}': {
    notMoney: 'a product is a price list entry: an invoice copies its price into its own lines',
  },
  'DELETE /api/Products/{id}': {
    notMoney: 'a product is a price list entry: an invoice copies its price into its own lines',
  },
  'POST /api/Products/{id}/restore': {
    notMoney: 'a product is a price list entry: an invoice copies its price into its own lines',
  },
};
