import type { FeatureKey } from './features';

/**
 * Who may read the shared dropdowns (server/modules/lists): the screens that pick from them. The server refuses
 * anyone else (403); a screen offers a picker only to who holds one of these, so it never asks what it may not read.
 */
export const DISPATCHER_PICKER_SCREENS: readonly FeatureKey[] = [
  'BookOrders',
  'DriverAssignment',
  'DispatcherSalary',
  'Users',
  'ReportsDashboard',
  'Dashboard',
  'WeeklyFinance',
  'BrokerFee',
  'EvaluationReport',
];
export const FLEET_PICKER_SCREENS: readonly FeatureKey[] = [
  'BookOrders',
  'Vehicles',
  'VehicleAndCardAssignment',
  'TicketManagement',
  'CarrierManagement',
  'ClaimsTracker',
];
export const CARRIER_PICKER_SCREENS: readonly FeatureKey[] = [
  ...FLEET_PICKER_SCREENS,
  'DriverAssignment',
  'DriverTransactions',
  'Users',
];
