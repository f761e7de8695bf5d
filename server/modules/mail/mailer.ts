import type { ServerContext } from '../../context';
import type { Db } from '../../db/types';
import { ApiError } from '../../http/errors';
import { enqueue } from '../../jobs/enqueue';
import { MAX_ATTACHMENT_BYTES, mailSendJob } from './sendJob';
import { type MailTemplate, renderMail } from './templates';

/**
 * A mailbox as nodemailer takes it: the name and the address apart, so that whatever the name holds (commas, @, quotes,
 * angle brackets) it is written into the header as one display name, never read as more addresses.
 */
export interface MailAddress {
  name: string;
  address: string;
}

/**
 * The mailbox as one line of text, for the in-app mailbox (mail_messages.from_address): the name as a quoted string
 * (RFC 5322) unless it is plain words, so `"X, third@victim.example, Y" <sender@example.com>` reads as one sender.
 */
export function addressText({ name, address }: MailAddress): string {
  const plain = name.trim();
  if (!plain) return address;
  if (/^[\p{L}\p{N} !#$%&'*+\-/=?^_`{|}~]+$/u.test(plain)) return `${plain} <${address}>`;
  return `"${plain.replace(/[\\"]/g, (c) => `\\${c}`)}" <${address}>`;
}

/** MAIL_FROM as a mailbox: "Name <address>" or a bare address (server/config.ts has checked it is one of the two). */
export function parseMailbox(text: string): MailAddress {
  const match = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/.exec(text);
  if (!match) return { name: '', address: text.trim() };
  return { name: match[1].replace(/^"(.*)"$/, '$1').replace(/\\(.)/g, '$1'), address: match[2] };
}

/** A message to send: to an address, about an account. */
export interface OutgoingMail {
  /** The recipient's address alone (an account's e-mail): it goes out as an address object, never parsed for more. */
  to: string;
  /**
   * The account the message is about. Its mailbox keeps the message when no user has the address and no SMTP server
   * is set (an e-mail change's confirmation to the new address): without a mail server that is the only way to read it.
   */
  userId: number;
  template: MailTemplate;
  /** Who an answer goes to, when not this server (a visitor of the contact form): the mailbox shows it as the sender. */
  replyTo?: MailAddress;
  /**
   * The mailbox of `userId` keeps a copy even when SMTP sends it (an invoice: the sender sees what went out,
   * server/modules/invoices/send.ts).
   */
  keepCopy?: boolean;
  /** Files sent with the message by SMTP (a bill of lading's PDF); the mailbox's copy has the words only. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mailer {
  /** Links in messages: PUBLIC_URL and the path. */
  link(path: string): string;
  /** The messages of one write: added in its transaction, the SMTP send a job of the same transaction. */
  outbox(): Outbox;
}

/**
 * Messages written with a write: `add` stores each in the in-app mailbox and, with SMTP_URL, enqueues its SMTP send
 * (server/modules/mail/sendJob.ts), both inside the write's transaction: a refused write leaves neither, a committed one
 * both. The job queue sends in the background: the answer never waits on a mail server (nor tells by its timing
 * whether a message went out), and a refusal for now is tried again later.
 */
export class Outbox {
  constructor(
    private readonly from: MailAddress,
    private readonly smtp: boolean,
  ) {}

  async add(trx: Db, mail: OutgoingMail): Promise<void> {
    const content = renderMail(mail.template);
    const owner = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', mail.to)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    const mailboxOf = owner?.id ?? (this.smtp && !mail.keepCopy ? null : mail.userId);
    if (mailboxOf !== null) {
      await trx
        .insertInto('mail_messages')
        .values({
          user_id: mailboxOf,
          kind: content.kind,
          from_address: addressText(mail.replyTo ?? this.from),
          to_address: mail.to,
          subject: content.subject,
          text_body: content.text,
          html_body: content.html,
          created_at: new Date().toISOString(),
          read_at: null,
          trashed_at: null,
        })
        .execute();
    }
    if (!this.smtp) return;
    const attachments = mail.attachments ?? [];
    if (attachments.reduce((sum, file) => sum + file.content.length, 0) > MAX_ATTACHMENT_BYTES)
      throw new ApiError(
        413,
        `The files to send with the message are over ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB`,
        'too_large',
      );
    // In the write's transaction: an attempt run again (server/db/transaction.ts) rolls its job back with it.
    await enqueue(trx, mailSendJob, {
      from: this.from,
      to: mail.to,
      replyTo: mail.replyTo,
      kind: content.kind,
      subject: content.subject,
      text: content.text,
      html: content.html,
      attachments: mail.attachments?.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        base64: file.content.toString('base64'),
      })),
    });
  }
}

function createMailer(ctx: ServerContext): Mailer {
  const from = parseMailbox(ctx.config.mailFrom);
  return {
    link: (path) => `${ctx.config.publicUrl}${path}`,
    outbox: () => new Outbox(from, ctx.config.smtpUrl !== null),
  };
}

/** One mailer per server (the modules that send share it). */
const mailers = new WeakMap<ServerContext, Mailer>();
export function mailerOf(ctx: ServerContext): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) mailers.set(ctx, (mailer = createMailer(ctx)));
  return mailer;
}
