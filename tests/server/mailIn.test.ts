import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedPdf, notPdf, randomFacts, sheetPdf } from '../helpers/dispatchSheets';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Sheets by e-mail (docs/deployment.md#mail-in): the server listens for SMTP on a port the system picks and takes mail
 * for the company's address alone. Real mail is sent with nodemailer (and, where the exchange itself is the point,
 * written on a socket): each PDF sheet attached becomes an open draft, and the message with a note of what became of
 * its attachments lands in the mailbox of everyone who may create drafts.
 */
const ADDRESS = 'loads@haulboard.example';
const PUBLIC_URL = 'https://haulboard.example.com';
const BROKER = 'dispatch@broker.example';

/** A key and a certificate for 127.0.0.1, made with openssl for this run: the listener's STARTTLS uses them. */
function tlsFiles() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-mailin-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { dir, key, cert };
}

/** The SMTP exchange written by hand: each line sent and the server's reply to it. */
async function converse(port: number, lines: (string | Buffer)[]): Promise<string[]> {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const waiting: ((reply: string) => void)[] = [];
  socket.on('data', (data) => {
    buffer += data.toString();
    // A reply ends with a line whose code is followed by a space ("250 OK", after "250-SIZE …" lines).
    for (let end = /^\d{3} .*\r\n/m.exec(buffer); end; end = /^\d{3} .*\r\n/m.exec(buffer)) {
      const reply = buffer.slice(0, end.index + end[0].length);
      buffer = buffer.slice(reply.length);
      waiting.shift()?.(reply);
    }
  });
  const next = () => new Promise<string>((resolve) => waiting.push(resolve));
  const replies = [await next()];
  for (const line of lines) {
    const reply = next();
    socket.write(typeof line === 'string' ? `${line}\r\n` : line);
    replies.push(await reply);
  }
  socket.end();
  return replies;
}

describe.each(DATABASES)('sheets by e-mail on %s', (kind) => {
  let server: TestServer;
  let dispatcher: string;
  let driver: string;
  let port: number;
  const tls = tlsFiles();
  // Over STARTTLS, the listener's certificate checked against the one made for it.
  const send = (mail: SendMailOptions) =>
    nodemailer
      .createTransport({
        host: '127.0.0.1',
        port,
        secure: false,
        requireTLS: true,
        tls: { ca: fs.readFileSync(tls.cert) },
      })
      .sendMail({ from: `Broker Dispatch <${BROKER}>`, to: ADDRESS, ...mail });
  const drafts = async () =>
    (await server.call({ method: 'GET', url: '/api/OrderDrafts?size=200', token: dispatcher })).body.value.items;
  /** The dispatcher's newest message of a subject, whole. */
  const mailTo = async (token: string, subject: string) => {
    const list = await server.call({
      method: 'GET',
      url: `/api/mail/mails?search=${encodeURIComponent(subject)}`,
      token,
    });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const item = list.body.value.items.find((m: { subject: string }) => m.subject === subject);
    if (!item) return null;
    return (await server.call({ method: 'GET', url: `/api/mail/mails/${item.id}`, token })).body.value;
  };
  const counts = async () => ({
    drafts: Number((await sql<{ n: number }>`select count(*) as n from order_drafts`.execute(server.db)).rows[0].n),
    mail: Number((await sql<{ n: number }>`select count(*) as n from mail_messages`.execute(server.db)).rows[0].n),
  });

  beforeAll(async () => {
    server = await startTestServer(kind, {
      MAIL_IN_PORT: '0',
      MAIL_IN_ADDRESS: ADDRESS,
      MAIL_IN_MAX_MB: '1',
      MAIL_IN_ALLOWED_SENDERS: 'broker.example',
      MAIL_IN_TLS_KEY: tls.key,
      MAIL_IN_TLS_CERT: tls.cert,
      PUBLIC_URL,
    });
    port = server.app.mailIn!.port;
    dispatcher = await server.login('dispatcher@haulboard.demo');
    driver = await server.login('driver@haulboard.demo');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(tls.dir, { recursive: true, force: true });
  });

  it('makes an open draft of a sheet attached, from the sender, and tells the dispatchers in their mailbox', async () => {
    const facts = randomFacts('centralDispatch', 7);
    const subject = `Load ${facts.fields.loadId} dispatch sheet (${kind})`;
    const info = await send({
      subject,
      text: 'Please find the dispatch sheet attached.\nThanks, Dana',
      attachments: [{ filename: 'dispatch-sheet.pdf', content: await sheetPdf(facts), contentType: 'application/pdf' }],
    });
    expect(info.rejected).toEqual([]);
    expect(info.response).toMatch(/^250 /);

    const draft = (await drafts()).find((d: { fileName: string; mailFrom: string | null }) => d.mailFrom === BROKER);
    expect(draft).toMatchObject({ status: 'OPEN', source: 'EMAIL', fileName: 'dispatch-sheet.pdf', mailFrom: BROKER });
    expect(draft.loadId).toBe(facts.fields.loadId);

    const mail = await mailTo(dispatcher, subject);
    expect(mail).toMatchObject({ kind: 'mailIn', to: ADDRESS, from: `Broker Dispatch <${BROKER}>`, html: '' });
    expect(mail.text).toContain(
      `dispatch-sheet.pdf → draft ${draft.id}: ${PUBLIC_URL}/app/books/dispatch-sheets/${draft.id}`,
    );
    expect(mail.text).toContain('Please find the dispatch sheet attached.\nThanks, Dana');
    // Only those who may create drafts get it: a driver does not.
    expect(await mailTo(driver, subject)).toBeNull();
  });

  it('refuses any other recipient at RCPT TO, and announces and enforces the size limit', async () => {
    const before = await counts();
    const wrong = await send({ to: `someone.else@haulboard.example`, subject: 'Wrong address', text: 'Hello' }).catch(
      (error: { responseCode?: number; rejected?: string[] }) => error,
    );
    expect(wrong).toMatchObject({ responseCode: 550, rejected: ['someone.else@haulboard.example'] });

    const big = Buffer.alloc(1_200_000, 'x');
    // Declared with SIZE (nodemailer does), refused at MAIL FROM; sent without it, refused after the data.
    const declared = await send({
      subject: 'Too large',
      text: 'Big',
      attachments: [{ filename: 'big.pdf', content: big }],
    }).catch((error: { responseCode?: number }) => error);
    expect(declared).toMatchObject({ responseCode: 552 });
    const replies = await converse(port, [
      'EHLO client.example',
      `MAIL FROM:<${BROKER}>`,
      `RCPT TO:<${ADDRESS}>`,
      'DATA',
      Buffer.from(`Subject: Too large\r\n\r\n${'y'.repeat(76)}\r\n`.repeat(16_000) + '.\r\n'),
      'QUIT',
    ]);
    expect(replies[1]).toMatch(/^250[- ]SIZE 1048576\r$/m);
    expect(replies[1]).toMatch(/^250[- ]STARTTLS\r$/m);
    expect(replies[1]).not.toMatch(/AUTH/);
    expect(replies[4]).toMatch(/^354 /);
    expect(replies[5]).toMatch(/^552 /);
    expect(await counts()).toEqual(before);
  });

  it('makes no draft of an encrypted or non-PDF attachment, and says why in the mailbox', async () => {
    const before = (await drafts()).length;
    const subject = `Locked sheet (${kind})`;
    await send({
      subject,
      text: 'Sheet attached.',
      attachments: [
        { filename: 'locked.pdf', content: await encryptedPdf(), contentType: 'application/pdf' },
        { filename: 'photo.pdf', content: notPdf(), contentType: 'application/pdf' },
      ],
    });
    expect((await drafts()).length).toBe(before);
    const mail = await mailTo(dispatcher, subject);
    expect(mail.text).toMatch(/Attachments not read, so no draft was made of them:\n• locked\.pdf: .*password/i);
    expect(mail.text).toContain('• photo.pdf: not a PDF file');
  });

  it('puts a message without attachment in the mailbox, its HTML as text only', async () => {
    const before = (await drafts()).length;
    const subject = `Truck available? (${kind})`;
    await send({ subject, text: 'Do you have a truck for Dallas to Atlanta on Monday?' });
    const plain = await mailTo(dispatcher, subject);
    expect(plain.text).toContain('No attachment: no draft was made.');
    expect(plain.text).toContain('Do you have a truck for Dallas to Atlanta on Monday?');

    const htmlSubject = `Rates this week (${kind})`;
    await send({
      subject: htmlSubject,
      html: '<p>Rates <b>up</b></p><script>alert(1)</script><img src="https://t.example/x.gif">',
    });
    const html = await mailTo(dispatcher, htmlSubject);
    expect(html.html).toBe('');
    expect(html.text).toMatch(/Rates up/i);
    // What the markup said, as words: no tag, nothing that ran (a picture's address is only text).
    expect(html.text).not.toMatch(/<|alert/);
    expect((await drafts()).length).toBe(before);
  });

  it('refuses mail from a sender outside MAIL_IN_ALLOWED_SENDERS', async () => {
    const before = await counts();
    const refused = await send({ from: 'someone@elsewhere.example', subject: 'Hi', text: 'Hello' }).catch(
      (error: { responseCode?: number }) => error,
    );
    expect(refused).toMatchObject({ responseCode: 550 });
    expect(await counts()).toEqual(before);
  });

  it('writes nothing when the message cannot be kept whole, and asks the sender to try again later', async () => {
    const before = await counts();
    // The mailbox copy fails after the draft was inserted in the same transaction.
    if (kind === 'postgres') {
      await sql`create function test_refuse_mail() returns trigger language plpgsql as $$ begin raise exception 'mailbox broken'; end $$`.execute(
        server.db,
      );
      await sql`create trigger test_refuse_mail before insert on mail_messages for each row when (new.subject = 'Break me') execute function test_refuse_mail()`.execute(
        server.db,
      );
    } else
      await sql`create trigger test_refuse_mail before insert on mail_messages when new.subject = 'Break me' begin select raise(abort, 'mailbox broken'); end`.execute(
        server.db,
      );
    const failed = await send({
      subject: 'Break me',
      text: 'Sheet attached.',
      attachments: [{ filename: 'sheet.pdf', content: await sheetPdf(randomFacts('superDispatch', 3)) }],
    }).catch((error: { responseCode?: number }) => error);
    expect(failed).toMatchObject({ responseCode: 451 });
    expect(await counts()).toEqual(before);
    await sql`drop trigger test_refuse_mail${sql.raw(kind === 'postgres' ? ' on mail_messages' : '')}`.execute(
      server.db,
    );
  });
});
