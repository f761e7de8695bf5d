import type { CurrentUser, FeatureGroup } from './session';
import { apiFetch, unwrap } from './http';

/** The sign-in and sidebar calls, exactly as the original API names them (docs/product/conventions.md#api). */
export const accessApi = {
  login: async (email: string, password: string) =>
    unwrap<string>(await apiFetch('/api/Auth/login', { method: 'POST', body: { email, password } })),
  me: async () => unwrap<CurrentUser>(await apiFetch('/api/token/me')),
  logout: () => apiFetch('/api/token/logout', { method: 'POST', body: {} }),
  userTypes: async () => unwrap<{ id: string; name: string }[]>(await apiFetch('/api/token/usertypes')),
  register: (body: {
    email: string;
    firstname: string;
    lastname: string;
    userType: string;
    password: string;
    googleRecaptchaToken: string | null;
    AccountId: 1;
  }) => apiFetch<{ accessToken: string; user: CurrentUser }>('/api/token/register', { method: 'POST', body }),
  serverVersion: async () => unwrap<{ version: string }>(await apiFetch('/api/version')).version,

  features: async () => unwrap<FeatureGroup[]>(await apiFetch('/api/Auth/features/get')),
  addGroup: async (name: string) =>
    unwrap<FeatureGroup[]>(await apiFetch('/api/AccessManagements/groups/new', { method: 'POST', body: { name } })),
  removeGroup: async (groupId: number) =>
    unwrap<FeatureGroup[]>(await apiFetch(`/api/AccessManagements/groups/remove/${groupId}`, { method: 'DELETE' })),
  renameGroup: async (groupId: number, name: string) =>
    unwrap<FeatureGroup[]>(
      await apiFetch('/api/AccessManagements/groups/rename', { method: 'PUT', body: { groupId, name } }),
    ),
  moveFeature: async (featureGroupId: number, featureId: number) =>
    unwrap<FeatureGroup[]>(
      await apiFetch('/api/AccessManagements/features/dnd-in-group', {
        method: 'POST',
        body: { featureGroupId, featureId },
      }),
    ),
  reorderGroups: async (groupIds: number[]) =>
    unwrap<FeatureGroup[]>(
      await apiFetch('/api/AccessManagements/groups/reorder', { method: 'PUT', body: { groupIds } }),
    ),
};
