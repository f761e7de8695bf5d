import { registerRecordResource } from '../../ui/records/definitions';

/** The driver report (/app/reports/driver-report): one driver's balance, ledger and pay bills — a driver's own. */
export const driverReportResource = registerRecordResource({
  name: 'reports/driver-report',
  api: '/api/Driver/get-balances-state',
  endpoints: { list: '/api/Driver/get-balances-state', export: undefined, restore: undefined },
});
