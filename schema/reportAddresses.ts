import type { FeatureKey } from './features';

/**
 * Each report's name (its API path /api/Reports/{name} and its CSV file), feature, title and route: what the signed-in
 * shell needs to put the report screens on their routes. The rest of a report (its columns, chart and periods, in
 * schema/reports.ts) loads with its screen.
 */
export interface ReportAddress {
  name: string;
  feature: FeatureKey;
  title: string;
  route: string;
}

export const REPORT_ADDRESSES = {
  weeklyReport: {
    name: 'weekly-report',
    feature: 'WeeklyReport',
    title: 'Weekly Report',
    route: '/app/reports/weekly-report',
  },
  weeklyFinance: {
    name: 'weekly-finance',
    feature: 'WeeklyFinance',
    title: 'Weekly Finance',
    route: '/app/reports/weekly-finance',
  },
  byDispatcher: {
    name: 'dispatchers',
    feature: 'ReportsDashboard',
    title: 'Reports Dashboard',
    route: '/app/reports/dashboard',
  },
  byDriver: {
    name: 'drivers',
    feature: 'DashboardAlternative',
    title: 'Dashboard Alternative',
    route: '/app/reports/dashboard-alternative',
  },
  driverLoads: {
    name: 'driver-loads',
    feature: 'DriverReport',
    title: 'Driver Report',
    route: '/app/reports/driver-report',
  },
  credentials: {
    name: 'driver-license',
    feature: 'DriverLicense',
    title: 'Driver License',
    route: '/app/reports/driver-license',
  },
  dispatcherSalary: {
    name: 'dispatcher-salary-report',
    feature: 'DispatcherSalary',
    title: 'Dispatcher Salary',
    route: '/app/reports/dispatcher-salary-report',
  },
  evaluations: {
    name: 'evaluation-report',
    feature: 'EvaluationReport',
    title: 'Evaluation',
    route: '/app/reports/evaluation-report',
  },
} as const satisfies Record<string, ReportAddress>;

export type ReportKey = keyof typeof REPORT_ADDRESSES;
