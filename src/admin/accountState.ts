import type { CurrentUser } from '../../dataProvider/session';

/** Active, e-mail-verified and registration-completed: the accounts that reach the screens and the gear menu. */
export const isAccountUsable = (user: Pick<CurrentUser, 'isActive' | 'isEmailVerified' | 'registrationCompleted'>) =>
  user.isActive && user.isEmailVerified && user.registrationCompleted;
