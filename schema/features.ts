import type { IconName } from './icons';
import type { Permission, RoleName } from './roles';

/** Sidebar sections, in order (docs/product/shell.md#sidebar). Each user's layout starts as one group per section. */
export const SECTIONS = ['Books', 'Reports', 'Management', 'Finances', 'Assignment', 'Admin', 'Settings'] as const;
export type Section = (typeof SECTIONS)[number];

/** Name of the group every user has and cannot rename or delete. */
export const DEFAULT_GROUP_NAME = 'General';

/**
 * Grants of one role on one feature, as letters: R Read, C Create, U Update, D Delete, E Export, A Approve.
 */
type Grants = string;

export interface FeatureDefinition {
  /** Stable key the server's routes refer to. */
  key: string;
  title: string;
  uri: string;
  icon: IconName;
  section: Section;
  /** The roles that get the screen by default, with the permissions that fit it. Administrators hold every permission. */
  roles: Partial<Record<RoleName, Grants>>;
}

const ALL = 'RCUDEA';

/**
 * One feature per screen of the app (template pages excluded: docs/product.md#template-areas), with the default
 * permission matrix (docs/feature-permissions.md#defaults). Administrators change it later on /app/permissions.
 */
export const FEATURES = [
  // Books
  {
    key: 'BookOrders',
    title: 'Book Orders',
    uri: '/app/books/bookorders',
    icon: 'LocalShipping',
    section: 'Books',
    roles: {
      Dispatcher: 'RCUE',
      Manager: ALL,
      Finance: 'RUE',
      FinanceSuper: 'RUE',
      FleetManager: 'RE',
      ClaimTrackerTeam: 'RE',
      BookOrderApprover: 'RA',
      DispatchManager: 'RCUDEA',
    },
  },
  // Dispatch sheets (server/modules/orderDrafts, docs/product/dispatch-sheets.md): PDFs uploaded or mailed in, read
  // into draft orders. Create uploads, Update books a reviewed draft (the order's own create needs Book Orders Create
  // too), Delete discards one.
  {
    key: 'DispatchSheets',
    title: 'Dispatch Sheets',
    uri: '/app/books/dispatch-sheets',
    icon: 'UploadFile',
    section: 'Books',
    roles: { Dispatcher: 'RCUD', Manager: 'RCUD', DispatchManager: 'RCUD' },
  },
  // A driver's own loads (server/modules/myLoads), scoped by the server to the driver of the account: read, and
  // Update to record their vehicle inspections (server/modules/vehicleInspections).
  {
    key: 'MyLoads',
    title: 'My Loads',
    uri: '/app/my-loads',
    icon: 'LocalShipping',
    section: 'Books',
    roles: { Driver: 'RU' },
  },
  // A driver's own qualification file (docs/product/driver-qualification.md#access), scoped by the server to the
  // driver of the account: read and downloaded, never changed.
  {
    key: 'MyQualification',
    title: 'My Qualification File',
    uri: '/app/my-qualification',
    icon: 'Grading',
    section: 'Books',
    roles: { Driver: 'RE' },
  },
  // Reports
  {
    key: 'Dashboard',
    title: 'Dashboard',
    uri: '/app/dashboard',
    icon: 'Dashboard',
    section: 'Reports',
    roles: {
      Manager: 'RE',
      Finance: 'RE',
      FinanceSuper: 'RE',
      FleetManager: 'RE',
      ClaimTrackerTeam: 'RE',
      DispatchManager: 'RE',
    },
  },
  {
    key: 'ReportsDashboard',
    title: 'Reports Dashboard',
    uri: '/app/reports/dashboard',
    icon: 'Assessment',
    section: 'Reports',
    roles: {
      Manager: 'RE',
      Finance: 'RE',
      FinanceSuper: 'RE',
      FleetManager: 'RE',
      ClaimTrackerTeam: 'RE',
      DispatchManager: 'RE',
    },
  },
  {
    key: 'DashboardAlternative',
    title: 'Dashboard Alternative',
    uri: '/app/reports/dashboard-alternative',
    icon: 'Insights',
    section: 'Reports',
    roles: {
      Manager: 'RE',
      Finance: 'RE',
      FinanceSuper: 'RE',
      FleetManager: 'RE',
      ClaimTrackerTeam: 'RE',
      DispatchManager: 'RE',
    },
  },
  {
    key: 'WeeklyReport',
    title: 'Weekly Report',
    uri: '/app/reports/weekly-report',
    icon: 'DateRange',
    section: 'Reports',
    roles: { Finance: 'RE', FinanceSuper: 'RE' },
  },
  {
    key: 'WeeklyFinance',
    title: 'Weekly Finance',
    uri: '/app/reports/weekly-finance',
    icon: 'AttachMoney',
    section: 'Reports',
    roles: { Manager: 'RE', FleetManager: 'RE', Finance: 'RE', ClaimTrackerTeam: 'RE', DispatchManager: 'RE' },
  },
  {
    key: 'DriverOffBoarding',
    title: 'Driver Off-boarding',
    uri: '/app/reports/driver-off-boarding',
    icon: 'PersonOff',
    section: 'Reports',
    roles: { Manager: 'RCUE', ClaimTrackerTeam: 'RCUE' },
  },
  {
    key: 'DriverReport',
    title: 'Driver Report',
    uri: '/app/reports/driver-report',
    icon: 'Summarize',
    section: 'Reports',
    roles: { Driver: 'R', Manager: 'RE', Finance: 'RE', FleetManager: 'RE' },
  },
  {
    key: 'ClaimsTracker',
    title: 'Claims Tracker',
    uri: '/app/reports/claims-tracker',
    icon: 'ReportProblem',
    section: 'Reports',
    roles: { ClaimTrackerTeam: 'RCUDE', Manager: 'RCUDE', DispatchManager: 'RCUE' },
  },
  {
    key: 'DispatcherSalary',
    title: 'Dispatcher Salary',
    uri: '/app/reports/dispatcher-salary-report',
    icon: 'Payments',
    section: 'Reports',
    roles: { Driver: 'R', Manager: 'RE', Dispatcher: 'R', DispatchManager: 'RE', Banking: 'RE' },
  },
  {
    key: 'EventReport',
    title: 'Event',
    uri: '/app/reports/event-report',
    icon: 'Event',
    section: 'Reports',
    roles: { Manager: 'RE', FleetManager: 'RE', DispatchManager: 'RE' },
  },
  {
    key: 'DriverLicense',
    title: 'Driver License',
    uri: '/app/reports/driver-license',
    icon: 'Badge',
    section: 'Reports',
    roles: { Manager: 'RE', FinanceSuper: 'RE', FleetManager: 'RE', ClaimTrackerTeam: 'RE' },
  },
  // The driver qualification file (docs/product/driver-qualification.md): Read sees the files and the fleet-wide view,
  // Update records items and adds their papers, Delete removes a record past its legal time, Export downloads a file
  // for an auditor. A driver reads their own without it (server/modules/qualification/routes.ts).
  {
    key: 'DriverQualification',
    title: 'Qualification Files',
    uri: '/app/reports/driver-qualification',
    icon: 'Grading',
    section: 'Reports',
    roles: { Manager: 'RUDE', FleetManager: 'RUDE' },
  },
  {
    key: 'EvaluationReport',
    title: 'Evaluation',
    uri: '/app/reports/evaluation-report',
    icon: 'Grading',
    section: 'Reports',
    roles: { Manager: 'RCUE' },
  },
  {
    key: 'DriverBalance',
    title: 'Driver Balances',
    uri: '/app/reports/driver-balance',
    icon: 'AccountBalanceWallet',
    section: 'Reports',
    roles: { FinanceSuper: 'RE', Finance: 'RE', FleetManager: 'RE', Manager: 'RE', ClaimTrackerTeam: 'RE' },
  },
  // Management
  {
    key: 'Shippers',
    title: 'Shippers',
    uri: '/app/management/shipper-management',
    icon: 'Store',
    section: 'Management',
    roles: { Manager: 'RCUDE', DispatchManager: 'RCUDE' },
  },
  {
    key: 'Users',
    title: 'Users',
    uri: '/app/management/user-management',
    icon: 'People',
    section: 'Management',
    roles: {
      Manager: 'RCUE',
      Finance: 'R',
      FinanceSuper: 'R',
      FleetManager: 'R',
      ClaimTrackerTeam: 'R',
      DispatchManager: 'R',
    },
  },
  {
    key: 'Vehicles',
    title: 'Vehicles',
    uri: '/app/management/vehicles',
    icon: 'DirectionsCar',
    section: 'Management',
    roles: { Manager: 'RCUDE', FleetManager: 'RCUDE', ClaimTrackerTeam: 'RE' },
  },
  {
    key: 'Brokers',
    title: 'Brokers',
    uri: '/app/management/brokers',
    icon: 'Handshake',
    section: 'Management',
    roles: { Manager: 'RCUDE', DispatchManager: 'RCUDE' },
  },
  {
    key: 'PerformanceCalendar',
    title: 'Performance Calendar',
    uri: '/app/calendar',
    icon: 'CalendarMonth',
    section: 'Management',
    roles: { Manager: 'RCUD', FleetManager: 'RCUD', DispatchManager: 'RCUD' },
  },
  {
    key: 'CarrierManagement',
    title: 'Carrier Management',
    uri: '/app/management/carrier-management',
    icon: 'Business',
    section: 'Management',
    roles: { Manager: 'RCUDE' },
  },
  {
    key: 'TicketManagement',
    title: 'Ticket Management',
    uri: '/app/management/ticket-management',
    icon: 'Gavel',
    section: 'Management',
    roles: { Manager: 'RCUDE' },
  },
  // Billing (docs/product/invoices.md): the billable products invoices carry, and the invoices themselves. Void
  // (a credit note) needs Delete: an invoice is never deleted, its void is what takes it back.
  {
    key: 'Products',
    title: 'Products',
    uri: '/app/management/products',
    icon: 'AttachMoney',
    section: 'Management',
    roles: { Manager: 'RCUDE', Finance: 'RCUDE', FinanceSuper: 'RCUDE', Dispatcher: 'R' },
  },
  {
    key: 'Invoices',
    title: 'Invoices',
    uri: '/app/management/invoices',
    icon: 'ReceiptLong',
    section: 'Management',
    // Banking reads them: the deposits it matches pay invoices (docs/product/bank.md#invoices).
    roles: { Manager: 'RCUDE', Finance: 'RCUDE', FinanceSuper: 'RCUDE', Dispatcher: 'R', Banking: 'R' },
  },
  // What each paying customer owes and how it pays (docs/product/receivables.md): read and CSV only, its figures
  // move with the invoices and bank matching.
  {
    key: 'Receivables',
    title: 'Receivables',
    uri: '/app/management/customers',
    icon: 'AccountBalance',
    section: 'Management',
    roles: { Manager: 'RE', Finance: 'RE', FinanceSuper: 'RE', Dispatcher: 'R' },
  },
  // Factoring (docs/product/factoring.md): the companies that buy the invoices, the schedules sent to them and what
  // they pay. Cancel of a schedule and reversing an entry need Delete: nothing of the books is ever deleted.
  {
    key: 'Factoring',
    title: 'Factoring',
    uri: '/app/management/factoring-companies',
    icon: 'AccountBalance',
    section: 'Management',
    roles: { Manager: 'RCUDE', Finance: 'RCUDE', FinanceSuper: 'RCUDE' },
  },
  // A Fleet owner's own fleet, read-only: the carrier their account is linked to (users.carrierId, server/modules/fleetOwner).
  {
    key: 'MyFleet',
    title: 'My Fleet',
    uri: '/app/my-fleet',
    icon: 'RvHookup',
    section: 'Management',
    roles: { FleetOwner: 'R' },
  },
  // Webhooks (server/modules/webhooks, docs/product/webhooks.md): URLs subscribed to events. Administrators by default;
  // in Management, not Admin, so that a connected app can be given the scope to subscribe itself.
  {
    key: 'Webhooks',
    title: 'Webhooks',
    uri: '/app/webhooks',
    icon: 'Webhook',
    section: 'Management',
    roles: {},
  },
  // Finances
  {
    key: 'PayDriverBills',
    title: 'Pay Bills',
    uri: '/app/finances/pay-driver-bills',
    icon: 'RequestQuote',
    section: 'Finances',
    roles: { FinanceSuper: 'RCUDEA', Manager: 'RCUEA' },
  },
  {
    key: 'DriverTransactions',
    title: 'Transactions',
    uri: '/app/finances/driver-transactions',
    icon: 'ReceiptLong',
    section: 'Finances',
    roles: { FinanceSuper: 'RCUDE', Finance: 'RCUE', FleetManager: 'RE', Manager: 'RCUE', ClaimTrackerTeam: 'RE' },
  },
  {
    key: 'MatchTransactions',
    title: 'Bank',
    uri: '/app/finances/match-transactions',
    icon: 'AccountBalance',
    section: 'Finances',
    roles: { Banking: 'RCUDE' },
  },
  // The books' side of getting paid (docs/product/accounting-export.md): invoices, credit notes and payments to
  // QuickBooks. Read sees the exports and downloads them again; Export makes a new one.
  {
    key: 'AccountingExport',
    title: 'Accounting Export',
    uri: '/app/finances/accounting-export',
    icon: 'Summarize',
    section: 'Finances',
    roles: { Manager: 'RE', Finance: 'RE', FinanceSuper: 'RE' },
  },
  // IFTA, the quarterly fuel-tax return (docs/product/ifta.md): Read sees the return, Create imports fuel-card
  // files, Update loads the rates, Approve closes the quarter as filed, Export downloads the PDF and CSV.
  {
    key: 'Ifta',
    title: 'IFTA',
    uri: '/app/finances/ifta',
    icon: 'LocalGasStation',
    section: 'Finances',
    roles: { Manager: 'RCUEA', Finance: 'RCUEA', FinanceSuper: 'RCUEA' },
  },
  {
    key: 'BrokerFee',
    title: 'Broker Fee',
    uri: '/app/broker-fee',
    icon: 'Percent',
    section: 'Finances',
    roles: { Manager: 'RCUE', Finance: 'RCUE', FinanceSuper: 'RCUDE', DispatchManager: 'RE' },
  },
  // Assignment
  {
    key: 'DriverAssignment',
    title: 'Driver-Dispatcher Assignment',
    uri: '/app/management/driver-assignment',
    icon: 'AssignmentInd',
    section: 'Assignment',
    roles: { Manager: 'RCUE', FleetManager: 'RCUE', ClaimTrackerTeam: 'RE', DispatchManager: 'RCUE' },
  },
  {
    key: 'VehicleAndCardAssignment',
    title: 'Vehicle and Card Assignment',
    uri: '/app/management/vehicle-and-card-assignment',
    icon: 'CreditCard',
    section: 'Assignment',
    roles: { Manager: 'RCUE', FleetManager: 'RCUE', ClaimTrackerTeam: 'RE' },
  },
  // Admin and settings
  {
    key: 'AccessSettings',
    title: 'Access Settings',
    uri: '/app/permissions',
    icon: 'AdminPanelSettings',
    section: 'Admin',
    roles: {},
  },
  { key: 'AuditTrail', title: 'Audit Trail', uri: '/app/audit-trail', icon: 'History', section: 'Admin', roles: {} },
  {
    key: 'ConnectedApps',
    title: 'Connected Apps',
    uri: '/app/settings',
    icon: 'Settings',
    section: 'Settings',
    roles: {},
  },
  // Staff chat (schema/chat.ts): Read to take part in one's threads and write to one's dispatchers, Create to
  // start a thread with anyone who uses chat. Drivers get Read only: the administrator grants them more here.
  {
    key: 'Chat',
    title: 'Chat',
    uri: '/app/chat',
    icon: 'Forum',
    section: 'Books',
    roles: {
      Dispatcher: 'RC',
      Manager: 'RC',
      Finance: 'RC',
      FinanceSuper: 'RC',
      FleetManager: 'RC',
      FleetOwner: 'RC',
      ClaimTrackerTeam: 'RC',
      BookOrderApprover: 'RC',
      DispatchManager: 'RC',
      Banking: 'RC',
      Driver: 'R',
    },
  },
] as const satisfies readonly FeatureDefinition[];

/** The key of a screen's feature: routes and resources name the feature that governs them by it. */
export type FeatureKey = (typeof FEATURES)[number]['key'];

const LETTERS: Record<string, Permission> = {
  R: 'Read',
  C: 'Create',
  U: 'Update',
  D: 'Delete',
  E: 'Export',
  A: 'Approve',
};

/** The default permissions of a role on a feature (Administrators hold them all). */
export function defaultGrants(feature: FeatureDefinition, role: RoleName): Permission[] {
  const letters = role === 'Administrator' ? ALL : (feature.roles[role] ?? '');
  return [...letters].map((letter) => LETTERS[letter]);
}
