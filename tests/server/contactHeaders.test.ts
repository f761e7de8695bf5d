import type { AddressInfo } from 'node:net';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshAddress } from '../helpers/account';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { SMTP_SECRET, SMTP_USER, until } from '../helpers/smtp';

/**
 * The headers of mail that carry a person's name are built from address objects, never from concatenated text: a
 * contact-form visitor who calls themselves `X, third@victim.example, Y` gets exactly one Reply-To address, their own,
 * with that text as its display name — not a second recipient of the administrators' answers.
 */
interface Received {
  raw: string;
  replyTo: AddressObject['value'];
  from: AddressObject['value'];
  to: AddressObject['value'];
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  [value ?? []].flat().flatMap((group) => group.value);

async function capturingMailServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth: (auth, _session, done) =>
      auth.username === SMTP_USER && auth.password === SMTP_SECRET
        ? done(null, { user: SMTP_USER })
        : done(new Error('Invalid username or password')),
    onData: (stream, _session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((mail) => {
          received.push({
            raw: raw.toString('utf8'),
            replyTo: addresses(mail.replyTo),
            from: addresses(mail.from),
            to: addresses(mail.to),
          });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    received,
    url: `smtp://${SMTP_USER}:${SMTP_SECRET}@127.0.0.1:${port}/?requireTLS=true&tls.rejectUnauthorized=false`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const HOSTILE_NAME = 'X, third@victim.example, Y';

describe.each(DATABASES)('contact-form mail headers on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof capturingMailServer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await capturingMailServer();
    server = await startTestServer(kind, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Haulboard, Dispatch <dispatch@haulboard.example.com>',
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('gives a hostile name one Reply-To address, the sender’s, with the name as its display name; the mailbox shows it so', async () => {
    const sender = `sender.${kind}@example.com`;
    const payload = {
      name: HOSTILE_NAME,
      email: sender,
      subject: 'Quote please',
      message: 'Three sedans from Dallas to Atlanta.',
    };
    const sent = await server.call({ method: 'POST', url: '/api/contact', payload, remoteAddress: freshAddress() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const admins = await server.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select('u.email')
      .where('r.name', '=', 'Administrator')
      .where('u.is_active', '=', 1)
      .where('u.deleted_at', 'is', null)
      .execute();
    const mails = await until(
      () => (smtp.received.length >= admins.length ? smtp.received : undefined),
      'a message for each administrator',
    );
    for (const mail of mails) {
      expect(mail.replyTo, mail.raw).toEqual([{ address: sender, name: HOSTILE_NAME }]);
      // On the wire: the name as one quoted display name, then the one address.
      expect(/^Reply-To: (.*)$/im.exec(mail.raw)?.[1]).toBe(`"${HOSTILE_NAME}" <${sender}>`);
      // From (MAIL_FROM, whose name has a comma too) and To are one address each.
      expect(mail.from).toEqual([{ address: 'dispatch@haulboard.example.com', name: 'Haulboard, Dispatch' }]);
      expect(mail.to).toHaveLength(1);
      expect(mail.to[0].address).toMatch(/@/);
    }

    // The administrators' in-app mailbox shows the sender as one quoted name and the address.
    const token = await server.login(admins[0].email);
    const list = await server.call({ method: 'GET', url: '/api/mail/mails?search=Quote%20please', token });
    expect(list.body.value.items[0].from).toBe(`"${HOSTILE_NAME}" <${sender}>`);
  });
});
