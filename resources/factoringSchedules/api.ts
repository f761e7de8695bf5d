import { FACTORING_COMPANIES_ROUTE, SCHEDULES_ROUTE } from '../../schema/factoring';
import { registerRecordResource } from '../../ui/records/definitions';

/** Schedules of accounts at /app/management/factoring-schedules, governed by the Factoring feature. */
export const schedulesResource = registerRecordResource({
  name: 'management/factoring-schedules',
  api: '/api/FactoringSchedules',
  features: { read: [FACTORING_COMPANIES_ROUTE], write: [FACTORING_COMPANIES_ROUTE] },
  endpoints: { restore: undefined },
});

export const schedulePath = (id: number) => `${SCHEDULES_ROUTE}/${id}`;
export const scheduleApi = (id: number, action?: string) =>
  `/api/FactoringSchedules/${id}${action ? `/${action}` : ''}`;
