/**
 * The vocabulary of tickets (docs/product/tickets.md): what a roadside event is, its citations' court and payment
 * states, its inspection reports' levels (CVSA), categories (the seven CSA BASICs), statuses and DataQs challenges,
 * and who pays a citation. The Tickets dropdown calls answer these lists; the definitions in
 * schema/resources/{tickets,citations,inspections}.ts use them.
 */
type Labels<V extends readonly string[]> = { readonly [K in V[number]]: string };
/** The { code, name } rows a dropdown answers, in the list's order. */
export const dropdownOf = <V extends readonly string[]>(values: V, labels: Labels<V>) =>
  values.map((code) => ({ code, name: labels[code as V[number]] }));

export const TICKET_TYPES = [
  'ROADSIDE_INSPECTION',
  'TRAFFIC_CITATION',
  'WEIGH_STATION',
  'PARKING',
  'TOLL',
  'OTHER',
] as const;
export const TICKET_TYPE_LABELS: Labels<typeof TICKET_TYPES> = {
  ROADSIDE_INSPECTION: 'Roadside inspection',
  TRAFFIC_CITATION: 'Traffic citation',
  WEIGH_STATION: 'Weigh station',
  PARKING: 'Parking',
  TOLL: 'Toll violation',
  OTHER: 'Other',
};
export const TICKET_PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
export const TICKET_PRIORITY_LABELS: Labels<typeof TICKET_PRIORITIES> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  URGENT: 'Urgent',
};
export const TICKET_STATUSES = ['OPEN', 'IN_PROGRESS', 'CONTESTED', 'CLOSED'] as const;
export const TICKET_STATUS_LABELS: Labels<typeof TICKET_STATUSES> = {
  OPEN: 'Open',
  IN_PROGRESS: 'In progress',
  CONTESTED: 'Contested',
  CLOSED: 'Closed',
};

export const PAYMENT_STATUSES = ['UNPAID', 'PAID', 'NOT_OWED'] as const;
export type CitationPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Labels<typeof PAYMENT_STATUSES> = {
  UNPAID: 'Unpaid',
  PAID: 'Paid',
  NOT_OWED: 'Not owed (dismissed)',
};
export const COURT_RESULTS = ['PENDING', 'DISMISSED', 'REDUCED', 'GUILTY', 'DEFERRED', 'NO_HEARING'] as const;
export const COURT_RESULT_LABELS: Labels<typeof COURT_RESULTS> = {
  PENDING: 'Pending',
  DISMISSED: 'Dismissed',
  REDUCED: 'Reduced',
  GUILTY: 'Guilty',
  DEFERRED: 'Deferred adjudication',
  NO_HEARING: 'Paid without hearing',
};

/** CVSA North American Standard inspection levels (docs/product/tickets.md#inspections). */
export const INSPECTION_LEVELS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII'] as const;
export const INSPECTION_LEVEL_LABELS: Labels<typeof INSPECTION_LEVELS> = {
  I: 'I — North American Standard',
  II: 'II — Walk-around',
  III: 'III — Driver/credentials',
  IV: 'IV — Special',
  V: 'V — Vehicle only',
  VI: 'VI — Radioactive shipments',
  VII: 'VII — Jurisdictional',
  VIII: 'VIII — Electronic',
};
/** The seven CSA BASICs: an inspection report's category, and each violation code's. */
export const BASICS = [
  'UNSAFE_DRIVING',
  'CRASH_INDICATOR',
  'HOS_COMPLIANCE',
  'VEHICLE_MAINTENANCE',
  'CONTROLLED_SUBSTANCES',
  'HM_COMPLIANCE',
  'DRIVER_FITNESS',
] as const;
export type Basic = (typeof BASICS)[number];
export const BASIC_LABELS: Labels<typeof BASICS> = {
  UNSAFE_DRIVING: 'Unsafe Driving',
  CRASH_INDICATOR: 'Crash Indicator',
  HOS_COMPLIANCE: 'HOS Compliance',
  VEHICLE_MAINTENANCE: 'Vehicle Maintenance',
  CONTROLLED_SUBSTANCES: 'Controlled Substances/Alcohol',
  HM_COMPLIANCE: 'Hazardous Materials Compliance',
  DRIVER_FITNESS: 'Driver Fitness',
};
export const INSPECTION_STATUSES = ['RECEIVED', 'UNDER_REVIEW', 'CLOSED'] as const;
export const INSPECTION_STATUS_LABELS: Labels<typeof INSPECTION_STATUSES> = {
  RECEIVED: 'Received',
  UNDER_REVIEW: 'Under review',
  CLOSED: 'Closed',
};
/** A DataQs request for data review: an accepted one removes the inspection's violations from the safety picture. */
export const CHALLENGE_STATUSES = ['NONE', 'TO_FILE', 'FILED', 'ACCEPTED', 'DENIED'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];
export const CHALLENGE_STATUS_LABELS: Labels<typeof CHALLENGE_STATUSES> = {
  NONE: 'Not challenged',
  TO_FILE: 'To file in DataQs',
  FILED: 'Filed in DataQs',
  ACCEPTED: 'Accepted (removed)',
  DENIED: 'Denied',
};
export const INSPECTED_UNITS = ['TRUCK_AND_TRAILER', 'TRUCK', 'TRAILER', 'DRIVER'] as const;
export const INSPECTED_UNIT_LABELS: Labels<typeof INSPECTED_UNITS> = {
  TRUCK_AND_TRAILER: 'Truck and trailer',
  TRUCK: 'Truck only',
  TRAILER: 'Trailer only',
  DRIVER: 'Driver only',
};

/** Who pays a citation (divide-dropdown): presets of the split; any other driver share is a custom split. */
export const DIVIDE_PRESETS = [
  { code: 'COMPANY', name: 'Company pays all', driverShare: 0 },
  { code: 'DRIVER', name: 'Driver pays all', driverShare: 100 },
  { code: 'HALF', name: 'Split 50/50', driverShare: 50 },
] as const;
/** How a driver's share is taken (frequency-dropdown): posted once to the ledger and settled on the next pay bill. */
export const SHARE_FREQUENCIES = [{ code: 'ONCE', name: 'At once, on the next pay bill' }] as const;

/**
 * Who pays a citation (docs/product/tickets.md#citation-split): driverShare 0–100, companyShare = 100 − driverShare,
 * paymentForDriver = the amount times the driver's share over 100, rounded to the cent. In cents, so the rounding is
 * exact (half a cent rounds up).
 */
export function splitOf(
  amountCents: number,
  driverShare: number,
): { companyShare: number; paymentForDriverCents: number } {
  return { companyShare: 100 - driverShare, paymentForDriverCents: Math.round((amountCents * driverShare) / 100) };
}

/** FMCSA writes a code with and without dots, parentheses and dashes ('393.9H', '3939H'): compared in this form. */
export const codeKey = (code: string) => code.toUpperCase().replace(/[\s.()-]/g, '');

/** SMS time weight of an inspection on `today` (3 for 0–6 months, 2 for 6–12, 1 for 12–24, 0 older). */
export function timeWeight(inspectedOn: string, today: string): 0 | 1 | 2 | 3 {
  const monthsBefore = (months: number) => {
    const [y, m, d] = today.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1 - months, 1));
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(d, lastDay));
    return date.toISOString().slice(0, 10);
  };
  if (inspectedOn > today) return 0;
  if (inspectedOn > monthsBefore(6)) return 3;
  if (inspectedOn > monthsBefore(12)) return 2;
  if (inspectedOn > monthsBefore(24)) return 1;
  return 0;
}
