import nodemailer, { type Transporter } from 'nodemailer';
import { z } from 'zod';
import type { ServerContext } from '../../context';
import { GiveUp, defineJob } from '../../jobs/define';

/**
 * The SMTP send of one message, a job (server/jobs) enqueued in the transaction of the write that wrote it
 * (server/modules/mail/mailer.ts Outbox): it exists exactly when the write committed, survives a restart, and is tried
 * again with a growing pause (retryDelayMs) while the mail server refuses it for now (4xx) or cannot be reached — 25
 * attempts over about four days, never once the message is older than three. The mail server's acceptance ends it, so
 * a message goes out once (an SMTP server that accepted but whose answer was lost is the one way to a second copy).
 * A refusal for good (5xx to the recipient or the message) is given up at once.
 */
export const MAIL_MAX_AGE_MS = 3 * 24 * 3_600_000;

/**
 * Attachments travel in the job's payload (base64), so the job alone can send the message after any restart, and are
 * gone with the job once sent. Bounded: 15 MiB of files is about 20 MB encoded, under the 25 MB common mail servers take.
 */
export const MAX_ATTACHMENT_BYTES = 15 * 1024 * 1024;

const mailbox = z.object({ name: z.string(), address: z.string() });
export const smtpMessageSchema = z.object({
  from: mailbox,
  to: z.string(),
  replyTo: mailbox.optional(),
  kind: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), base64: z.string() }))
    .max(20)
    .refine(
      (files) => files.reduce((sum, f) => sum + Math.floor((f.base64.length * 3) / 4), 0) <= MAX_ATTACHMENT_BYTES,
      `attachments over ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MiB cannot be queued`,
    )
    .optional(),
});
export type SmtpMessage = z.infer<typeof smtpMessageSchema>;

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

/** One transport per server, made at its first send. */
const transports = new WeakMap<ServerContext, Transporter>();
function transportOf(ctx: ServerContext): Transporter | null {
  if (!ctx.config.smtpUrl) return null;
  let transport = transports.get(ctx);
  if (!transport) transports.set(ctx, (transport = smtpTransport(ctx.config.smtpUrl)));
  return transport;
}

/** nodemailer's codes for a recipient or a message refused, as opposed to a connection, a login or a timeout. */
const REFUSED = new Set(['EENVELOPE', 'EMESSAGE']);

export const mailSendJob = defineJob({
  name: 'mail.send',
  payload: smtpMessageSchema,
  retry: { maxAttempts: 25, maxAgeMs: MAIL_MAX_AGE_MS },
  async run(message, { ctx, log }) {
    const transport = transportOf(ctx);
    if (!transport) throw new GiveUp('mail not sent: this server has no SMTP_URL');
    try {
      const info = (await transport.sendMail({
        from: message.from,
        to: { name: '', address: message.to },
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((file) => ({
          filename: file.filename,
          contentType: file.contentType,
          content: Buffer.from(file.base64, 'base64'),
        })),
      })) as { messageId?: string };
      log.info({ kind: message.kind, messageId: info.messageId }, 'mail sent');
    } catch (error) {
      const { code, responseCode, message: text } = error as Error & { code?: string; responseCode?: number };
      if (responseCode && responseCode >= 500 && REFUSED.has(code ?? ''))
        throw new GiveUp(`mail not sent: the SMTP server refused it for good (${text})`);
      log.error(
        { kind: message.kind, error: text },
        'mail not sent: the SMTP server refused it or could not be reached; it is tried again later',
      );
      throw error;
    }
  },
});
