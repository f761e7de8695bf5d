import { registerRecordResource } from '../../ui/records/definitions';

/** Drivers' balances for a period (GET /api/Driver/get-balances-state): read only, one row per driver. */
export const driverBalancesResource = registerRecordResource({
  name: 'reports/driver-balance',
  api: '/api/Driver/get-balances-state',
  endpoints: { list: '/api/Driver/get-balances-state', export: undefined, restore: undefined },
});
