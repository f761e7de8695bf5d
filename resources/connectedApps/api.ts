import { registerRecordResource } from '../../ui/records/definitions';

/** Connected apps at /app/settings (schema/connectedApps.ts): the list, registration and one app's screen. */
export const connectedAppsResource = registerRecordResource({
  name: 'settings',
  api: '/api/ConnectedApps',
  endpoints: { export: undefined, restore: undefined },
});

export const appPath = (id: number, action: 'rotate-secret' | 'revoke') => `/api/ConnectedApps/${id}/${action}`;
export const SCOPE_OPTIONS_PATH = '/api/ConnectedApps/scope-options';
