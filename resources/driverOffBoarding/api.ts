import { registerRecordResource } from '../../ui/records/definitions';

/** Drivers being off-boarded (schema/offboarding.ts): the list, and one driver's checklist at /app/reports/driver-off-boarding/{id}. */
export const offBoardingResource = registerRecordResource({
  name: 'reports/driver-off-boarding',
  api: '/api/OffBoarding',
  endpoints: { list: '/api/OffBoarding', export: '/api/OffBoarding/export', restore: undefined },
});

export const OFFBOARDING_PATH = '/app/reports/driver-off-boarding';
