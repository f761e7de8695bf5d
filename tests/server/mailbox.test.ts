import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_MAIL_LABELS } from '../../schema/mail';
import { register } from '../helpers/account';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * The in-app mailbox (docs/product/accounts.md#mailbox): each user reads only their own messages (another's id is not
 * found), under the system labels and their own, newest first, a page at a time, with a search; reading marks read;
 * labels are the owner's.
 */
describe.each(DATABASES)('the mailbox on %s', (kind) => {
  let server: TestServer;
  let ann: { token: string; id: number; email: string };
  let bob: { token: string; id: number; email: string };
  /** Ann's messages, oldest first: her verification message and the ones added below. */
  let annIds: number[];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    server.call({ method, url, token, payload: payload as never });
  const list = async (token: string, query = '') => {
    const response = await call('GET', `/api/mail/mails${query}`, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.value as { items: any[]; totalCount: number; page: number; size: number };
  };
  const labels = async (token: string) => (await call('GET', '/api/mail/labels', token)).body.value;
  const counts = async (token: string) =>
    Object.fromEntries((await labels(token)).system.map((l: { id: string; count: number }) => [l.id, l.count]));

  beforeAll(async () => {
    server = await startTestServer(kind);
    const a = await register(server, `ann.${kind}@example.com`);
    const b = await register(server, `bob.${kind}@example.com`);
    ann = { token: a.accessToken, id: a.user.id, email: a.user.email };
    bob = { token: b.accessToken, id: b.user.id, email: b.user.email };
    // More of Ann's mail than a page holds, with words to search for (as the mailer stores them).
    const now = Date.now();
    const subjects = [
      'Load 100% confirmed',
      'Weekly summary',
      'Pickup in Dallas',
      'Delivery in Phoenix',
      'Weekly summary again',
    ];
    for (const [i, subject] of subjects.entries()) {
      await server.db
        .insertInto('mail_messages')
        .values({
          user_id: ann.id,
          kind: 'passwordChanged',
          from_address: 'Haulboard <no-reply@localhost>',
          to_address: ann.email,
          subject,
          text_body: `Hello Ann,\n\nMessage ${i} about ${subject.toLowerCase()}.\n`,
          html_body: `<p>${subject}</p>`,
          created_at: new Date(now + i).toISOString(),
          read_at: null,
          trashed_at: null,
        })
        .execute();
    }
    annIds = (await list(ann.token, '?size=100')).items.map((m) => m.id).reverse();
  });
  afterAll(() => server.close());

  it('lists the caller’s own messages, newest first, a page at a time', async () => {
    const all = await list(ann.token);
    expect(all.totalCount).toBe(6);
    expect(all.items[all.items.length - 1]).toMatchObject({
      kind: 'verification',
      to: ann.email,
      subject: 'Verify your e-mail address for Haulboard',
      readAt: null,
      starred: false,
      trashed: false,
      labelIds: [],
    });
    expect(all.items[0].preview).toBe('Hello Ann, Message 4 about weekly summary again.');
    expect(all.items[0]).not.toHaveProperty('html');
    const pages = [
      await list(ann.token, '?size=4&page=0'),
      await list(ann.token, '?Size=4&Page=1'),
      await list(ann.token, '?size=4&page=2'),
    ];
    expect(pages.map((p) => p.items.length)).toEqual([4, 2, 0]);
    expect(pages.flatMap((p) => p.items.map((m) => m.id))).toEqual([...annIds].reverse());
    expect(pages[1]).toMatchObject({ totalCount: 6, page: 1, size: 4 });
    expect((await list(bob.token)).items.map((m) => m.to)).toEqual([bob.email]);
  });

  it('searches subject, addresses and text, whatever the case, wildcards taken literally', async () => {
    const subjects = async (search: string) =>
      (await list(ann.token, `?search=${encodeURIComponent(search)}`)).items.map((m) => m.subject);
    expect(await subjects('WEEKLY')).toEqual(['Weekly summary again', 'Weekly summary']);
    expect(await subjects('phoenix')).toEqual(['Delivery in Phoenix']);
    expect(await subjects('message 2 about')).toEqual(['Pickup in Dallas']);
    expect(await subjects('100%')).toEqual(['Load 100% confirmed']);
    expect(await subjects('%')).toEqual(['Load 100% confirmed']);
    expect(await subjects('verify your')).toEqual(['Verify your e-mail address for Haulboard']);
    expect((await subjects(ann.email.toUpperCase())).length).toBe(6);
    expect(await subjects('no such words')).toEqual([]);
  });

  it('opens a message with its text and HTML and marks it read; never another’s message', async () => {
    const id = annIds[1];
    expect((await counts(ann.token)).unread).toBe(6);
    const opened = await call('GET', `/api/mail/mails/${id}`, ann.token);
    expect(opened.status).toBe(200);
    expect(opened.body.value).toMatchObject({
      id,
      subject: 'Load 100% confirmed',
      text: expect.stringContaining('Message 0'),
      html: '<p>Load 100% confirmed</p>',
      readAt: expect.any(String),
    });
    expect((await call('GET', `/api/mail/mails/${id}`, ann.token)).body.value.readAt).toBe(opened.body.value.readAt);
    expect((await counts(ann.token)).unread).toBe(5);

    await expectRefused(server, { method: 'GET', url: `/api/mail/mails/${annIds[2]}`, token: bob.token }, 404);
    await expectRefused(
      server,
      { method: 'PUT', url: `/api/mail/mails/${annIds[2]}`, token: bob.token, payload: { starred: true } },
      404,
    );
    expect((await call('GET', `/api/mail/mails/${annIds[2]}`, ann.token)).body.value.starred).toBe(false);
    expect((await server.call({ method: 'GET', url: '/api/mail/mails' })).status).toBe(401);
  });

  it('marks unread, stars, trashes and restores, and the system labels follow', async () => {
    const [, , dallas, phoenix] = [annIds[0], annIds[1], annIds[3], annIds[4]];
    const change = async (id: number, body: unknown) => {
      const response = await call('PUT', `/api/mail/mails/${id}`, ann.token, body);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.value;
    };
    expect(await change(dallas, { read: true, starred: true })).toMatchObject({
      id: dallas,
      starred: true,
      readAt: expect.any(String),
      text: expect.any(String),
    });
    expect((await change(dallas, { read: false })).readAt).toBeNull();
    expect(await change(phoenix, { trashed: true })).toMatchObject({ trashed: true });
    // Unread: the six, but the two opened above and the one in the trash.
    expect(await counts(ann.token)).toEqual({ all: 5, unread: 3, starred: 1, trash: 1 });
    expect((await list(ann.token, '?label=starred')).items.map((m) => m.id)).toEqual([dallas]);
    expect((await list(ann.token, '?label=trash')).items.map((m) => m.id)).toEqual([phoenix]);
    expect((await list(ann.token, '?label=unread')).items.map((m) => m.id)).not.toContain(phoenix);
    expect((await list(ann.token)).items.map((m) => m.id)).not.toContain(phoenix);
    await change(phoenix, { trashed: false });
    expect((await counts(ann.token)).trash).toBe(0);
    await expectRefused(
      server,
      { method: 'PUT', url: `/api/mail/mails/${dallas}`, token: ann.token, payload: {} },
      400,
    );
    await expectRefused(
      server,
      { method: 'PUT', url: `/api/mail/mails/${dallas}`, token: ann.token, payload: { starred: 'yes' } },
      400,
      'starred',
    );
    await expectRefused(server, { method: 'GET', url: '/api/mail/mails?label=spam', token: ann.token }, 400, 'label');
  });

  it('keeps the owner’s labels: add, rename, label messages, count, delete; another’s labels are not found', async () => {
    const created = await call('POST', '/api/mail/labels', ann.token, { name: 'Loads', color: '#1976d2' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const loads = created.body.value;
    expect(loads).toEqual({ id: expect.any(Number), name: 'Loads', color: '#1976d2', count: 0 });
    const other = (await call('POST', '/api/mail/labels', ann.token, { name: 'Other', color: '#00aa00' })).body.value;
    await expectRefused(
      server,
      { method: 'POST', url: '/api/mail/labels', token: ann.token, payload: { name: 'LOADS', color: '#000000' } },
      409,
      'name',
    );
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/mail/labels/${other.id}`,
        token: ann.token,
        payload: { name: 'loads', color: '#000000' },
      },
      409,
      'name',
    );
    await expectRefused(
      server,
      { method: 'POST', url: '/api/mail/labels', token: ann.token, payload: { name: 'Red', color: 'red' } },
      400,
      'color',
    );
    const bobs = (await call('POST', '/api/mail/labels', bob.token, { name: 'Loads', color: '#ff0000' })).body.value;

    const [dallas, phoenix] = [annIds[3], annIds[4]];
    expect(
      (await call('PUT', `/api/mail/mails/${dallas}`, ann.token, { labelIds: [loads.id, other.id] })).body.value
        .labelIds,
    ).toEqual([loads.id, other.id].sort((a, b) => a - b));
    expect((await call('PUT', `/api/mail/mails/${phoenix}`, ann.token, { labelIds: [loads.id] })).status).toBe(200);
    await expectRefused(
      server,
      { method: 'PUT', url: `/api/mail/mails/${phoenix}`, token: ann.token, payload: { labelIds: [bobs.id] } },
      400,
      'labelIds',
    );
    expect((await list(ann.token, `?label=${loads.id}`)).items.map((m) => m.id)).toEqual([phoenix, dallas]);
    await expectRefused(server, { method: 'GET', url: `/api/mail/mails?label=${bobs.id}`, token: ann.token }, 404);
    // A trashed message leaves its labels' lists and counts, and comes back with them.
    await call('PUT', `/api/mail/mails/${phoenix}`, ann.token, { trashed: true });
    expect((await labels(ann.token)).custom).toEqual([
      { ...loads, count: 1 },
      { ...other, count: 1 },
    ]);
    await call('PUT', `/api/mail/mails/${phoenix}`, ann.token, { trashed: false });

    const renamed = await call('PUT', `/api/mail/labels/${loads.id}`, ann.token, { name: 'Freight', color: '#222222' });
    expect(renamed.body.value).toEqual({ id: loads.id, name: 'Freight', color: '#222222', count: 2 });
    expect((await labels(ann.token)).custom.map((l: { name: string }) => l.name)).toEqual(['Freight', 'Other']);
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/mail/labels/${loads.id}`,
        token: bob.token,
        payload: { name: 'Mine', color: '#222222' },
      },
      404,
    );
    await expectRefused(server, { method: 'DELETE', url: `/api/mail/labels/${loads.id}`, token: bob.token }, 404);

    expect((await call('DELETE', `/api/mail/labels/${loads.id}`, ann.token)).status).toBe(200);
    expect((await call('GET', `/api/mail/mails/${dallas}`, ann.token)).body.value.labelIds).toEqual([other.id]);
    expect((await labels(bob.token)).custom).toEqual([{ ...bobs, count: 0 }]);
  });

  it('keeps at most MAX_MAIL_LABELS labels', async () => {
    const have = (await labels(bob.token)).custom.length;
    for (let i = have; i < MAX_MAIL_LABELS; i++)
      expect((await call('POST', '/api/mail/labels', bob.token, { name: `Label ${i}`, color: '#123456' })).status).toBe(
        200,
      );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/mail/labels',
        token: bob.token,
        payload: { name: 'One too many', color: '#123456' },
      },
      409,
    );
  });
});
