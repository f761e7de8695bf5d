import { z } from 'zod';
import { registerBody } from './auth';
import { email } from './common';
import { PHONE_COUNTRIES } from './reference';
import { USER_TYPE_IDS } from './roles';

/**
 * The account flows (docs/product/accounts.md#accounts; server/modules/account): the requests, the limits and the
 * wording of the refusals, for the server and for the screens that send them.
 */

/** How long each kind of one-time link works. */
export const LINK_HOURS = { verify: 24, reset: 1, email: 24 } as const;
export type LinkKind = keyof typeof LINK_HOURS;

/** Messages carrying a link, per account (or per e-mail address for a reset): one a minute, five an hour. */
export const LINK_MAIL_COOL_DOWN_SECONDS = 60;
export const LINK_MAILS_PER_HOUR = 5;

/** A picture for the account: these types, at most this many bytes; the server keeps it at most AVATAR_SIZE square. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
export const MAX_AVATAR_BYTES = 2 * 1024 * 1024;
export const AVATAR_SIZE = 256;

export const ACCOUNT_MESSAGES = {
  linkInvalid: 'This link has expired or was already used. Sign in and ask for a new one.',
  resetLinkInvalid: 'This link has expired or was already used. Ask for a new one on the sign-in page.',
  alreadyVerified: 'Your e-mail address is already verified',
  verifyFirst: 'Verify your e-mail address first',
  alreadyCompleted: 'Your registration is already complete',
  emailTaken: 'This e-mail address is already in use',
  sameEmail: 'This is already your e-mail address',
  wrongPassword: 'The password is not right',
  tooManyMails: (seconds: number) =>
    `Too many messages were asked for just now. You can ask again in ${seconds < 120 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`}.`,
  tooManyPasswordTries: (seconds: number) =>
    `Too many wrong passwords. Try again in ${Math.ceil(seconds / 60)} minute(s).`,
  notAnImage: (type: string) => `The file is not a ${type.replace('image/', '').toUpperCase()} image`,
  unreadableImage: 'The image could not be read',
  avatarType: `Send the picture as the request body with Content-Type ${AVATAR_TYPES.join(', ')}`,
  avatarTooLarge: `The picture is larger than ${MAX_AVATAR_BYTES / 1024 / 1024} MB`,
} as const;

const PHONE_SEPARATORS = /[\s().-]/g;
type PhoneCountryCode = (typeof PHONE_COUNTRIES)[number]['code'];
const phoneCountryCodes = PHONE_COUNTRIES.map((c) => c.code) as [PhoneCountryCode, ...PhoneCountryCode[]];

/**
 * The national number's digits (as many as its country has: docs/product/accounts.md#phones), from what was typed:
 * spaces, dashes, dots and brackets are dropped, and so is the country's own dial code in front (+1 555 010 9999 and
 * 1-555-010-9999 are 5550109999). null when what is left is not that many digits.
 */
export function phoneDigits(countryCode: string, typed: string): string | null {
  const country = PHONE_COUNTRIES.find((c) => c.code === countryCode);
  if (!country) return null;
  let digits = typed.replace(PHONE_SEPARATORS, '');
  const dial = country.dialCode.slice(1);
  if (digits.startsWith(`+${dial}`)) digits = digits.slice(dial.length + 1);
  else if (digits.length === dial.length + country.digits && digits.startsWith(dial))
    digits = digits.slice(dial.length);
  return /^\d+$/.test(digits) && digits.length === country.digits ? digits : null;
}

export const phoneMessage = (countryCode: string) => {
  const country = PHONE_COUNTRIES.find((c) => c.code === countryCode);
  return country
    ? `Enter the ${country.digits} digits of a ${country.name} number (${country.dialCode})`
    : 'Choose the phone’s country';
};

/** Name and phone, as /app/complete-register and /app/account send them; the phone comes out as its digits. */
const profileShape = {
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  lastName: z.string().trim().min(1, 'Enter your last name').max(100),
  phoneCountry: z.enum(phoneCountryCodes, `Choose one of ${phoneCountryCodes.join(', ')}`),
  phone: z.string().trim().min(1, 'Enter your phone number').max(30),
};
const withPhoneDigits = <T extends { phoneCountry: string; phone: string }>(body: T, ctx: z.RefinementCtx) => {
  const digits = phoneDigits(body.phoneCountry, body.phone);
  if (digits === null) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: phoneMessage(body.phoneCountry) });
    return z.NEVER;
  }
  return { ...body, phone: digits };
};

/** PUT /api/account/profile */
export const profileBody = z.object(profileShape).transform(withPhoneDigits);
export type ProfileBody = z.output<typeof profileBody>;

/** POST /api/account/complete-registration: the profile, and the user type if the user changed their mind. */
export const completeRegistrationBody = z
  .object({ ...profileShape, userType: z.enum(USER_TYPE_IDS).optional() })
  .transform(withPhoneDigits);
export type CompleteRegistrationBody = z.output<typeof completeRegistrationBody>;

const linkToken = z.string().trim().min(1, 'The link has no token').max(200);
const newPassword = registerBody.shape.password;

/** POST /api/account/verify-email and /api/account/confirm-email-change: the token of the link. */
export const linkTokenBody = z.object({ token: linkToken });
/** POST /api/account/forgot-password */
export const forgotPasswordBody = z.object({ email });
/** POST /api/account/reset-password: the e-mail and token of the link (/forgotpassword/{email}/{token}), the new password. */
export const resetByEmailBody = z.object({ email, token: linkToken, password: newPassword });
/** POST /api/account/change-email */
export const changeEmailBody = z.object({
  newEmail: email,
  password: z.string().min(1, 'Enter your password').max(1024),
});
/** POST /api/account/change-password */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(1024),
  newPassword,
});

export type LinkTokenBody = z.output<typeof linkTokenBody>;
export type ForgotPasswordBody = z.output<typeof forgotPasswordBody>;
export type ResetByEmailBody = z.output<typeof resetByEmailBody>;
export type ChangeEmailBody = z.output<typeof changeEmailBody>;
export type ChangePasswordBody = z.output<typeof changePasswordBody>;

/** What resend-verification answers (and a 429 carries nextAllowedAt too). */
export interface VerificationSentDto {
  sentTo: string;
  nextAllowedAt: string;
}
