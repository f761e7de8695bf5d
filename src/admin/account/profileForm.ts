import { type completeRegistrationBody, phoneDigits, phoneMessage, type profileBody } from '../../../schema/account';
import { phoneText } from '../../../schema/format';
import { zodProblems } from '../../../ui/zodProblems';
import type { CurrentUser } from '../../../dataProvider/session';

export interface ProfileValues extends Record<string, string> {
  firstName: string;
  lastName: string;
  phoneCountry: string;
  phone: string;
}

/** The form's start: what the account holds, a US phone until the user says otherwise. */
export const profileValues = (user: CurrentUser | null): ProfileValues => ({
  firstName: user?.firstName ?? '',
  lastName: user?.lastName ?? '',
  phoneCountry: user?.phoneCountry ?? 'US',
  // A phone from before the country was asked (as an administrator typed it) starts as its US digits when it has them.
  phone: (user?.phone && !user.phoneCountry ? phoneDigits('US', user.phone) : null) ?? user?.phone ?? '',
});

/** The account's phone as people read it: (555) 123-4567, +995 555123456; one from before the country, as typed. */
export function accountPhone(user: CurrentUser): string {
  if (user.phoneCountry) return phoneText(user.phone, user.phoneCountry);
  // Typed by an administrator without a country: a North American number reads as US staff write it, else as typed.
  const digits = (user.phone ?? '').replace(/\D/g, '');
  const northAmerican = digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
  return northAmerican ? phoneText(digits.slice(-10), 'US') : (user.phone ?? '');
}

/**
 * The problems of a name-and-phone form by the server's rule (profileBody, completeRegistrationBody). The phone's digits
 * are checked with the rest: the rule checks them only once every other field is right.
 */
export function profileProblems(
  rule: typeof profileBody | typeof completeRegistrationBody,
  values: ProfileValues,
): Partial<Record<string, string>> {
  const problems = zodProblems<string>(rule, values);
  if (!problems.phone && !problems.phoneCountry && phoneDigits(values.phoneCountry, values.phone) === null)
    problems.phone = phoneMessage(values.phoneCountry);
  return problems;
}
