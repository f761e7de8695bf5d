import type { CurrentUserDto } from '../../../schema/auth';
import type { Db } from '../../db/types';

/** The signed-in user's shape (schema/auth.ts), with what the user lists add. */
export interface UserDto extends CurrentUserDto {
  accountId: number;
  createdAt: string;
  deleted: boolean;
}

const USER_COLUMNS = [
  'u.id',
  'u.email',
  'u.first_name',
  'u.last_name',
  'u.avatar',
  'u.phone',
  'u.user_type',
  'u.is_active',
  'u.is_email_verified',
  'u.registration_completed',
  'u.account_id',
  'u.created_at',
  'u.deleted_at',
  'u.phone_country',
] as const;

type UserRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  phone: string | null;
  user_type: string | null;
  is_active: number;
  is_email_verified: number;
  registration_completed: number;
  account_id: number;
  created_at: string;
  deleted_at: string | null;
  phone_country: string | null;
};

export function toUserDto(row: UserRow, roles: string[]): UserDto {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    avatar: row.avatar,
    phone: row.phone,
    phoneCountry: row.phone_country,
    userType: row.user_type,
    roles,
    isActive: row.is_active === 1,
    isEmailVerified: row.is_email_verified === 1,
    registrationCompleted: row.registration_completed === 1,
    accountId: row.account_id,
    createdAt: row.created_at,
    deleted: row.deleted_at !== null,
  };
}

/** Roles of many users in one query. */
export async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const map = new Map<number, string[]>();
  if (!userIds.length) return map;
  const rows = await db
    .selectFrom('user_roles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.role_id')
    .select(['ur.user_id', 'r.name'])
    .where('ur.user_id', 'in', userIds)
    .orderBy('r.name')
    .execute();
  for (const row of rows) map.set(row.user_id, [...(map.get(row.user_id) ?? []), row.name]);
  return map;
}

export async function withRoles(db: Db, rows: UserRow[]): Promise<UserDto[]> {
  const roles = await rolesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toUserDto(row, roles.get(row.id) ?? []));
}

export async function findUser(db: Db, id: number): Promise<UserDto | null> {
  const row = await db.selectFrom('users as u').select(USER_COLUMNS).where('u.id', '=', id).executeTakeFirst();
  return row ? (await withRoles(db, [row]))[0] : null;
}

export function selectUsers(db: Db) {
  return db.selectFrom('users as u').select(USER_COLUMNS);
}

/** LIKE pattern for a search text, with the wildcard characters of the text itself escaped. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`;
}
