import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIMITS } from '../../schema/contact';
import { companyFromEnv } from '../../server/modules/contact/company';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The public contact form (docs/product/administration.md): a visitor's message lands in every active administrator's
 * in-app mailbox and nowhere else; bad input is refused naming the field with nothing written; a sender and a client
 * address are throttled; a robot that fills the hidden field is answered alike and its message dropped; reCAPTCHA when
 * configured.
 */
const message = (over: Record<string, unknown> = {}) => ({
  name: 'Maria Lopez',
  email: 'maria.lopez@example.com',
  subject: 'Moving 3 cars from Dallas',
  message: 'Hello, can you quote three sedans from Dallas to Atlanta next week?',
  ...over,
});

describe.each(DATABASES)('the contact form on %s', (kind) => {
  let server: TestServer;
  let ip = 0;
  /** Each test its own client address, so the per-address throttle of one does not reach the next. */
  const send = (payload: unknown, address = `10.0.0.${++ip}`) =>
    server.call({ method: 'POST', url: '/api/contact', payload: payload as never, remoteAddress: address });
  const contactMail = () =>
    server.db.selectFrom('mail_messages').selectAll().where('kind', '=', 'contact').orderBy('id').execute();
  const administrators = async () =>
    await server.db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .innerJoin('roles as r', 'r.id', 'ur.role_id')
      .select(['u.id', 'u.email', 'u.is_active'])
      .where('r.name', '=', 'Administrator')
      .where('u.deleted_at', 'is', null)
      .orderBy('u.id')
      .execute();

  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  it('puts the message in each active administrator’s mailbox, and in nobody else’s', async () => {
    const before = (await contactMail()).length;
    const response = await send(
      message({
        email: 'Maria.Lopez@Example.com',
        message: 'Hello,\n<b>three</b> sedans & a pickup, Dallas → Atlanta.',
      }),
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ value: { sent: true } });
    const admins = (await administrators()).filter((a) => a.is_active === 1);
    expect(admins.length).toBeGreaterThan(0);
    const added = (await contactMail()).slice(before);
    expect(added.map((m) => Number(m.user_id)).sort()).toEqual(admins.map((a) => Number(a.id)).sort());
    for (const mail of added) {
      expect(mail).toMatchObject({
        from_address: 'Maria Lopez <maria.lopez@example.com>',
        subject: 'Contact form: Moving 3 cars from Dallas',
        read_at: null,
        trashed_at: null,
      });
      expect(mail.text_body).toContain('Hello,\n<b>three</b> sedans & a pickup, Dallas → Atlanta.');
      // The visitor's words are text in the HTML, never markup.
      expect(mail.html_body).toContain('&#60;b&#62;three&#60;/b&#62; sedans &#38; a pickup');
      expect(mail.html_body).not.toContain('<b>three');
    }
    // An administrator reads it in the mailbox like any message.
    const token = await server.login(admins[0].email);
    const list = await server.call({ method: 'GET', url: '/api/mail/mails?search=Dallas', token });
    expect(list.body.value.items[0]).toMatchObject({
      subject: 'Contact form: Moving 3 cars from Dallas',
      kind: 'contact',
      from: 'Maria Lopez <maria.lopez@example.com>',
    });
    // Nobody else got it.
    const dispatcher = await server.login('dispatcher@haulboard.demo');
    expect(
      (await server.call({ method: 'GET', url: '/api/mail/mails?search=Dallas', token: dispatcher })).body.value
        .totalCount,
    ).toBe(0);
  });

  it('refuses what is missing, malformed or too long, naming the field, and writes nothing', async () => {
    await expectRefused(
      server,
      { method: 'POST', url: '/api/contact', payload: message({ name: '  ' }), remoteAddress: '10.1.0.1' },
      400,
      'name',
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/contact', payload: message({ email: 'not-an-address' }), remoteAddress: '10.1.0.1' },
      400,
      'email',
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/contact', payload: message({ subject: '' }), remoteAddress: '10.1.0.1' },
      400,
      'subject',
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/contact', payload: message({ message: 'Hi' }), remoteAddress: '10.1.0.1' },
      400,
      'message',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/contact',
        payload: message({ message: 'x'.repeat(CONTACT_LIMITS.message + 1) }),
        remoteAddress: '10.1.0.1',
      },
      400,
      'message',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/contact',
        payload: message({ subject: 'x'.repeat(CONTACT_LIMITS.subject + 1) }),
        remoteAddress: '10.1.0.1',
      },
      400,
      'subject',
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/contact', payload: message({ name: 'Ann\u0000' }), remoteAddress: '10.1.0.1' },
      400,
      'name',
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/contact',
        payload: { ...message(), extra: 1, message: 42 },
        remoteAddress: '10.1.0.1',
      },
      400,
      'message',
    );
  });

  it('lets one sender send 3 messages an hour, then answers 429 with Retry-After and keeps nothing more', async () => {
    const sender = { email: `busy.${kind}@example.com` };
    for (let i = 0; i < 3; i++) expect((await send(message({ ...sender, subject: `Question ${i}` }))).status).toBe(200);
    const refused = await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/contact',
        payload: message({ ...sender, subject: 'Question 4' }),
        remoteAddress: '10.2.0.1',
      },
      429,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another sender is not held back by it.
    expect((await send(message({ email: `other.${kind}@example.com` }))).status).toBe(200);
  });

  it('lets one client address send 10 messages an hour, whatever the senders', async () => {
    for (let i = 0; i < 10; i++)
      expect((await send(message({ email: `sender${i}.${kind}@example.com` }), '10.3.0.1')).status).toBe(200);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/contact',
        payload: message({ email: `sender10.${kind}@example.com` }),
        remoteAddress: '10.3.0.1',
      },
      429,
    );
    expect((await send(message({ email: `sender10.${kind}@example.com` }), '10.3.0.2')).status).toBe(200);
  });

  it('answers a robot that fills the hidden field as anyone else, and drops its message', async () => {
    const before = (await contactMail()).length;
    const response = await send(message({ email: `robot.${kind}@example.com`, website: 'http://spam.example' }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ value: { sent: true } });
    expect((await contactMail()).length).toBe(before);
  });

  it('tells the visitor when no administrator is active to read it, and keeps nothing', async () => {
    const active = (await administrators()).filter((a) => a.is_active === 1).map((a) => Number(a.id));
    await server.db.updateTable('users').set({ is_active: 0 }).where('id', 'in', active).execute();
    try {
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/contact',
          payload: message({ email: `late.${kind}@example.com` }),
          remoteAddress: '10.4.0.1',
        },
        503,
      );
    } finally {
      await server.db.updateTable('users').set({ is_active: 1 }).where('id', 'in', active).execute();
    }
  });

  it('tells the public pages who runs the installation (nothing when COMPANY_* is unset)', async () => {
    const response = await server.call({ method: 'GET', url: '/api/contact/company' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ value: { name: null, email: null, phone: null, address: null } });
  });
});

describe('the company settings', () => {
  it('reads COMPANY_* and refuses a malformed e-mail or an overlong value', () => {
    expect(
      companyFromEnv({
        COMPANY_NAME: ' Lone Star Auto Transport ',
        COMPANY_EMAIL: 'privacy@lonestar.example',
        COMPANY_PHONE: '+1 (214) 555-0100',
      }),
    ).toEqual({
      name: 'Lone Star Auto Transport',
      email: 'privacy@lonestar.example',
      phone: '+1 (214) 555-0100',
      address: null,
    });
    expect(() => companyFromEnv({ COMPANY_EMAIL: 'privacy at lonestar' })).toThrow(/COMPANY_EMAIL/);
    expect(() => companyFromEnv({ COMPANY_ADDRESS: 'x'.repeat(201) })).toThrow(/COMPANY_ADDRESS/);
  });
});

describe('the contact form with reCAPTCHA configured', () => {
  let verifier: http.Server;
  let server: TestServer;
  beforeAll(async () => {
    verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: new URLSearchParams(body).get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as { port: number }).port;
    server = await startTestServer('sqlite', {
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/verify`,
    });
  });
  afterAll(async () => {
    await server.close();
    verifier.close();
  });

  it('refuses a missing or failed check, writing nothing, and delivers a passed one', async () => {
    const call = (googleRecaptchaToken?: string) => ({
      method: 'POST' as const,
      url: '/api/contact',
      payload: message({ googleRecaptchaToken }),
    });
    await expectRefused(server, call(), 400, 'googleRecaptchaToken');
    await expectRefused(server, call('bad-token'), 400, 'googleRecaptchaToken');
    expect((await server.call(call('good-token'))).status).toBe(200);
    expect(
      (await server.db.selectFrom('mail_messages').select('id').where('kind', '=', 'contact').execute()).length,
    ).toBeGreaterThan(0);
  });
});
