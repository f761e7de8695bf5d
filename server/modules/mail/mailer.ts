import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerContext } from '../../context';
import { afterCommit } from '../../db/transaction';
import type { Db } from '../../db/types';
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

interface SmtpMessage {
  to: string;
  replyTo?: MailAddress;
  attachments?: MailAttachment[];
  kind: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Links in messages: PUBLIC_URL and the path. */
  link(path: string): string;
  /** The messages of one write: added in its transaction, sent by SMTP once it has committed. */
  outbox(): Outbox;
  /** Resolves when every SMTP send under way has ended (sent or failed). */
  idle(): Promise<void>;
}

/**
 * Messages written with a write: `add` stores each in the in-app mailbox inside the write's transaction (so a refused
 * write leaves none), `send` hands them to SMTP after the commit. Sending runs in the background: the answer never
 * waits on a mail server (nor tells by its timing whether a message went out), and a failure is logged, not retried.
 */
export class Outbox {
  private readonly queued: SmtpMessage[] = [];
  constructor(
    private readonly from: MailAddress,
    private readonly smtp: boolean,
    private readonly deliver: (messages: SmtpMessage[]) => void,
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
    // Queued only once the write has committed: an attempt run again (server/db/transaction.ts) adds its own.
    if (this.smtp)
      afterCommit(trx, () =>
        this.queued.push({
          to: mail.to,
          replyTo: mail.replyTo,
          attachments: mail.attachments,
          kind: content.kind,
          subject: content.subject,
          text: content.text,
          html: content.html,
        }),
      );
  }

  send(): void {
    if (this.queued.length) this.deliver(this.queued.splice(0));
  }
}

/**
 * SMTP through nodemailer, which reads the URL itself: smtps:// is TLS from the first byte, smtp:// upgrades with
 * STARTTLS when the server offers it (?requireTLS=true refuses to go on without; tls.* options pass to Node's TLS).
 */
function smtpTransport(url: string): Transporter {
  return nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
}

function createMailer(ctx: ServerContext, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, publicUrl } = ctx.config;
  const from = parseMailbox(ctx.config.mailFrom);
  const transport = smtpUrl ? smtpTransport(smtpUrl) : null;
  const pending = new Set<Promise<void>>();
  const deliver = (messages: SmtpMessage[]) => {
    for (const message of messages) {
      const sending = transport!
        .sendMail({
          from,
          to: { name: '', address: message.to },
          replyTo: message.replyTo,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
        })
        .then(
          (info: { messageId?: string }) => log.info({ kind: message.kind, messageId: info.messageId }, 'mail sent'),
          (error: Error) =>
            log.error(
              { kind: message.kind, error: error.message },
              'mail not sent: the SMTP server refused it or could not be reached',
            ),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    }
  };
  return {
    link: (path) => `${publicUrl}${path}`,
    outbox: () => new Outbox(from, transport !== null, deliver),
    idle: async () => {
      await Promise.allSettled([...pending]);
    },
  };
}

/** One mailer per server (the modules that send share it). */
const mailers = new WeakMap<ServerContext, Mailer>();
export function mailerOf(ctx: ServerContext, log: FastifyBaseLogger): Mailer {
  let mailer = mailers.get(ctx);
  if (!mailer) mailers.set(ctx, (mailer = createMailer(ctx, log)));
  return mailer;
}
