import type { ContactBody } from '../../../schema/contact';
import type { Db } from '../../db/types';
import type { Outbox } from '../mail/mailer';

/**
 * The message for each administrator, added to the write's outbox: their in-app mailbox keeps it inside the caller's
 * transaction (a refused request leaves none), and with SMTP_URL set its SMTP send is a job of the same transaction. From this
 * server, with the visitor as Reply-To (their own address as From would fail the receiving server's checks), built from
 * the name and address apart (never joined into text a mail client would parse again).
 */
export async function deliverToAdministrators(
  trx: Db,
  outbox: Outbox,
  administrators: readonly { id: number; email: string; firstName: string }[],
  body: ContactBody,
): Promise<void> {
  // The name and the address apart: whatever the name holds, it is the display name of the one Reply-To address.
  const replyTo = { name: body.name, address: body.email };
  for (const admin of administrators) {
    await outbox.add(trx, {
      to: admin.email,
      userId: admin.id,
      replyTo,
      template: {
        kind: 'contact',
        name: admin.firstName,
        sender: body.name,
        senderEmail: body.email,
        subject: body.subject,
        message: body.message,
      },
    });
  }
}
