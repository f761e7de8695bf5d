import { QUALIFICATION_API } from '../../schema/qualification';
import { QUALIFICATION_ROUTE } from '../../ui/qualification/api';
import { registerRecordResource } from '../../ui/records/definitions';

/** The qualification files at /app/reports/driver-qualification (schema/qualification.ts); the calls are in ui/qualification/api.ts. */
export const qualificationResource = registerRecordResource({
  name: QUALIFICATION_ROUTE.replace(/^\/app\//, ''),
  api: QUALIFICATION_API,
  endpoints: { export: undefined, restore: undefined },
});

/** A driver's own file at /app/my-qualification (feature My Qualification File). */
export const myQualificationResource = registerRecordResource({
  name: 'my-qualification',
  api: `${QUALIFICATION_API}/mine`,
  endpoints: { list: `${QUALIFICATION_API}/mine`, export: undefined, restore: undefined, create: undefined },
});
