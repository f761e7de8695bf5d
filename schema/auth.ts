import { z } from 'zod';
import { email } from './common';
import { USER_TYPE_IDS } from './roles';

export const loginBody = z.object({
  email,
  password: z.string().min(1, 'Enter your password').max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const PASSWORD_MIN_LENGTH = 8;

export const registerBody = z.object({
  email,
  firstname: z.string().trim().min(1, 'Enter your first name').max(100),
  lastname: z.string().trim().min(1, 'Enter your last name').max(100),
  userType: z.enum(USER_TYPE_IDS),
  password: z.string().min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`).max(1024),
  googleRecaptchaToken: z.string().max(4096).optional().nullable(),
  AccountId: z.literal(1, 'AccountId must be 1'),
});
export type RegisterBody = z.infer<typeof registerBody>;

/** The signed-in user as /api/token/me, /api/token/register and the user lists of the access calls answer it. */
export interface CurrentUserDto {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  avatar: string | null;
  roles: string[];
  isActive: boolean;
  isEmailVerified: boolean;
  registrationCompleted: boolean;
  userType: string | null;
  /** The national number's digits, as given on /app/complete-register or /app/account (any form an administrator typed for older users). */
  phone: string | null;
  /** Its country's code (schema/reference.ts PHONE_COUNTRIES); null until the user gives a phone. */
  phoneCountry: string | null;
}
