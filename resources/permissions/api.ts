import { apiFetch, unwrap } from '../../dataProvider/http';
import type { MatrixCell, PermissionMatrix, PermissionModel } from '../../schema/accessSettings';
import { registerRecordResource } from '../../ui/records/definitions';

/** /app/permissions: Access Settings, governed by the AccessSettings feature. */
export const accessSettingsResource = registerRecordResource({
  name: 'permissions',
  api: '/api/Permission',
  endpoints: { export: undefined, restore: undefined },
});
export const ACCESS_SETTINGS_PATH = '/app/permissions';

export interface RoleUser {
  id: number;
  name: string;
  email: string;
  roles: string[];
  isActive: boolean;
}

export const ACCESS_KEYS = {
  matrix: ['accessSettings', 'matrix'] as const,
  model: ['accessSettings', 'model'] as const,
  roleUsers: (roleId: number) => ['accessSettings', 'roleUsers', roleId] as const,
  allUsers: ['accessSettings', 'allUsers'] as const,
};

/** The Access Settings calls, the original API's and ours (server/modules/accessSettings). */
export const accessSettingsApi = {
  matrix: async () => unwrap<PermissionMatrix>(await apiFetch('/api/Permission/get-features-permissions-info')),
  model: async () => unwrap<PermissionModel>(await apiFetch('/api/Permission/model')),
  save: async (version: number, changes: MatrixCell[]) =>
    unwrap<{ changed: number; version: number }>(
      await apiFetch('/api/Permission/matrix', { method: 'PUT', body: { version, changes } }),
    ),
  createRole: async (name: string, copyFromRoleId: number) =>
    unwrap<{ id: number; name: string }>(
      await apiFetch('/api/Role', { method: 'POST', body: { name, copyFromRoleId } }),
    ),
  renameRole: async (id: number, name: string) =>
    unwrap(await apiFetch(`/api/Role/${id}`, { method: 'PUT', body: { name } })),
  deleteRole: async (id: number) => unwrap(await apiFetch(`/api/Role/${id}`, { method: 'DELETE' })),
  roleUsers: async (roleId: number) => unwrap<RoleUser[]>(await apiFetch(`/api/User/get-users-by-roleId/${roleId}`)),
  /** The users list for permissions is read in one page of 10000 (docs/product/conventions.md#lists). */
  allUsers: async () =>
    unwrap<{ items: RoleUser[] }>(await apiFetch('/api/User/users-filtered', { query: { Size: 10000 } })).items,
  addUser: async (roleId: number, userId: number) =>
    unwrap(await apiFetch(`/api/Role/${roleId}/users`, { method: 'POST', body: { userId } })),
  removeUser: async (roleId: number, userId: number) =>
    unwrap(await apiFetch(`/api/Role/${roleId}/users/${userId}`, { method: 'DELETE' })),
};
