import { describe, expect, it } from 'vitest';
import { accountPhone, profileProblems, profileValues } from '../../src/admin/account/profileForm';
import type { CurrentUser } from '../../dataProvider/session';
import { completeRegistrationBody, profileBody } from '../../schema/account';
import { minutesSeconds } from '../../ui/useCountdown';

const user = (over: Partial<CurrentUser>): CurrentUser => ({
  id: 7,
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  name: 'Ann Lee',
  avatar: null,
  roles: [],
  isActive: true,
  isEmailVerified: true,
  registrationCompleted: true,
  userType: 'driver',
  phone: null,
  phoneCountry: null,
  ...over,
});

describe('the name-and-phone forms', () => {
  it('check the phone by its country as typed, even while a name is still missing', () => {
    const values = { firstName: '', lastName: 'Lee', phoneCountry: 'GE', phone: '555 123 4567' };
    expect(profileProblems(profileBody, values)).toEqual({
      firstName: 'Enter your first name',
      phone: 'Enter the 9 digits of a Georgia number (+995)',
    });
    expect(profileProblems(completeRegistrationBody, { ...values, firstName: 'Ann', phone: '555 123 456' })).toEqual(
      {},
    );
  });

  it('start from the account, a phone from before the country as its US digits', () => {
    expect(profileValues(user({ phone: '+1 (847) 663-7980' }))).toMatchObject({
      phoneCountry: 'US',
      phone: '8476637980',
    });
    expect(profileValues(user({ phone: '555123456', phoneCountry: 'GE' }))).toMatchObject({
      phoneCountry: 'GE',
      phone: '555123456',
    });
    expect(profileValues(null)).toEqual({ firstName: '', lastName: '', phoneCountry: 'US', phone: '' });
  });

  it('show the phone as people read it', () => {
    expect(accountPhone(user({ phone: '5550109999', phoneCountry: 'US' }))).toBe('(555) 010-9999');
    expect(accountPhone(user({ phone: '555123456', phoneCountry: 'GE' }))).toBe('+995 555123456');
    // Typed by an administrator without a country: a North American number as US staff read it, anything else as typed.
    expect(accountPhone(user({ phone: '+18476637980' }))).toBe('(847) 663-7980');
    expect(accountPhone(user({ phone: '847 663 7980' }))).toBe('(847) 663-7980');
    expect(accountPhone(user({ phone: '+44 20 7946 0958' }))).toBe('+44 20 7946 0958');
  });
});

describe('a cool-down', () => {
  it('reads as minutes and seconds', () => {
    expect(minutesSeconds(42)).toBe('0:42');
    expect(minutesSeconds(125)).toBe('2:05');
  });
});
