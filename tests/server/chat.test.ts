import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../../schema/documents';
import { demoEmail } from '../../server/db/seed';
import { type HubClient, connect, listen, until } from '../helpers/hub';
import { expectRefused } from '../helpers/records';
import { DATABASES, type TestServer, startTestServer } from '../helpers/server';

/**
 * Staff chat (docs/product/administration.md#chat): membership is enforced on every read and write (a thread one is not
 * in is not found, whatever id is sent), history pages and search are exact, bad input is refused with nothing stored,
 * files are checked by their bytes and size, who may start a thread with whom follows the Chat feature, and the hub
 * tells the members.
 */
describe.each(DATABASES)('staff chat on %s', (kind) => {
  let server: TestServer;
  let base: string;
  const people: Record<string, { token: string; id: number; name: string }> = {};
  const hubs: HubClient[] = [];

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (who: string, method: Method, url: string, payload?: unknown) =>
    server.call({ method, url, token: people[who].token, payload: payload as never });
  const value = async (who: string, method: Method, url: string, payload?: unknown) => {
    const response = await call(who, method, url, payload);
    expect(response.status, `${who} ${method} ${url} → ${JSON.stringify(response.body)}`).toBe(200);
    return response.body.value;
  };
  const send = (who: string, threadId: number, body: string, attachmentIds: number[] = []) =>
    value(who, 'POST', `/api/Chat/threads/${threadId}/messages`, { body, attachmentIds });
  const upload = (who: string, threadId: number, bytes: Buffer, fileName: string) =>
    server.call({
      method: 'POST',
      url: `/api/Chat/threads/${threadId}/attachments?fileName=${encodeURIComponent(fileName)}`,
      token: people[who].token,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
  const png = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();

  /** A group of the dispatcher, finance and claims; the manager is in none of the threads made here. */
  let group: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    base = await listen(server);
    for (const role of ['Dispatcher', 'Finance', 'ClaimTrackerTeam', 'Manager', 'Driver', 'Administrator'] as const) {
      const token = await server.login(demoEmail(role));
      const me = (await server.call({ method: 'GET', url: '/api/token/me', token })).body.data;
      people[role] = { token, id: me.id, name: `${me.firstName} ${me.lastName}` };
    }
    group = (
      await value('Dispatcher', 'POST', '/api/Chat/threads', {
        userIds: [people.Finance.id, people.ClaimTrackerTeam.id],
        name: 'Night shift',
      })
    ).id;
  });
  afterAll(async () => {
    await Promise.all(hubs.map((hub) => hub.stop()));
    await server.close();
  });

  it('makes one direct thread per pair, and groups with a name', async () => {
    const first = await value('Dispatcher', 'POST', '/api/Chat/threads', { userIds: [people.Finance.id] });
    const again = await value('Finance', 'POST', '/api/Chat/threads', { userIds: [people.Dispatcher.id] });
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      kind: 'direct',
      title: people.Finance.name,
      name: null,
      unreadCount: 0,
      lastMessage: null,
    });
    expect(again.title).toBe(people.Dispatcher.name);
    const thread = await value('Finance', 'GET', `/api/Chat/threads/${group}`);
    expect(thread).toMatchObject({ kind: 'group', title: 'Night shift' });
    expect(thread.members.map((m: { userId: number }) => m.userId).sort()).toEqual(
      [people.Dispatcher.id, people.Finance.id, people.ClaimTrackerTeam.id].sort(),
    );
  });

  it('refuses bad input and stores nothing', async () => {
    const token = people.Dispatcher.token;
    const post = (url: string, payload: unknown) => ({
      method: 'POST' as const,
      url,
      token,
      payload: payload as never,
    });
    await expectRefused(server, post('/api/Chat/threads', { userIds: [] }), 400, 'userIds');
    await expectRefused(server, post('/api/Chat/threads', { userIds: [people.Dispatcher.id] }), 400, 'userIds');
    await expectRefused(
      server,
      post('/api/Chat/threads', { userIds: [people.Finance.id, people.Manager.id] }),
      400,
      'name',
    );
    await expectRefused(server, post('/api/Chat/threads', { userIds: [999_999] }), 400, 'userIds');
    await expectRefused(server, post('/api/Chat/threads', { userIds: ['7'] }), 400);
    await expectRefused(server, post('/api/Chat/threads', { userIds: [people.Finance.id], extra: 1 }), 400);
    await expectRefused(server, post(`/api/Chat/threads/${group}/messages`, { body: '   ' }), 400, 'body');
    await expectRefused(server, post(`/api/Chat/threads/${group}/messages`, { body: 'x'.repeat(4001) }), 400, 'body');
    await expectRefused(server, post(`/api/Chat/threads/${group}/messages`, { body: 'bell \u0007' }), 400, 'body');
    await expectRefused(server, post(`/api/Chat/threads/${group}/messages`, { body: 42 }), 400, 'body');
    await expectRefused(
      server,
      post(`/api/Chat/threads/${group}/messages`, { body: 'hi', attachmentIds: [123_456] }),
      400,
      'attachmentIds',
    );
    await expectRefused(server, post('/api/Chat/threads/abc/messages', { body: 'hi' }), 400);
    await expectRefused(server, post(`/api/Chat/threads/${group}/read`, { messageId: 999_999 }), 400, 'messageId');
    await expectRefused(server, { method: 'GET', url: '/api/Chat/search?search=', token }, 400);
    await expectRefused(server, { method: 'GET', url: `/api/Chat/threads/${group}/messages?size=0`, token }, 400);
    await expectRefused(server, { method: 'GET', url: '/api/Chat/links?ref=order:1', token }, 400);
  });

  it('enforces membership on every read and write: a thread one is not in is not found', async () => {
    const message = await send('Dispatcher', group, 'Unit 42 is ready for pickup');
    const file = (await upload('Dispatcher', group, await png(), 'yard.png')).body.value;
    const sent = await send('Dispatcher', group, 'the yard', [file.id]);
    const token = people.Manager.token;
    const attempts: [Method, string, unknown?][] = [
      ['GET', `/api/Chat/threads/${group}`],
      ['GET', `/api/Chat/threads/${group}/messages`],
      ['POST', `/api/Chat/threads/${group}/messages`, { body: 'let me in' }],
      ['PUT', `/api/Chat/threads/${group}`, { name: 'Mine now' }],
      ['PUT', `/api/Chat/messages/${message.id}`, { body: 'changed', version: 1 }],
      ['DELETE', `/api/Chat/messages/${message.id}`],
      ['POST', `/api/Chat/threads/${group}/read`, { messageId: message.id }],
      ['POST', `/api/Chat/threads/${group}/typing`],
      ['GET', `/api/Chat/attachments/${file.id}/content`],
      ['DELETE', `/api/Chat/attachments/${file.id}`],
    ];
    for (const [method, url, payload] of attempts)
      await expectRefused(server, { method, url, token, payload: payload as never }, 404);
    const refusedUpload = await upload('Manager', group, await png(), 'x.png');
    expect(refusedUpload.status).toBe(404);
    expect((await value('Manager', 'GET', '/api/Chat/threads')).items.map((t: { id: number }) => t.id)).not.toContain(
      group,
    );
    expect((await value('Manager', 'GET', '/api/Chat/search?search=pickup')).items).toEqual([]);
    expect(
      (await value('Finance', 'GET', '/api/Chat/search?search=pickup')).items.map(
        (h: { message: { id: number } }) => h.message.id,
      ),
    ).toEqual([message.id]);
    // A member downloads the file as it was kept.
    const download = await server.app.inject({
      method: 'GET',
      url: `/api/Chat/attachments/${file.id}/content`,
      headers: { authorization: `Bearer ${people.Finance.token}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect((await sharp(download.rawPayload).metadata()).width).toBe(40);
    expect(sent.attachments).toEqual([
      expect.objectContaining({ id: file.id, fileName: 'yard.png', contentType: 'image/png', width: 40, height: 30 }),
    ]);
  });

  it('checks files by their bytes and size', async () => {
    const token = people.Dispatcher.token;
    const raw = (bytes: Buffer, fileName = 'f') => ({
      method: 'POST' as const,
      url: `/api/Chat/threads/${group}/attachments?fileName=${fileName}`,
      token,
      payload: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    await expectRefused(server, raw(Buffer.from('just some text, not a picture'), 'note.png'), 415);
    await expectRefused(
      server,
      raw(
        Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]),
        'broken.png',
      ),
      415,
    );
    await expectRefused(
      server,
      raw(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_DOCUMENT_BYTES, 32)]), 'big.pdf'),
      413,
    );
    await expectRefused(server, raw(Buffer.alloc(0)), 400);
    const pdf = (await upload('Dispatcher', group, Buffer.from('%PDF-1.4\n%%EOF\n'), 'bill of lading')).body.value;
    expect(pdf).toMatchObject({ fileName: 'bill of lading.pdf', contentType: 'application/pdf', width: null });
    // Not sent yet: only its uploader sees it, and nobody else may send it.
    expect((await call('Finance', 'GET', `/api/Chat/attachments/${pdf.id}/content`)).status).toBe(404);
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/Chat/threads/${group}/messages`,
        token: people.Finance.token,
        payload: { body: 'mine', attachmentIds: [pdf.id] },
      },
      400,
      'attachmentIds',
    );
    expect((await call('Dispatcher', 'DELETE', `/api/Chat/attachments/${pdf.id}`)).status).toBe(200);
    expect((await call('Dispatcher', 'GET', `/api/Chat/attachments/${pdf.id}/content`)).status).toBe(404);
  });

  it('pages the history exactly, oldest first within a page, loading older ones before an id', async () => {
    const thread = (
      await value('ClaimTrackerTeam', 'POST', '/api/Chat/threads', { userIds: [people.Finance.id], name: 'Paging' })
    ).id;
    const sent: number[] = [];
    for (let i = 0; i < 35; i++)
      sent.push((await send(i % 2 ? 'Finance' : 'ClaimTrackerTeam', thread, `message ${i}`)).id);
    const latest = await value('Finance', 'GET', `/api/Chat/threads/${thread}/messages`);
    expect(latest.items.map((m: { id: number }) => m.id)).toEqual(sent.slice(5));
    expect(latest.hasMore).toBe(true);
    const older = await value('Finance', 'GET', `/api/Chat/threads/${thread}/messages?before=${latest.items[0].id}`);
    expect(older.items.map((m: { body: string }) => m.body)).toEqual([
      'message 0',
      'message 1',
      'message 2',
      'message 3',
      'message 4',
    ]);
    expect(older.hasMore).toBe(false);
    const small = await value('Finance', 'GET', `/api/Chat/threads/${thread}/messages?size=10&before=${sent[12]}`);
    expect(small.items.map((m: { id: number }) => m.id)).toEqual(sent.slice(2, 12));
  });

  it('pages the thread list, most recent activity first, every thread once', async () => {
    const all = await value('Finance', 'GET', '/api/Chat/threads?size=100');
    expect(all.totalCount).toBeGreaterThanOrEqual(3);
    expect(all.items).toHaveLength(all.totalCount);
    const times = all.items.map((t: { updatedAt: string }) => t.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const paged: number[] = [];
    for (let page = 0; page * 2 < all.totalCount; page++) {
      const part = await value('Finance', 'GET', `/api/Chat/threads?size=2&page=${page}`);
      expect(part).toMatchObject({ totalCount: all.totalCount, page, size: 2 });
      paged.push(...part.items.map((t: { id: number }) => t.id));
    }
    expect(paged).toEqual(all.items.map((t: { id: number }) => t.id));
    expect((await value('Finance', 'GET', `/api/Chat/threads?size=2&page=${all.totalCount}`)).items).toEqual([]);
    await expectRefused(server, { method: 'GET', url: '/api/Chat/threads?size=101', token: people.Finance.token }, 400);
  });

  it('searches the messages one may read, any case, wildcards literal, edits and deletions followed', async () => {
    const thread = (
      await value('Finance', 'POST', '/api/Chat/threads', { userIds: [people.ClaimTrackerTeam.id], name: 'Search' })
    ).id;
    const a = await send('Finance', thread, 'Settlement for the Camry is 100% agreed');
    const b = await send('ClaimTrackerTeam', thread, 'ok, the CAMRY file is closed');
    await send('ClaimTrackerTeam', thread, 'Z4 photos');
    const hits = async (who: string, text: string) =>
      (await value(who, 'GET', `/api/Chat/search?search=${encodeURIComponent(text)}`)).items.map(
        (h: { message: { id: number } }) => h.message.id,
      );
    expect(await hits('Finance', 'camry')).toEqual([b.id, a.id]);
    expect(await hits('Finance', '100%')).toEqual([a.id]);
    expect(await hits('Finance', '%')).toEqual([a.id]);
    expect(await hits('Finance', 'z4')).toHaveLength(1);
    expect(await hits('Dispatcher', 'camry')).toEqual([]);
    const page = await value('Finance', 'GET', '/api/Chat/search?search=camry&size=1&page=1');
    expect(page).toMatchObject({ totalCount: 2, page: 1, size: 1 });
    expect(page.items[0]).toMatchObject({ message: { id: a.id }, threadTitle: 'Search' });
    await value('Finance', 'PUT', `/api/Chat/messages/${a.id}`, {
      body: 'Settlement for the Corolla',
      version: a.version,
    });
    expect(await hits('Finance', 'camry')).toEqual([b.id]);
    expect(await hits('Finance', 'corolla')).toEqual([a.id]);
    await value('ClaimTrackerTeam', 'DELETE', `/api/Chat/messages/${b.id}`);
    expect(await hits('Finance', 'camry')).toEqual([]);
  });

  it('lets people edit and delete only their own messages, shown as edited or deleted', async () => {
    const message = await send('Dispatcher', group, 'ETA 4 pm');
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/Chat/messages/${message.id}`,
        token: people.Finance.token,
        payload: { body: 'ETA never', version: 1 },
      },
      403,
    );
    await expectRefused(
      server,
      { method: 'DELETE', url: `/api/Chat/messages/${message.id}`, token: people.Finance.token },
      403,
    );
    const edited = await value('Dispatcher', 'PUT', `/api/Chat/messages/${message.id}`, {
      body: 'ETA 5 pm',
      version: 1,
    });
    expect(edited).toMatchObject({ body: 'ETA 5 pm', version: 2, editedAt: expect.any(String), deletedAt: null });
    const stale = await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/Chat/messages/${message.id}`,
        token: people.Dispatcher.token,
        payload: { body: 'ETA 6 pm', version: 1 },
      },
      409,
    );
    expect(stale.body.current).toMatchObject({ body: 'ETA 5 pm', version: 2 });
    const deleted = await value('Dispatcher', 'DELETE', `/api/Chat/messages/${message.id}`);
    expect(deleted).toMatchObject({ body: '', deletedAt: expect.any(String), attachments: [] });
    const seen = (await value('Finance', 'GET', `/api/Chat/threads/${group}/messages`)).items.find(
      (m: { id: number }) => m.id === message.id,
    );
    expect(seen).toMatchObject({ body: '', deletedAt: expect.any(String) });
    await expectRefused(
      server,
      {
        method: 'PUT',
        url: `/api/Chat/messages/${message.id}`,
        token: people.Dispatcher.token,
        payload: { body: 'back', version: 3 },
      },
      409,
    );
  });

  it('counts unread messages, moves the seen marker forward only, and tells members over the hub', async () => {
    const [finance, manager] = await Promise.all([
      connect(base, people.Finance.token),
      connect(base, people.Manager.token),
    ]);
    hubs.push(finance, manager);
    const events: Record<string, unknown[]> = {};
    for (const [who, hub] of [
      ['finance', finance],
      ['manager', manager],
    ] as const) {
      for (const method of ['ReceiveChatMessage', 'ReceiveChatSeen', 'ReceiveChatTyping'])
        hub.connection.on(method, (payload: unknown) => (events[`${who}:${method}`] ??= []).push(payload));
    }
    const before = (await value('Finance', 'GET', '/api/Chat/unread')).unreadCount;
    const one = await send('Dispatcher', group, 'first');
    const two = await send('ClaimTrackerTeam', group, 'second');
    expect((await value('Finance', 'GET', '/api/Chat/unread')).unreadCount).toBe(before + 2);
    const listed = (await value('Finance', 'GET', '/api/Chat/threads')).items.find(
      (t: { id: number }) => t.id === group,
    );
    expect(listed).toMatchObject({ lastMessage: { id: two.id, preview: 'second' } });
    await until(() => (events['finance:ReceiveChatMessage']?.length ?? 0) >= 2, 'the messages over the hub');
    expect(events['finance:ReceiveChatMessage']).toEqual(
      expect.arrayContaining([{ message: expect.objectContaining({ id: one.id, body: 'first' }) }]),
    );

    await value('Finance', 'POST', `/api/Chat/threads/${group}/read`, { messageId: two.id });
    expect((await value('Finance', 'GET', `/api/Chat/threads/${group}`)).unreadCount).toBe(0);
    await value('Finance', 'POST', `/api/Chat/threads/${group}/read`, { messageId: one.id });
    const members = (await value('Dispatcher', 'GET', `/api/Chat/threads/${group}`)).members;
    expect(members.find((m: { userId: number }) => m.userId === people.Finance.id).lastReadMessageId).toBe(two.id);
    await until(() => events['finance:ReceiveChatSeen']?.length, 'the seen marker over the hub');
    expect(events['finance:ReceiveChatSeen']).toEqual([
      { threadId: group, userId: people.Finance.id, lastReadMessageId: two.id },
    ]);

    await value('Dispatcher', 'POST', `/api/Chat/threads/${group}/typing`);
    await until(() => events['finance:ReceiveChatTyping']?.length, 'typing over the hub');
    expect(events['finance:ReceiveChatTyping']).toEqual([
      { threadId: group, userId: people.Dispatcher.id, name: people.Dispatcher.name },
    ]);
    // The manager is in none of it.
    expect(Object.keys(events).filter((key) => key.startsWith('manager:'))).toEqual([]);
  });

  it('adds people to a group, lets anyone leave and its organizer remove others (handed on when the organizer leaves), and tells the members', async () => {
    const crew = (
      await value('Dispatcher', 'POST', '/api/Chat/threads', {
        userIds: [people.Finance.id, people.ClaimTrackerTeam.id],
        name: 'Crew',
      })
    ).id;
    const early = await send('Dispatcher', crew, 'before the manager came');
    const managerHub = await connect(base, people.Manager.token);
    hubs.push(managerHub);
    const told: unknown[] = [];
    managerHub.connection.on('ReceiveChatThread', (payload: unknown) => told.push(payload));
    const memberIdsOf = async (who: string) =>
      (await value(who, 'GET', `/api/Chat/threads/${crew}`)).members.map((m: { userId: number }) => m.userId).sort();
    const refused = async (
      who: string,
      method: Method,
      url: string,
      payload: unknown,
      status: number,
      field?: string,
    ) => {
      const before = await memberIdsOf('Dispatcher');
      await expectRefused(server, { method, url, token: people[who].token, payload: payload as never }, status, field);
      expect(await memberIdsOf('Dispatcher')).toEqual(before);
    };

    // Anyone in the group adds whom they may write to; the newcomer reads the history, with nothing unread, and is told.
    const added = await value('Finance', 'POST', `/api/Chat/threads/${crew}/members`, {
      userIds: [people.Manager.id, people.Finance.id],
    });
    expect(added.members.map((m: { userId: number }) => m.userId).sort()).toEqual(
      [people.Dispatcher.id, people.Finance.id, people.ClaimTrackerTeam.id, people.Manager.id].sort(),
    );
    await until(() => told.length, 'the manager told of the group');
    expect(told).toEqual([{ threadId: crew }]);
    expect(
      (await value('Manager', 'GET', `/api/Chat/threads/${crew}/messages`)).items.map((m: { id: number }) => m.id),
    ).toContain(early.id);
    expect((await value('Manager', 'GET', `/api/Chat/threads/${crew}`)).unreadCount).toBe(0);
    // Adding someone already in it changes nothing.
    expect(
      (await value('Finance', 'POST', `/api/Chat/threads/${crew}/members`, { userIds: [people.Manager.id] })).members,
    ).toHaveLength(4);

    // Refused, changing nothing: a stranger to the group, people who cannot use chat, a direct thread, bad bodies.
    const direct = (await value('Dispatcher', 'POST', '/api/Chat/threads', { userIds: [people.Finance.id] })).id;
    await refused(
      'Administrator',
      'POST',
      `/api/Chat/threads/${crew}/members`,
      { userIds: [people.Administrator.id] },
      404,
    );
    await refused('Finance', 'POST', `/api/Chat/threads/${crew}/members`, { userIds: [2_000_000] }, 400, 'userIds');
    await refused(
      'Finance',
      'POST',
      `/api/Chat/threads/${direct}/members`,
      { userIds: [people.Manager.id] },
      400,
      'userIds',
    );
    await refused('Finance', 'POST', `/api/Chat/threads/${crew}/members`, { userIds: [] }, 400, 'userIds');
    await refused('Finance', 'POST', `/api/Chat/threads/${crew}/members`, { userIds: ['x'] }, 400);
    await refused(
      'Finance',
      'POST',
      `/api/Chat/threads/${crew}/members`,
      { userIds: [people.Manager.id], extra: 1 },
      400,
    );
    // Only the organizer (who started the group) removes others; nobody removes someone who is not in it.
    await refused(
      'Finance',
      'DELETE',
      `/api/Chat/threads/${crew}/members/${people.ClaimTrackerTeam.id}`,
      undefined,
      403,
    );
    await refused(
      'Dispatcher',
      'DELETE',
      `/api/Chat/threads/${crew}/members/${people.Administrator.id}`,
      undefined,
      404,
    );
    await refused(
      'Administrator',
      'DELETE',
      `/api/Chat/threads/${crew}/members/${people.Administrator.id}`,
      undefined,
      404,
    );
    await refused('Dispatcher', 'DELETE', `/api/Chat/threads/${direct}/members/${people.Finance.id}`, undefined, 400);
    await refused('Dispatcher', 'DELETE', `/api/Chat/threads/${crew}/members/0`, undefined, 400);

    // The organizer removes the manager: they no longer read it, and their screen is told.
    const after = await value('Dispatcher', 'DELETE', `/api/Chat/threads/${crew}/members/${people.Manager.id}`);
    expect(after.members.map((m: { userId: number }) => m.userId)).not.toContain(people.Manager.id);
    await until(() => told.length === 2, 'the manager told of the removal');
    await expectRefused(
      server,
      { method: 'GET', url: `/api/Chat/threads/${crew}/messages`, token: people.Manager.token },
      404,
    );
    await expectRefused(
      server,
      {
        method: 'POST',
        url: `/api/Chat/threads/${crew}/messages`,
        token: people.Manager.token,
        payload: { body: 'still here?' },
      },
      404,
    );
    // Finance leaves: the answer is empty, and the group goes on without them.
    expect(await value('Finance', 'DELETE', `/api/Chat/threads/${crew}/members/${people.Finance.id}`)).toBeNull();
    expect(await memberIdsOf('Dispatcher')).toEqual([people.Dispatcher.id, people.ClaimTrackerTeam.id].sort());
    expect(
      (await value('Finance', 'GET', '/api/Chat/threads?size=100')).items.map((t: { id: number }) => t.id),
    ).not.toContain(crew);

    // The organizer leaves: the member who joined first (not the latest newcomer) runs the group and removes others.
    expect((await value('Dispatcher', 'GET', `/api/Chat/threads/${crew}`)).organizerId).toBe(people.Dispatcher.id);
    await value('Dispatcher', 'POST', `/api/Chat/threads/${crew}/members`, { userIds: [people.Finance.id] });
    expect(await value('Dispatcher', 'DELETE', `/api/Chat/threads/${crew}/members/${people.Dispatcher.id}`)).toBeNull();
    expect((await value('Finance', 'GET', `/api/Chat/threads/${crew}`)).organizerId).toBe(people.ClaimTrackerTeam.id);
    await expectRefused(
      server,
      {
        method: 'DELETE',
        url: `/api/Chat/threads/${crew}/members/${people.ClaimTrackerTeam.id}`,
        token: people.Finance.token,
      },
      403,
    );
    expect(await memberIdsOf('Finance')).toEqual([people.Finance.id, people.ClaimTrackerTeam.id].sort());
    const handed = await value('ClaimTrackerTeam', 'DELETE', `/api/Chat/threads/${crew}/members/${people.Finance.id}`);
    expect(handed.members.map((m: { userId: number }) => m.userId)).toEqual([people.ClaimTrackerTeam.id]);
  });

  it('tells a member who is offline with one notification per thread until it is read', async () => {
    const thread = (await value('Dispatcher', 'POST', '/api/Chat/threads', { userIds: [people.Administrator.id] })).id;
    const notifications = async () =>
      (await call('Administrator', 'GET', '/api/Notifications')).body.data.items.filter(
        (n: { link: string }) => n.link === `/app/chat/${thread}`,
      );
    await send('Dispatcher', thread, 'Are you there?');
    await send('Dispatcher', thread, 'Call me back');
    const told = await notifications();
    expect(told).toEqual([
      expect.objectContaining({
        type: 'chatMessage',
        title: `New message from ${people.Dispatcher.name}`,
        body: 'Are you there?',
        readAt: null,
      }),
    ]);
    await call('Administrator', 'POST', `/api/Notifications/${told[0].id}/read`);
    await send('Dispatcher', thread, 'Third try');
    expect((await notifications()).map((n: { body: string }) => n.body)).toEqual(['Third try', 'Are you there?']);
  });

  it('lets a driver write to their dispatchers only, until the administrator grants Create on Chat', async () => {
    const contacts = await value('Driver', 'GET', '/api/Chat/contacts');
    expect(contacts.length).toBeGreaterThan(0);
    expect(contacts.every((c: { dispatcher: boolean }) => c.dispatcher)).toBe(true);
    const dispatcher = contacts[0];
    expect((await value('Driver', 'POST', '/api/Chat/threads', { userIds: [dispatcher.userId] })).kind).toBe('direct');
    await expectRefused(
      server,
      {
        method: 'POST',
        url: '/api/Chat/threads',
        token: people.Driver.token,
        payload: { userIds: [people.Finance.id] },
      },
      403,
      undefined,
      /Create on Chat/,
    );
    // Staff may write to the driver.
    expect((await value('Finance', 'GET', '/api/Chat/contacts')).map((c: { userId: number }) => c.userId)).toContain(
      people.Driver.id,
    );

    const matrix = await value('Administrator', 'GET', '/api/Permission/get-features-permissions-info');
    const roleId = matrix.roles.find((r: { name: string }) => r.name === 'Driver').id;
    const featureId = matrix.features.find((f: { key: string }) => f.key === 'Chat').id;
    await value('Administrator', 'PUT', '/api/Permission/matrix', {
      version: matrix.version,
      changes: [{ roleId, featureId, permissions: ['Read', 'Create'] }],
    });
    expect((await value('Driver', 'GET', '/api/Chat/contacts')).map((c: { userId: number }) => c.userId)).toContain(
      people.Finance.id,
    );
    expect((await value('Driver', 'POST', '/api/Chat/threads', { userIds: [people.Finance.id] })).title).toBe(
      people.Finance.name,
    );
  });

  it('resolves mentions of records only for readers who may open them', async () => {
    const order = await server.db
      .selectFrom('book_orders')
      .select(['id', 'order_number'])
      .where('deleted_at', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const refs = `ref=bookOrder:number:${order.order_number}&ref=bookOrder:id:${order.id}&ref=bookOrder:number:HB9999999`;
    const links = await value('Dispatcher', 'GET', `/api/Chat/links?${refs}`);
    expect(links).toEqual([
      expect.objectContaining({
        ref: `bookOrder:number:${order.order_number}`,
        id: Number(order.id),
        path: `/app/books/bookorders/${order.id}/edit`,
        label: expect.stringContaining(order.order_number),
      }),
      expect.objectContaining({ ref: `bookOrder:id:${order.id}`, id: Number(order.id) }),
    ]);
    expect(await value('Driver', 'GET', `/api/Chat/links?${refs}`)).toEqual([]);
  });

  it('needs Read on Chat and keeps connected apps out', async () => {
    const matrix = await value('Administrator', 'GET', '/api/Permission/get-features-permissions-info');
    const roleId = matrix.roles.find((r: { name: string }) => r.name === 'Banking').id;
    const featureId = matrix.features.find((f: { key: string }) => f.key === 'Chat').id;
    await value('Administrator', 'PUT', '/api/Permission/matrix', {
      version: matrix.version,
      changes: [{ roleId, featureId, permissions: [] }],
    });
    const banking = await server.login(demoEmail('Banking'));
    expect((await server.call({ method: 'GET', url: '/api/Chat/threads', token: banking })).status).toBe(403);
    // Nobody can start a thread with someone who may not use chat.
    const bankingId = (await server.call({ method: 'GET', url: '/api/token/me', token: banking })).body.data.id;
    await expectRefused(
      server,
      { method: 'POST', url: '/api/Chat/threads', token: people.Dispatcher.token, payload: { userIds: [bankingId] } },
      400,
      'userIds',
    );
  });
});
