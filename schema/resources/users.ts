import { z } from 'zod';
import { registerBody } from '../auth';
import { idValue } from '../common';
import { boolean, computed, computedChoice, email, reference, text, updateOnly, writeOnly } from '../define/fields';
import { defineResource, only } from '../define/resource';

/** Any phone of 7 to 15 digits, as typed (users are staff anywhere). */
export const userPhone = z
  .string()
  .trim()
  .max(30)
  .refine(
    (v) =>
      v === '' || (/^\+?[\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15),
    'Enter a phone number of 7 to 15 digits, e.g. +1 555 123 4567',
  )
  .optional()
  .nullable()
  .transform((v) => (v ? v : null));

const roleIds = z.array(idValue).min(1, 'Give the user at least one role').max(20, 'Too many roles');

/**
 * Users on /api/User (feature Users; Access Settings may read the lists). An administrator (or a manager) creates a
 * user inactive and hands them a one-time password link; setting the password activates an account that never had
 * one. Only administrators may grant or remove the Administrator role or act on an administrator's account; the
 * last active administrator keeps the role and stays active. The server writes users itself (server/modules/users).
 */
export const users = defineResource({
  route: '/app/management/user-management',
  api: '/api/User',
  table: 'users',
  entity: 'user',
  singular: 'User',
  plural: 'Users',
  access: { read: ['Users', 'AccessSettings'], write: ['Users'] },
  sections: { profile: 'Profile', access: 'Roles and access' },
  fields: {
    name: computed<string>({ label: 'Name', sort: true, search: true, csv: false }),
    firstName: text({ label: 'First name', required: true, max: 100, list: false }),
    lastName: text({ label: 'Last name', required: true, max: 100, list: false }),
    email: email({
      label: 'E-mail',
      required: true,
      sort: true,
      search: true,
      unique: { caseInsensitive: true, message: () => 'A user with this e-mail already exists' },
    }),
    phone: text({ label: 'Phone', max: 30, zod: userPhone, list: 'hide' }),
    roleIds: writeOnly(roleIds, { label: 'Roles', inDto: true, list: false, section: 'access' }),
    roles: computed<string[]>({ label: 'Roles' }),
    // What a Fleet owner's account reads on /app/my-fleet (server/modules/fleetOwner): only for the FleetOwner role.
    carrierId: reference('carriers', {
      label: 'Fleet owner of carrier',
      list: false,
      section: 'access',
      help: 'Fleet owners only: they see this carrier’s units, drivers, loads and settlements, read-only',
    }),
    status: computedChoice(['active', 'inactive', 'pending', 'registering'], {
      label: 'Status',
      labels: {
        active: 'Active',
        inactive: 'Inactive',
        pending: 'Waiting for activation',
        registering: 'Registration in progress',
      },
      colours: { active: 'success', pending: 'warning' },
      csv: false,
    }),
    isActive: updateOnly(boolean({ label: 'Active', default: false, list: false, section: 'access' })),
    isPending: computed<boolean>({ label: 'Waiting for activation', list: false }),
    isRegistering: computed<boolean>({ label: 'Registration in progress', list: false }),
    userType: computed<string | null>({ label: 'User type', list: false }),
    avatar: computed<string | null>({ label: 'Avatar', list: false, csv: false }),
    isEmailVerified: computed<boolean>({ label: 'E-mail verified', list: false, csv: false }),
    registrationCompleted: computed<boolean>({ label: 'Registration completed', list: false, csv: false }),
    hasPassword: computed<boolean>({ label: 'Has a password', list: false, csv: false }),
    activatedAt: computed<string | null>({ label: 'Activated', list: false, csv: false }),
    accountId: computed<number>({ label: 'Account', list: false, csv: false }),
  },
  filters: {
    roleId: only.reference('roles', 'Role'),
    isActive: only.yesNo('Active'),
    pending: only.flag('Waiting for activation'),
    registering: only.flag('Registration in progress'),
  },
  storage: {
    password_hash: { type: 'text', notNull: false },
    avatar: { type: 'text', notNull: false },
    user_type: { type: 'text', notNull: false },
    is_email_verified: { type: 'integer', notNull: true },
    registration_completed: { type: 'integer', notNull: true },
    account_id: { type: 'integer', notNull: true },
    activated_at: { type: 'text', notNull: false },
    // The phone's country (schema/reference.ts PHONE_COUNTRIES), given with the phone on /app/complete-register and /app/account.
    phone_country: { type: 'text', notNull: false },
  },
  rules: (u, ctx) => {
    if (new Set(u.roleIds).size !== u.roleIds.length)
      ctx.addIssue({ code: 'custom', path: ['roleIds'], message: 'A role is listed twice' });
  },
  formDefaults: { roleIds: [] },
  maxPageSize: 10_000,
  defaultSort: 'name',
  recordTitle: 'name',
});
export type UserDto = typeof users.types.dto;
export type UserStatus = UserDto['status'];

/**
 * Never activated: waiting for an administrator once the registration is complete (docs/product/accounts.md#accounts:
 * verified, profile given; a user an administrator created is complete from the start), before that still registering,
 * which is the newcomer's to finish, not an administrator's to activate. Else active or not.
 */
export const userStatus = (user: { isActive: boolean; isPending: boolean; isRegistering: boolean }): UserStatus =>
  user.isRegistering ? 'registering' : user.isPending ? 'pending' : user.isActive ? 'active' : 'inactive';
export type UserCreate = typeof users.types.input;
export type UserUpdate = typeof users.types.update;

/** POST /api/token/reset-password (public): the token of a password link and the new password. */
export const resetPasswordBody = z.object({
  token: z.string().trim().min(1, 'The link has no token').max(200),
  password: registerBody.shape.password,
});
export type ResetPasswordBody = z.output<typeof resetPasswordBody>;
export const PASSWORD_LINK_HOURS = 24;
export const PASSWORD_LINK_INVALID = 'This link is invalid or has expired. Ask an administrator for a new one.';
/** Only an account holding the FleetOwner role is linked to a carrier (users.carrierId). */
export const FLEET_OWNER_ONLY_MESSAGE =
  'Only a Fleet owner is linked to a carrier: give the user the FleetOwner role, or clear the carrier';
export const LAST_ADMIN_MESSAGE = 'This is the last active administrator: make another user an administrator first';

/** POST /api/User/{id}/password-link → the path to hand over (prefix it with the site's origin). */
export interface PasswordLinkDto {
  url: string;
  expiresAt: string;
}
