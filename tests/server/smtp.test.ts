import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { PASSWORD, freshAddress, newestMail, tokenIn } from '../helpers/account';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';
import { SMTP_SECRET as SECRET, SMTP_USER as USER, mailServer, until } from '../helpers/smtp';

/**
 * Mail through SMTP (docs/product/accounts.md): with SMTP_URL set, the server hands every message to the mail server
 * named there, over TLS as the URL's scheme says, from MAIL_FROM, with links from PUBLIC_URL, and keeps a copy in the
 * mailbox of the user the address belongs to. The test runs a real SMTP server in process (smtp-server, nodemailer's
 * own) and reads what arrived; it listens on a port the system picks on 127.0.0.1.
 */
const PUBLIC_URL = 'https://haulboard.example.com';
const MAIL_FROM = 'Haulboard Dispatch <dispatch@haulboard.example.com>';

describe.each(DATABASES)('mail through SMTP with STARTTLS on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof mailServer>>;
  let server: TestServer;
  beforeAll(async () => {
    smtp = await mailServer(false);
    // The test server's certificate is its own (self-signed): the URL's tls.* options pass to Node's TLS as they would for a private CA.
    server = await startTestServer(kind, {
      SMTP_URL: smtp.startTlsUrl,
      MAIL_FROM,
      PUBLIC_URL,
    });
  });
  afterAll(async () => {
    await server.close();
    await smtp.close();
  });

  it('sends the verification message at registration, as text and HTML, whose link verifies the account', async () => {
    const email = `smtp.${kind}@example.com`;
    const registered = await server.call({
      method: 'POST',
      url: '/api/token/register',
      remoteAddress: freshAddress(),
      payload: { email, firstname: 'Sam', lastname: 'Tp', userType: 'driver', password: PASSWORD, AccountId: 1 },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const mail = await until(() => smtp.arrived.find((m) => m.to.includes(email)), 'the verification message');
    expect(mail).toMatchObject({ subject: 'Verify your e-mail address for Haulboard', secure: true, user: USER });
    expect(mail.from).toMatch(/Haulboard Dispatch.*<dispatch@haulboard\.example\.com>/);
    const link = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/app/verify-account\\?token=([\\w-]+)`);
    const token = link.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    expect(mail.text).toContain('Hello Sam,');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/app/verify-account?token=${token}"`);
    // The address is a user's: the mailbox keeps the same message.
    const copy = await newestMail(server, registered.body.accessToken, 'verification');
    expect(tokenIn(copy.text)).toBe(token);

    const verified = await server.call({ method: 'POST', url: '/api/account/verify-email', payload: { token } });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(
      (await server.call({ method: 'GET', url: '/api/token/me', token: registered.body.accessToken })).body.data
        .isEmailVerified,
    ).toBe(true);
  });

  it('sends a reset link to a known address only; a message to an address no user has goes by SMTP alone', async () => {
    const before = smtp.arrived.length;
    for (const email of ['administrator@haulboard.demo', `nobody.${kind}@example.com`]) {
      expect(
        (
          await server.call({
            method: 'POST',
            url: '/api/account/forgot-password',
            payload: { email },
            remoteAddress: freshAddress(),
          })
        ).status,
      ).toBe(200);
    }
    const reset = await until(
      () => smtp.arrived.find((m) => m.to.includes('administrator@haulboard.demo') && m.subject.includes('Reset')),
      'the reset message',
    );
    expect(reset.text).toContain(`${PUBLIC_URL}/forgotpassword/${encodeURIComponent('administrator@haulboard.demo')}/`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      smtp.arrived
        .slice(before)
        .map((m) => m.to)
        .flat(),
    ).toEqual(['administrator@haulboard.demo']);

    // An e-mail change: the confirmation goes to the new address by SMTP alone (the account does not own it yet).
    const admin = await server.login('administrator@haulboard.demo');
    const newEmail = `new.admin.${kind}@example.com`;
    expect(
      (
        await server.call({
          method: 'POST',
          url: '/api/account/change-email',
          token: admin,
          payload: { newEmail, password: 'demo-password' },
        })
      ).status,
    ).toBe(200);
    const confirmation = await until(() => smtp.arrived.find((m) => m.to.includes(newEmail)), 'the confirmation');
    expect(confirmation.text).toContain(`${PUBLIC_URL}/app/update-email/`);
    await until(
      () => smtp.arrived.find((m) => m.to.includes('administrator@haulboard.demo') && m.subject.includes('change')),
      'the notice to the old address',
    );
    const kinds = (
      await server.call({ method: 'GET', url: '/api/mail/mails?size=100', token: admin })
    ).body.value.items.map((m: { kind: string }) => m.kind);
    expect(kinds).toContain('emailChangeRequested');
    expect(kinds).not.toContain('emailChange');
  });
});

describe.each(DATABASES)('the contact form through SMTP on %s', (kind) => {
  it("sends the visitor's message to every active administrator, from this server, with the visitor as Reply-To", async () => {
    const smtp = await mailServer(false);
    const server = await startTestServer(kind, { SMTP_URL: smtp.startTlsUrl, MAIL_FROM, PUBLIC_URL });
    try {
      const payload = {
        name: 'Maria Lopez',
        email: `maria.${kind}@example.com`,
        subject: 'Three sedans',
        message: 'Dallas to Atlanta,\nnext week.',
      };
      expect(
        (await server.call({ method: 'POST', url: '/api/contact', payload, remoteAddress: freshAddress() })).status,
      ).toBe(200);
      const admins = await server.db
        .selectFrom('users as u')
        .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select('u.email')
        .where('r.name', '=', 'Administrator')
        .where('u.is_active', '=', 1)
        .where('u.deleted_at', 'is', null)
        .execute();
      const sent = await until(
        () => (smtp.arrived.length >= admins.length ? smtp.arrived : undefined),
        'a message for each administrator',
      );
      expect(sent.flatMap((m) => m.to).sort()).toEqual(admins.map((a) => a.email).sort());
      for (const mail of sent) {
        expect(mail).toMatchObject({ subject: 'Contact form: Three sedans', secure: true });
        expect(mail.replyTo).toMatch(new RegExp(`^"?Maria Lopez"? <maria\\.${kind}@example\\.com>$`));
        expect(mail.from).toMatch(/dispatch@haulboard\.example\.com/);
        expect(mail.text).toContain('Dallas to Atlanta,\nnext week.');
      }
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe('mail through SMTP over TLS from the first byte (smtps://)', () => {
  it('delivers over an implicitly secure connection', async () => {
    const smtp = await mailServer(true);
    const server = await startTestServer(DATABASES[0], {
      SMTP_URL: `smtps://${USER}:${SECRET}@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      PUBLIC_URL,
    });
    try {
      const email = 'smtps@example.com';
      const response = await server.call({
        method: 'POST',
        url: '/api/token/register',
        remoteAddress: freshAddress(),
        payload: { email, firstname: 'Tia', lastname: 'Ls', userType: 'dispatch', password: PASSWORD, AccountId: 1 },
      });
      expect(response.status).toBe(200);
      const mail = await until(() => smtp.arrived.find((m) => m.to.includes(email)), 'the message over smtps');
      expect(mail.secure).toBe(true);
      expect(mail.from).toMatch(/Haulboard.*<no-reply@localhost>/);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('when the mail server cannot be reached, the registration still succeeds, the failure is logged and the mailbox has the message', async () => {
    const gone = await mailServer(false);
    await gone.close();
    const server = await startTestServer(
      DATABASES[0],
      { SMTP_URL: `smtp://127.0.0.1:${gone.port}` },
      { captureLog: true },
    );
    try {
      const response = await server.call({
        method: 'POST',
        url: '/api/token/register',
        remoteAddress: freshAddress(),
        payload: {
          email: 'unsent@example.com',
          firstname: 'Una',
          lastname: 'Sent',
          userType: 'driver',
          password: PASSWORD,
          AccountId: 1,
        },
      });
      expect(response.status).toBe(200);
      await until(() => (server.log().includes('mail not sent') ? true : undefined), 'the failure in the log');
      expect((await newestMail(server, response.body.accessToken, 'verification')).to).toBe('unsent@example.com');
    } finally {
      await server.close();
    }
  });
});

describe('mail settings', () => {
  it('refuses an SMTP_URL, MAIL_FROM or PUBLIC_URL it cannot use, and defaults PUBLIC_URL to this server', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.com' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PORT: '8090' })).toMatchObject({
      smtpUrl: null,
      publicUrl: 'http://localhost:8090',
      mailFrom: 'Haulboard <no-reply@localhost>',
    });
    expect(
      loadConfig({ PUBLIC_URL: 'https://board.example.com/', SMTP_URL: 'smtps://u:p@mail.example.com' }),
    ).toMatchObject({ publicUrl: 'https://board.example.com', smtpUrl: 'smtps://u:p@mail.example.com' });
  });
});
