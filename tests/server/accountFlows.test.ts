import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MAILS_PER_HOUR } from '../../schema/account';
import {
  PASSWORD,
  PROFILE,
  complete,
  freshAddress,
  newestMail,
  register,
  registerCompleted,
  tokenIn,
  verify,
} from '../helpers/account';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, fingerprint, startTestServer } from '../helpers/server';

/**
 * The account flows (docs/product/accounts.md) through the API, with no mail server: the in-app mailbox holds every
 * message. Every link is one-time, expiring, bound to its account and voided by a newer one; refusals write nothing;
 * every sending is throttled; the reset request answers the same, as fast, for any address.
 */
describe.each(DATABASES)('account flows on %s', (kind) => {
  let server: TestServer;
  let admin: string;
  let adminId: number;
  let mails = 0;
  const email = (name: string) => `${name}.${++mails}.${kind}@example.com`;
  beforeAll(async () => {
    server = await startTestServer(kind);
    admin = await server.login('administrator@haulboard.demo');
    adminId = Number(
      (
        await server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'administrator@haulboard.demo')
          .executeTakeFirstOrThrow()
      ).id,
    );
  });
  afterAll(() => server.close());

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token?: string,
    payload?: unknown,
    remoteAddress?: string,
  ) => server.call({ method, url, token, payload: payload as never, remoteAddress });
  const me = async (token: string) => (await call('GET', '/api/token/me', token)).body.data;
  const userRow = (id: number) =>
    server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Moves the user's sent-message counts back in time, as if the cool-down (or the hour) had passed. */
  const age = (key: string, ms: number) =>
    server.db
      .updateTable('throttle_hits')
      .set({ at: new Date(Date.now() - ms).toISOString() })
      .where('key', '=', key)
      .execute();
  const expire = (userId: number, kind: string) =>
    server.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .execute();
  const adminNotified = async (userId: number) =>
    !!(await server.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', adminId)
      .where('type', '=', 'registrationAwaitingActivation')
      .where('link', '=', `/app/management/user-management/${userId}/edit`)
      .executeTakeFirst());

  describe('registration, verification, completion', () => {
    it('registers unverified and not completed, sends the verification message to the mailbox, and tells no administrator yet', async () => {
      const address = email('new');
      const { accessToken, user } = await register(server, address);
      expect(user).toMatchObject({
        email: address,
        isEmailVerified: false,
        registrationCompleted: false,
        isActive: false,
        phone: null,
        phoneCountry: null,
      });
      const mail = await newestMail(server, accessToken, 'verification');
      expect(mail).toMatchObject({
        to: address,
        from: server.config.mailFrom,
        subject: 'Verify your e-mail address for Haulboard',
      });
      expect(mail.text).toContain(`${server.config.publicUrl}/app/verify-account?token=`);
      expect(mail.html).toContain(`href="${server.config.publicUrl}/app/verify-account?token=${tokenIn(mail.text)}"`);
      expect(await adminNotified(user.id)).toBe(false);
      // Only the hash of the token is stored.
      const stored = await server.db
        .selectFrom('account_tokens')
        .select(['token_hash', 'email'])
        .where('user_id', '=', user.id)
        .execute();
      expect(stored).toEqual([{ token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), email: address }]);
      expect(stored[0].token_hash).not.toContain(tokenIn(mail.text));
    });

    it('verifies once: a reused, tampered or expired link is refused with nothing written', async () => {
      const { accessToken, user } = await register(server, email('verify'));
      const token = tokenIn((await newestMail(server, accessToken, 'verification')).text);
      const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/verify-email', payload: { token: tampered } },
        400,
        'token',
        /expired or was already used/,
      );
      const ok = await call('POST', '/api/account/verify-email', undefined, { token });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.value).toEqual({ email: user.email });
      expect(await me(accessToken)).toMatchObject({ isEmailVerified: true, registrationCompleted: false });
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/verify-email', payload: { token } },
        400,
        'token',
      );

      const other = await register(server, email('expired'));
      const late = tokenIn((await newestMail(server, other.accessToken, 'verification')).text);
      await expire(other.user.id, 'verify');
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/verify-email', payload: { token: late } },
        400,
        'token',
      );
      expect((await userRow(other.user.id)).is_email_verified).toBe(0);
    });

    it('resends with a cool-down and an hourly cap; the newer link voids the older; a verified account gets 409', async () => {
      const { accessToken, user } = await register(server, email('resend'));
      const first = tokenIn((await newestMail(server, accessToken, 'verification')).text);
      // Right after registering: the registration's message counts.
      const early = await expectRefused(
        server,
        { method: 'POST', url: '/api/account/resend-verification', token: accessToken },
        429,
      );
      expect(Number(early.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(early.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(Date.parse(early.body.nextAllowedAt)).toBeGreaterThan(Date.now());
      // The page can show the cool-down before anyone clicks: the same moment, read without taking anything.
      const state = await call('GET', '/api/account/verification', accessToken);
      expect(state.status).toBe(200);
      expect(state.body.value.sentTo).toBe(user.email);
      expect(Math.abs(Date.parse(state.body.value.nextAllowedAt) - Date.parse(early.body.nextAllowedAt))).toBeLessThan(
        2000,
      );

      await age(`user:${user.id}`, 61_000);
      expect(
        Date.parse((await call('GET', '/api/account/verification', accessToken)).body.value.nextAllowedAt),
      ).toBeLessThanOrEqual(Date.now());
      const resent = await call('POST', '/api/account/resend-verification', accessToken, {});
      expect(resent.status, JSON.stringify(resent.body)).toBe(200);
      expect(resent.body.value.sentTo).toBe(user.email);
      expect(Date.parse(resent.body.value.nextAllowedAt) - Date.now()).toBeGreaterThan(50_000);
      const second = tokenIn((await newestMail(server, accessToken, 'verification')).text);
      expect(second).not.toBe(first);
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/verify-email', payload: { token: first } },
        400,
        'token',
      );

      // Five an hour: with the cool-down passed each time, the sixth within the hour is refused until the first ages out.
      for (let sent = 2; sent < LINK_MAILS_PER_HOUR; sent++) {
        await age(`user:${user.id}`, 61_000 * (LINK_MAILS_PER_HOUR - sent));
        expect((await call('POST', '/api/account/resend-verification', accessToken)).status).toBe(200);
      }
      await server.db
        .updateTable('throttle_hits')
        .set({ at: new Date(Date.now() - 120_000).toISOString() })
        .where('key', '=', `user:${user.id}`)
        .execute();
      const capped = await expectRefused(
        server,
        { method: 'POST', url: '/api/account/resend-verification', token: accessToken },
        429,
      );
      expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);

      const latest = tokenIn((await newestMail(server, accessToken, 'verification')).text);
      expect((await call('POST', '/api/account/verify-email', undefined, { token: latest })).status).toBe(200);
      await expectRefused(server, { method: 'POST', url: '/api/account/resend-verification', token: accessToken }, 409);
    });

    it('completes a verified registration with a phone of its country, once, and only then tells the administrators', async () => {
      const { accessToken, user } = await register(server, email('complete'));
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/complete-registration', token: accessToken, payload: PROFILE },
        409,
        undefined,
        /Verify/,
      );
      await verify(server, accessToken);
      for (const [phoneCountry, phone] of [
        ['US', '555 010 999'],
        ['GE', '5551234567'],
        ['UA', '12345678'],
        ['PH', '12345'],
        ['IN', 'call me'],
      ]) {
        await expectRefused(
          server,
          {
            method: 'POST',
            url: '/api/account/complete-registration',
            token: accessToken,
            payload: { ...PROFILE, phoneCountry, phone },
          },
          400,
          'phone',
        );
      }
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/complete-registration',
          token: accessToken,
          payload: { ...PROFILE, phoneCountry: 'FR' },
        },
        400,
        'phoneCountry',
      );
      expect(await adminNotified(user.id)).toBe(false);
      const done = await complete(server, accessToken, {
        firstName: 'Ana',
        lastName: 'Lee',
        phoneCountry: 'US',
        phone: '+1 (555) 010-1234',
        userType: 'dispatch',
      });
      expect(done).toMatchObject({
        firstName: 'Ana',
        lastName: 'Lee',
        phone: '5550101234',
        phoneCountry: 'US',
        userType: 'dispatch',
        isEmailVerified: true,
        registrationCompleted: true,
        isActive: false,
      });
      expect(await me(accessToken)).toMatchObject({
        phone: '5550101234',
        phoneCountry: 'US',
        registrationCompleted: true,
      });
      expect(await adminNotified(user.id)).toBe(true);
      // And by mail, with the link to the registration on the Users screen.
      const told = await newestMail(server, admin, 'registrationAwaiting');
      expect(told.subject).toBe('New registration awaiting activation: Ana Lee');
      expect(told.text).toContain(`/app/management/user-management/${user.id}/edit`);
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/complete-registration', token: accessToken, payload: PROFILE },
        409,
        undefined,
        /already complete/,
      );
      // Each country's own number of digits (docs/product/accounts.md#phones).
      for (const [phoneCountry, phone, digits] of [
        ['GE', '555 12 34 56', '555123456'],
        ['UA', '123-4567', '1234567'],
        ['IN', '+91 98765 43210', '9876543210'],
        ['PH', '1234 5678 9012', '123456789012'],
      ]) {
        const other = await register(server, email('country'));
        await verify(server, other.accessToken);
        expect(
          await complete(server, other.accessToken, { ...PROFILE, phoneCountry, phone }),
          phoneCountry,
        ).toMatchObject({ phoneCountry, phone: digits });
      }
    });

    it('an administrator activates the completed account, which then signs in to the app', async () => {
      const address = email('activated');
      const { user } = await registerCompleted(server, address);
      expect((await call('POST', `/api/User/${user.id}/activate`, admin)).status).toBe(200);
      const token = await server.login(address, PASSWORD);
      expect(await me(token)).toMatchObject({
        isActive: true,
        isEmailVerified: true,
        registrationCompleted: true,
        roles: ['Driver'],
      });
      expect((await call('GET', '/api/Driver/GetAllNames', token)).status).toBe(200);
    });
  });

  describe('what each account state reaches (the server refuses protected data to accounts that are not active)', () => {
    const states = [0, 1].flatMap((verified) =>
      [0, 1].flatMap((completed) => [0, 1].map((active) => ({ verified, completed, active }))),
    );
    it.each(states.map((s) => [`verified ${s.verified}, completed ${s.completed}, active ${s.active}`, s] as const))(
      '%s',
      async (_name, state) => {
        const { accessToken: token, user } = await register(server, email('state'));
        const driverRole = (
          await server.db.selectFrom('roles').select('id').where('name', '=', 'Driver').executeTakeFirstOrThrow()
        ).id;
        await server.db.insertInto('user_roles').values({ user_id: user.id, role_id: driverRole }).execute();
        await server.db
          .updateTable('users')
          .set({
            is_email_verified: state.verified,
            registration_completed: state.completed,
            is_active: state.active,
            activated_at: state.active ? new Date().toISOString() : null,
          })
          .where('id', '=', user.id)
          .execute();
        const usable = state.verified === 1 && state.completed === 1 && state.active === 1;

        const whoAmI = await call('GET', '/api/token/me', token);
        expect(whoAmI.status).toBe(200);
        expect(whoAmI.body.data).toMatchObject({
          isEmailVerified: !!state.verified,
          registrationCompleted: !!state.completed,
          isActive: !!state.active,
        });
        const features = await call('GET', '/api/Auth/features/get', token);
        expect(features.status).toBe(200);
        expect(features.body.value.length > 0).toBe(usable);
        expect((await call('GET', '/api/Driver/GetAllNames', token)).status).toBe(usable ? 200 : 403);
        expect((await call('GET', '/api/mail/labels', token)).status).toBe(200);
        expect((await call('GET', '/api/mail/mails', token)).status).toBe(200);
        expect((await call('PUT', '/api/account/profile', token, PROFILE)).status).toBe(usable ? 200 : 403);
        expect(
          (
            await call('POST', '/api/account/change-password', token, {
              currentPassword: PASSWORD,
              newPassword: 'another-long-1',
            })
          ).status,
        ).toBe(usable ? 200 : 403);
        // The account-flow calls answer by the state itself, never 403.
        const resend = await call('POST', '/api/account/resend-verification', token);
        expect(resend.status).toBe(state.verified ? 409 : 429);
        const completion = await call('POST', '/api/account/complete-registration', token, PROFILE);
        expect(completion.status).toBe(state.verified && !state.completed ? 200 : 409);
      },
    );
  });

  describe('forgot password', () => {
    const forgot = (address: string, remoteAddress = freshAddress()) =>
      call('POST', '/api/account/forgot-password', undefined, { email: address }, remoteAddress);
    const reset = (payload: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: '/api/account/reset-password',
      payload,
    });

    it('answers the same, status, body and time, whether or not the address has an account', async () => {
      const { user } = await registerCompleted(server, email('timing'));
      const clear = () => server.db.deleteFrom('throttle_hits').where('kind', 'like', 'mail:reset%').execute();
      const known: number[] = [];
      const unknown: number[] = [];
      const headerNames = new Set<string>();
      for (let i = 0; i < 7; i++) {
        for (const [address, times] of [
          [user.email, known],
          [`nobody.${i}.${kind}@example.com`, unknown],
        ] as const) {
          await clear();
          const started = performance.now();
          const response = await forgot(address);
          times.push(performance.now() - started);
          expect(response.status).toBe(200);
          expect(response.body).toEqual({ value: { sent: true } });
          headerNames.add(Object.keys(response.headers).sort().join());
        }
      }
      expect(headerNames.size, [...headerNames].join(' / ')).toBe(1);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      expect(
        Math.abs(median(known) - median(unknown)),
        `medians ${median(known)} and ${median(unknown)} ms`,
      ).toBeLessThan(60);
      // The known address got its messages; nothing at all was written for the unknown ones but their counts.
      expect(
        await server.db.selectFrom('account_tokens').select('id').where('email', 'like', 'nobody.%').execute(),
      ).toEqual([]);
    });

    it('throttles per address asked for (known or not) and per client address, with 429 and nothing written', async () => {
      const { user } = await registerCompleted(server, email('throttled'));
      for (const address of [user.email, `ghost.${kind}@example.com`]) {
        expect((await forgot(address)).status).toBe(200);
        const again = await expectRefused(
          server,
          {
            method: 'POST',
            url: '/api/account/forgot-password',
            payload: { email: address },
            remoteAddress: freshAddress(),
          },
          429,
        );
        expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
      }
      const client = '198.51.100.77';
      for (let i = 0; i < 20; i++) expect((await forgot(`spray.${i}.${kind}@example.com`, client)).status).toBe(200);
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/forgot-password',
          payload: { email: `spray.x.${kind}@example.com` },
          remoteAddress: client,
        },
        429,
      );
    });

    it('resets with the link once: tampered, expired, reused, older and foreign links are refused and write nothing; every session ends', async () => {
      const a = await registerCompleted(server, email('reset.a'));
      const b = await registerCompleted(server, email('reset.b'));
      expect((await forgot(a.user.email)).status).toBe(200);
      const older = await newestMail(server, a.accessToken, 'passwordReset');
      expect(older.text).toContain(`${server.config.publicUrl}/forgotpassword/${encodeURIComponent(a.user.email)}/`);
      await age(a.user.email, 61_000);
      expect((await forgot(a.user.email)).status).toBe(200);
      const tokenA = tokenIn((await newestMail(server, a.accessToken, 'passwordReset')).text);
      expect(tokenA).not.toBe(tokenIn(older.text));
      expect((await forgot(b.user.email)).status).toBe(200);
      const tokenB = tokenIn((await newestMail(server, b.accessToken, 'passwordReset')).text);

      const refusals = [
        { email: a.user.email, token: tokenIn(older.text), password: 'new-password-a' },
        {
          email: a.user.email,
          token: tokenA.slice(0, -1) + (tokenA.endsWith('A') ? 'B' : 'A'),
          password: 'new-password-a',
        },
        // Another account's token with this e-mail, and this token with another account's e-mail.
        { email: a.user.email, token: tokenB, password: 'new-password-a' },
        { email: b.user.email, token: tokenA, password: 'new-password-b' },
      ];
      for (const payload of refusals)
        await expectRefused(server, reset(payload), 400, 'token', /expired or was already used/);

      const other = await server.login(a.user.email, PASSWORD);
      const done = await server.call(reset({ email: a.user.email, token: tokenA, password: 'new-password-a' }));
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body).toEqual({ value: { reset: true } });
      for (const token of [a.accessToken, other]) expect((await call('GET', '/api/token/me', token)).status).toBe(401);
      await server.login(a.user.email, 'new-password-a');
      await expectRefused(
        server,
        reset({ email: a.user.email, token: tokenA, password: 'again-password-a' }),
        400,
        'token',
      );
      // B's link was never touched by the attempts with it.
      expect(
        (await server.call(reset({ email: b.user.email, token: tokenB, password: 'new-password-b' }))).status,
      ).toBe(200);

      const c = await registerCompleted(server, email('reset.c'));
      expect((await forgot(c.user.email)).status).toBe(200);
      const late = tokenIn((await newestMail(server, c.accessToken, 'passwordReset')).text);
      await expire(c.user.id, 'reset');
      await expectRefused(
        server,
        reset({ email: c.user.email, token: late, password: 'new-password-c' }),
        400,
        'token',
      );
    });
  });

  describe('the signed-in user’s password, e-mail and profile', () => {
    const active = async (name: string) => {
      const address = email(name);
      const { user } = await registerCompleted(server, address);
      expect((await call('POST', `/api/User/${user.id}/activate`, admin)).status).toBe(200);
      return { user, token: await server.login(address, PASSWORD) };
    };

    it('changes the password with the current one and signs the other sessions out, not the caller’s', async () => {
      const { user, token } = await active('password');
      const elsewhere = await server.login(user.email, PASSWORD);
      const failuresBefore = (await server.db.selectFrom('login_failures').select('id').execute()).length;
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/change-password',
          token,
          payload: { currentPassword: 'wrong-password', newPassword: 'brand-new-pass' },
        },
        400,
        'currentPassword',
      );
      // A wrong password is counted (its own key, never the account's sign-in), and the account's sign-in is untouched.
      expect((await server.db.selectFrom('login_failures').select('id').execute()).length).toBe(failuresBefore + 1);
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/change-password',
          token,
          payload: { currentPassword: PASSWORD, newPassword: 'short' },
        },
        400,
        'newPassword',
      );
      const changed = await call('POST', '/api/account/change-password', token, {
        currentPassword: PASSWORD,
        newPassword: 'brand-new-pass',
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body).toEqual({ value: { changed: true } });
      expect((await call('GET', '/api/token/me', token)).status).toBe(200);
      expect((await call('GET', '/api/token/me', elsewhere)).status).toBe(401);
      await server.login(user.email, 'brand-new-pass');
      expect((await newestMail(server, token, 'passwordChanged')).to).toBe(user.email);
    });

    it('locks the password check for an address after 10 wrong ones, with 429', async () => {
      const { token } = await active('recheck');
      for (let i = 0; i < 10; i++)
        expect(
          (
            await call('POST', '/api/account/change-password', token, {
              currentPassword: `wrong-${i}`,
              newPassword: 'brand-new-pass',
            })
          ).status,
        ).toBe(400);
      const locked = await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/change-password',
          token,
          payload: { currentPassword: PASSWORD, newPassword: 'brand-new-pass' },
        },
        429,
      );
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      // From another address the owner still gets on.
      expect(
        (
          await call(
            'POST',
            '/api/account/change-password',
            token,
            { currentPassword: PASSWORD, newPassword: 'brand-new-pass' },
            '192.0.2.55',
          )
        ).status,
      ).toBe(200);
    });

    it('changes the e-mail through a confirmation sent to the new address; the old one is told; sessions stay', async () => {
      const { user, token } = await active('change');
      const newEmail = email('changed');
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/change-email',
          token,
          payload: { newEmail: 'manager@haulboard.demo', password: PASSWORD },
        },
        409,
        'newEmail',
      );
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/change-email', token, payload: { newEmail, password: 'wrong-password' } },
        400,
        'password',
      );
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/change-email',
          token,
          payload: { newEmail: user.email, password: PASSWORD },
        },
        400,
        'newEmail',
      );
      const asked = await call('POST', '/api/account/change-email', token, { newEmail, password: PASSWORD });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      expect(asked.body).toEqual({ value: { sentTo: newEmail } });
      // No mail server: the confirmation for an address nobody has yet waits in the mailbox of the account it is about.
      const confirmation = await newestMail(server, token, 'emailChange');
      expect(confirmation.to).toBe(newEmail);
      expect(confirmation.text).toContain(`${server.config.publicUrl}/app/update-email/`);
      expect((await newestMail(server, token, 'emailChangeRequested')).to).toBe(user.email);
      expect((await me(token)).email).toBe(user.email);
      await expectRefused(
        server,
        {
          method: 'POST',
          url: '/api/account/change-email',
          token,
          payload: { newEmail: email('too.soon'), password: PASSWORD },
        },
        429,
      );

      const confirmed = await call('POST', '/api/account/confirm-email-change', undefined, {
        token: tokenIn(confirmation.text),
      });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      expect(confirmed.body).toEqual({ value: { email: newEmail } });
      expect(await me(token)).toMatchObject({ email: newEmail, isEmailVerified: true });
      expect((await newestMail(server, token, 'emailChanged')).to).toBe(user.email);
      await server.login(newEmail, PASSWORD);
      expect((await call('POST', '/api/Auth/login', undefined, { email: user.email, password: PASSWORD })).status).toBe(
        401,
      );
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/confirm-email-change', payload: { token: tokenIn(confirmation.text) } },
        400,
        'token',
      );
    });

    it('refuses a confirmation once someone else took the address, an expired one, and one that a newer request voided', async () => {
      const { user, token } = await active('race');
      const wanted = email('wanted');
      expect(
        (await call('POST', '/api/account/change-email', token, { newEmail: wanted, password: PASSWORD })).status,
      ).toBe(200);
      const first = tokenIn((await newestMail(server, token, 'emailChange')).text);
      await register(server, wanted);
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/confirm-email-change', payload: { token: first } },
        409,
        'token',
      );

      await age(`user:${user.id}`, 61_000);
      expect(
        (await call('POST', '/api/account/change-email', token, { newEmail: email('second'), password: PASSWORD }))
          .status,
      ).toBe(200);
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/confirm-email-change', payload: { token: first } },
        400,
        'token',
      );
      const second = tokenIn((await newestMail(server, token, 'emailChange')).text);
      await expire(user.id, 'email');
      await expectRefused(
        server,
        { method: 'POST', url: '/api/account/confirm-email-change', payload: { token: second } },
        400,
        'token',
      );
      expect((await me(token)).email).toBe(user.email);
    });

    it('updates the profile, with the phone checked for its country', async () => {
      const { token } = await active('profile');
      await expectRefused(
        server,
        {
          method: 'PUT',
          url: '/api/account/profile',
          token,
          payload: { ...PROFILE, phoneCountry: 'GE', phone: '555 010 9999' },
        },
        400,
        'phone',
      );
      const updated = await call('PUT', '/api/account/profile', token, {
        firstName: ' Mia ',
        lastName: 'Chen',
        phoneCountry: 'GE',
        phone: '555-12-34-56',
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.value).toMatchObject({
        firstName: 'Mia',
        lastName: 'Chen',
        name: 'Mia Chen',
        phone: '555123456',
        phoneCountry: 'GE',
      });
      expect(await me(token)).toMatchObject({ firstName: 'Mia', phoneCountry: 'GE' });
    });

    it('takes a PNG or JPEG picture, checked by its bytes and kept at most 256×256; refuses what is not that image and what is too large', async () => {
      const { user, token } = await active('avatar');
      const upload = (body: Buffer, type: string) =>
        server.call({
          method: 'PUT',
          url: '/api/account/avatar',
          token,
          headers: { 'content-type': type },
          payload: body,
        });
      const png = await sharp({
        create: { width: 600, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } },
      })
        .png()
        .toBuffer();
      const uploaded = await upload(png, 'image/png');
      expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
      const url = uploaded.body.value.avatar as string;
      expect(url).toMatch(new RegExp(`^/api/account/avatar/${user.id}\\?v=[\\w-]+$`));
      expect((await me(token)).avatar).toBe(url);
      const served = await server.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 256, height: 171 });

      const jpeg = await sharp({ create: { width: 300, height: 900, channels: 3, background: '#3060c0' } })
        .jpeg()
        .toBuffer();
      const second = await upload(jpeg, 'image/jpeg; charset=binary');
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const served2 = await server.app.inject({ method: 'GET', url: second.body.value.avatar });
      expect(await sharp(served2.rawPayload).metadata()).toMatchObject({ width: 85, height: 256 });
      // The older URL stops working with the new picture; a guessed key never did.
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect(
        (await server.app.inject({ method: 'GET', url: `/api/account/avatar/${user.id}?v=guess` })).statusCode,
      ).toBe(404);

      const refuse = async (body: Buffer, type: string, status: number) => {
        const before = await fingerprint(server.db);
        const response = await upload(body, type);
        expect(response.status, JSON.stringify(response.body)).toBe(status);
        expect(response.body.messages.length).toBeGreaterThan(0);
        expect(await fingerprint(server.db)).toBe(before);
        return response.body.message as string;
      };
      await refuse(Buffer.from('just some text, not a picture at all'), 'image/png', 400);
      await refuse(jpeg, 'image/png', 400);
      await refuse(Buffer.concat([png.subarray(0, 64), Buffer.alloc(200)]), 'image/png', 400);
      expect(await refuse(Buffer.alloc(3 * 1024 * 1024, 1), 'image/png', 413)).toBe('The picture is larger than 2 MB');
      await refuse(png, 'application/octet-stream', 415);
      await refuse(png, 'image/gif', 415);

      const removed = await call('DELETE', '/api/account/avatar', token);
      expect(removed.status).toBe(200);
      expect(removed.body.value.avatar).toBeNull();
      expect((await server.app.inject({ method: 'GET', url: second.body.value.avatar })).statusCode).toBe(404);
    });
  });
});
