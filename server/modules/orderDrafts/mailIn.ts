import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerOptions } from 'smtp-server';
import type { MailInConfig } from '../../config';
import type { ServerContext } from '../../context';
import { parseMessage, senderAllowed, takeMessage } from './mailInMessage';

/**
 * The mail-in listener (docs/deployment.md#mail-in): an SMTP server for the company's address alone, started when
 * the app is ready and stopped when it closes. A message is taken (250) only once its drafts and mailbox copies are
 * written (mailInMessage.ts); when that fails it is answered 451 and the sending server tries again later.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail-in listener's address once the app is ready (port 0 takes a free one); null when MAIL_IN_* is unset. */
    mailIn: { host: string; port: number } | null;
  }
}

/** Connections served at once; more wait for a turn at the sending server (a mail server retries). */
const MAX_CLIENTS = 20;
/** How long a closing server lets an open SMTP session finish. */
const CLOSE_WAIT_MS = 5_000;
/**
 * How long a quiet client is kept, and so how long a message may wait for its turn (RFC 5321 4.5.3.2 asks servers for
 * five minutes): a client cut off before its 250 sends the message again, and its sheets would be drafted twice.
 */
const SOCKET_TIMEOUT_MS = 5 * 60_000;

/** An SMTP reply with its code (smtp-server answers an error's responseCode and message). */
const reply = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });

/** Both PEM files read and checked as a pair, or the start stops saying which file is wrong. */
function tlsOptions(files: NonNullable<MailInConfig['tls']>): Pick<SMTPServerOptions, 'key' | 'cert'> {
  const read = (name: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`${name}: cannot read ${file} (${(error as Error).message})`, { cause: error });
    }
  };
  const key = read('MAIL_IN_TLS_KEY', files.keyFile);
  const cert = read('MAIL_IN_TLS_CERT', files.certFile);
  try {
    tls.createSecureContext({ key, cert });
  } catch (error) {
    throw new Error(
      `MAIL_IN_TLS_KEY and MAIL_IN_TLS_CERT must be a PEM private key and its certificate: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return { key, cert };
}

/** The message's bytes, read to the end (an oversized one too: the client must be read before it is answered). */
async function messageBytes(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= maxBytes) chunks.push(chunk);
  }
  return stream.sizeExceeded || size > maxBytes ? null : Buffer.concat(chunks);
}

function createListener(ctx: ServerContext, config: MailInConfig, log: FastifyBaseLogger) {
  // Messages are taken one after another: reading sheets is the costly part, and the web app shares the machine.
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work);
    queue = turn.catch(() => undefined);
    return turn;
  };

  const server = new SMTPServer({
    banner: 'Haulboard mail-in',
    size: config.maxBytes,
    rejectOversized: true,
    // A receiving server for one address: nobody signs in, and STARTTLS only with the company's own certificate
    // (smtp-server's built-in one is public, so offering it would protect nothing).
    authOptional: true,
    disabledCommands: config.tls ? ['AUTH'] : ['AUTH', 'STARTTLS'],
    ...(config.tls ? tlsOptions(config.tls) : {}),
    maxClients: MAX_CLIENTS,
    closeTimeout: CLOSE_WAIT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    maxRecipients: 10,
    logger: false,
    onRcptTo(address, _session, done) {
      if (address.address.toLowerCase() === config.address) return done();
      done(reply(550, `5.1.1 <${address.address}>: no such mailbox here; dispatch sheets go to ${config.address}`));
    },
    onData(stream, session, done) {
      void (async () => {
        const raw = await messageBytes(stream, config.maxBytes);
        // rejectOversized answers 552 whatever is said here; nothing is read or kept.
        if (!raw) return done(reply(552, '5.3.4 Message too large'));
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = await parseMessage(raw, envelopeFrom).catch((error: Error) => {
          log.info({ error: error.message }, 'mail-in: refused a message that could not be parsed');
          return null;
        });
        // Sending it again would not mend it: refused for good.
        if (!mail) return done(reply(554, '5.6.0 The message could not be read as e-mail'));
        if (!senderAllowed(mail.from, config.allowedSenders)) {
          log.info({ from: mail.from }, 'mail-in: refused a message from a sender not allowed');
          return done(reply(550, `5.7.1 Mail from ${mail.from || 'this sender'} is not accepted here`));
        }
        const taken = await inTurn(() => takeMessage(ctx, mail, config.address));
        log.info(
          {
            from: mail.from,
            drafts: taken.drafts.map((d) => d.id),
            refused: taken.refused.map((r) => r.fileName),
            mailboxes: taken.mailboxes,
          },
          'mail-in: message taken',
        );
        if (!taken.mailboxes)
          log.warn('mail-in: no active user may create dispatch-sheet drafts, so no mailbox got the message');
        done(null, 'Message taken');
      })().catch((error: Error) => {
        log.error({ error: error.message }, 'mail-in: message not taken; the sender is told to try again later');
        done(reply(451, '4.3.0 The message could not be taken now; try again later'));
      });
    },
  });
  /** Resolves once the messages under way are taken (or not). */
  const idle = () => queue;
  return { server, idle };
}

/**
 * Starts the listener with the app (onReady, so a test's app.ready() starts it too) and stops it before the app
 * closes its database (preClose), waiting for the message being taken.
 */
export function registerMailIn(app: FastifyInstance, ctx: ServerContext): void {
  app.decorate('mailIn', null);
  const config = ctx.config.mailIn;
  if (!config) return;
  let listener: ReturnType<typeof createListener> | null = null;
  app.addHook('onReady', async () => {
    listener = createListener(ctx, config, app.log);
    const { server } = listener;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`MAIL_IN_PORT ${config.port} is already in use on ${config.host}: choose another port`)
            : error,
        ),
      );
      server.listen(config.port, config.host, () => resolve());
    });
    server.removeAllListeners('error');
    server.on('error', (error: Error) => app.log.error({ error: error.message }, 'mail-in: listener error'));
    const { port } = server.server.address() as AddressInfo;
    app.mailIn = { host: config.host, port };
    app.log.info({ host: config.host, port, address: config.address }, 'mail-in: listening for dispatch sheets');
  });
  app.addHook('preClose', async () => {
    const closing = listener;
    listener = null;
    app.mailIn = null;
    if (!closing) return;
    await new Promise<void>((resolve) => closing.server.close(() => resolve()));
    await closing.idle();
  });
}
