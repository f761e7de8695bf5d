import { z } from 'zod';
import { idText, idValue } from './common';
import { PERMISSIONS, type Permission } from './roles';

/**
 * Access Settings (/app/permissions): roles, the role × feature permission matrix and who holds each role.
 * The server and the screen check the same rules from here.
 */

export const ROLE_NAME_MAX = 40;
const roleName = z
  .string()
  .trim()
  .min(1, 'Enter a role name')
  .max(ROLE_NAME_MAX)
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} .&'-]*$/u,
    "Use letters, digits, spaces and . & ' - (starting with a letter or digit)",
  );

/** A custom role starts as a copy of another role's permissions (it holds nothing until users are added). */
export const newRoleBody = z.object({ name: roleName, copyFromRoleId: idValue });
export const renameRoleBody = z.object({ name: roleName });
export const roleIdParams = z.object({ id: idText });
export const roleMemberParams = z.object({ id: idText, userId: idText });
export const roleMemberBody = z.object({ userId: idValue });

/** At most this many cells in one save: the whole matrix is about 13 roles × 30 features. */
export const MAX_MATRIX_CHANGES = 2000;

/** One cell of the matrix as saved: the role's whole permission set on the feature (empty: no access). */
export const matrixCell = z.object({
  roleId: idValue,
  featureId: idValue,
  permissions: z
    .array(z.enum(PERMISSIONS))
    .max(PERMISSIONS.length)
    .refine((list) => new Set(list).size === list.length, 'Name each permission once'),
});
export type MatrixCell = z.output<typeof matrixCell>;

/** One save: every changed cell at once, against the matrix version the screen read (stale → 409). */
export const matrixSaveBody = z.object({
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  changes: z.array(matrixCell).min(1, 'Nothing to save').max(MAX_MATRIX_CHANGES),
});
export type MatrixSave = z.output<typeof matrixSaveBody>;

/** The role that keeps Access Settings and may not be renamed, deleted or lose it. */
export const ADMINISTRATOR_ROLE = 'Administrator';
/** The features the Administrator role always keeps whole (Read and Update at least). */
export const ADMINISTRATOR_KEEPS: readonly Permission[] = ['Read', 'Update'];

/** Whether a permission set is acceptable on its own: any write permission needs Read. */
export function missingRead(permissions: readonly Permission[]): boolean {
  return permissions.length > 0 && !permissions.includes('Read');
}

/** Matrix rules' messages, shared by the server's refusals and the screen's warnings. */
export const ACCESS_MESSAGES = {
  writeWithoutRead: 'A role cannot create, update, delete, export or approve on a screen it cannot read: tick Read too',
  adminKeepsAccess:
    'The Administrator role always keeps Read and Update on Access Settings, so someone can always fix access',
  anyRole: '“Any” is not a role users hold: give permissions to the roles people have',
  childFeature: 'This entry takes its permissions from the screen it belongs to: change that screen instead',
  systemRole: 'Built-in roles cannot be renamed or deleted: the product relies on their names',
  roleInUse: (count: number) =>
    `${count} user${count === 1 ? '' : 's'} still hold${count === 1 ? 's' : ''} this role: remove them from it first`,
  stale:
    'Another administrator saved permissions since you opened this screen. Reload to see their changes; your unsaved changes are listed so you can apply them again.',
  usersLoad: 'Users could not be loaded. Contact the administrator',
  rolesLoad: 'A problem has occurred, please contact the administrator',
} as const;

/** What the matrix read answers (GET /api/Permission/get-features-permissions-info). */
export interface MatrixFeature {
  id: number;
  key: string;
  title: string;
  uri: string;
  icon: string;
  section: string;
  parentFeatureId: number | null;
}
export interface MatrixRole {
  id: number;
  name: string;
  isSystem: boolean;
  userCount: number;
  /** feature id → permissions */
  grants: Record<number, Permission[]>;
}
export interface PermissionMatrix {
  version: number;
  permissions: readonly Permission[];
  features: MatrixFeature[];
  roles: MatrixRole[];
}

/** What each permission lets a role do on a screen, in general words; the model page adds each screen's API calls. */
export const PERMISSION_MEANINGS: Record<Permission, string> = {
  Read: 'Open the screen: see it in the sidebar, list, search, filter and open its records.',
  Create: 'Add new records on the screen.',
  Update: 'Change existing records, move them through their states.',
  Delete: 'Delete records (soft: they can be restored) and restore them.',
  Export: 'Download the screen’s lists as CSV and print them.',
  Approve: 'Approve what the screen holds for approval (book orders).',
};

/** One API call a permission allows. */
export interface ModelCall {
  method: string;
  url: string;
  summary: string;
}
/** GET /api/Permission/model: feature key → permission → the calls it allows. */
export interface PermissionModel {
  calls: Record<string, Partial<Record<Permission, ModelCall[]>>>;
}
