/**
 * The sidebar icons features and resources may name (Material icons by their name). The web app maps each to its
 * component (src/layout/sidebar/icons.ts), typed by this list: a name without a component does not compile.
 */
export const ICON_NAMES = [
  'AccountBalance', 'AccountBalanceWallet', 'AdminPanelSettings', 'Assessment', 'AssignmentInd', 'AttachMoney', 'Badge', 'Business',
  'CalendarMonth', 'CreditCard', 'Dashboard', 'DateRange', 'DirectionsCar', 'Event', 'Gavel', 'Grading', 'Handshake', 'History', 'Insights',
  'LocalGasStation', 'LocalShipping', 'Payments', 'People', 'Percent', 'PersonOff', 'ReceiptLong', 'ReportProblem', 'RequestQuote',
  'RvHookup', 'Settings', 'Store', 'Summarize', 'ViewKanban', 'Forum',
] as const;
export type IconName = (typeof ICON_NAMES)[number];
