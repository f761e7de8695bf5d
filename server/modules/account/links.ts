import { LINK_HOURS } from '../../../schema/account';
import type { Db } from '../../db/types';
import type { Mailer, Outbox } from '../mail/mailer';
import { issueLink } from './tokens';

/**
 * The messages that carry a one-time link, with the app's routes they open (docs/routing.md#public-routes): each issues
 * a new link of its kind (the older ones stop working) and adds its message to the write's outbox.
 */
interface Recipient {
  id: number;
  email: string;
  firstName: string;
}

export async function sendVerification(trx: Db, mailer: Mailer, outbox: Outbox, user: Recipient): Promise<void> {
  const { token } = await issueLink(trx, user.id, 'verify', user.email);
  const link = mailer.link(`/app/verify-account?token=${token}`);
  await outbox.add(trx, {
    to: user.email,
    userId: user.id,
    template: { kind: 'verification', name: user.firstName, link, hours: LINK_HOURS.verify },
  });
}

export async function sendPasswordReset(trx: Db, mailer: Mailer, outbox: Outbox, user: Recipient): Promise<void> {
  const { token } = await issueLink(trx, user.id, 'reset', user.email);
  const link = mailer.link(`/forgotpassword/${encodeURIComponent(user.email)}/${token}`);
  await outbox.add(trx, {
    to: user.email,
    userId: user.id,
    template: { kind: 'passwordReset', name: user.firstName, link, hours: LINK_HOURS.reset },
  });
}

/** The confirmation goes to the new address; the current one is told that a change was asked for. */
export async function sendEmailChange(
  trx: Db,
  mailer: Mailer,
  outbox: Outbox,
  user: Recipient,
  newEmail: string,
): Promise<void> {
  const { token } = await issueLink(trx, user.id, 'email', newEmail);
  const link = mailer.link(`/app/update-email/${token}`);
  await outbox.add(trx, {
    to: newEmail,
    userId: user.id,
    template: { kind: 'emailChange', name: user.firstName, link, hours: LINK_HOURS.email, newEmail },
  });
  await outbox.add(trx, {
    to: user.email,
    userId: user.id,
    template: { kind: 'emailChangeRequested', name: user.firstName, newEmail },
  });
}
