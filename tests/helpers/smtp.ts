import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server in the test's process (smtp-server, nodemailer's own), for the account mail (docs/product) as a
 * mail server receives it: it wants a user and password, listens on a port the system picks on 127.0.0.1 and keeps
 * what arrives.
 */
export interface Arrived {
  to: string[];
  from: string;
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  secure: boolean;
  user: string;
  /** Files sent with the message (a bill of lading's PDF). */
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export const SMTP_USER = 'mailer';
export const SMTP_SECRET = 'smtp-secret-1';

/** An SMTP answer refusing: 4xx for now (the client tries again later), 5xx for good. */
const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

export interface MailServerOptions {
  /** Answer 451 ("try again later") to the first N messages, then accept. */
  refuseFirst?: number;
}

/**
 * `secure`: TLS from the first byte (smtps); else the client is offered STARTTLS. A recipient whose address starts with
 * "refused" is refused for good (550).
 */
export async function mailServer(secure: boolean, options: MailServerOptions = {}) {
  const arrived: Arrived[] = [];
  /** Messages answered 451. */
  const refused: string[] = [];
  const server = new SMTPServer({
    secure,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _session, done) =>
      auth.username === SMTP_USER && auth.password === SMTP_SECRET
        ? done(null, { user: SMTP_USER })
        : done(new Error('Invalid username or password')),
    onRcptTo: (address, _session, done) =>
      address.address.startsWith('refused') ? done(refusal(550, 'No such mailbox here')) : done(),
    onData: (stream, session, done) => {
      if (refused.length < (options.refuseFirst ?? 0)) {
        refused.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        stream.on('end', () => done(refusal(451, 'Busy: try again later')));
        stream.resume();
        return;
      }
      simpleParser(stream).then((mail) => {
        arrived.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          from: mail.from?.text ?? '',
          replyTo: mail.replyTo?.text ?? '',
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          secure: session.secure,
          user: String(session.user),
          attachments: mail.attachments.map((a) => ({
            filename: a.filename ?? '',
            contentType: a.contentType,
            content: a.content,
          })),
        });
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    arrived,
    refused,
    port,
    /** The SMTP_URL of this server with STARTTLS required (its certificate is its own, so not checked). */
    startTlsUrl: `smtp://${SMTP_USER}:${SMTP_SECRET}@127.0.0.1:${port}/?requireTLS=true&tls.rejectUnauthorized=false`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function until<T>(find: () => T | undefined, what: string, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
