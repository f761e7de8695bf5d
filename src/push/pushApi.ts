import { apiFetch } from '../../dataProvider/http';

/** The browser's push token, stored with the signed-in user so the server can reach this browser. */
export const pushApi = {
  save: (token: string) => apiFetch('/api/PushTokens', { method: 'POST', body: { token, platform: 'web' } }),
  forget: (token: string) => apiFetch('/api/PushTokens', { method: 'DELETE', body: { token } }),
};
