import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Backplane, BackplaneHandlers, BackplaneMessage } from '../../server/modules/notify/backplane';
import { Hub, type Identity } from '../../server/modules/notify/hub';
import { readHandshake, readMessage, splitRecords } from '../../server/modules/notify/protocol';
import { DEFAULT_HUB_SETTINGS, hubSettingsFromEnv } from '../../server/modules/notify/settings';

/** The hub's presence logic and protocol parsing on their own, with fake sockets and fake timers. */

const RS = '\u001e';
const log = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as never;

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  readonly frames: string[] = [];
  send(data: string | Buffer) {
    this.frames.push(data.toString());
  }
  close() {
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close();
  }
  /** The ReceiveClientConnectedEvent lists received, as user id lists. */
  lists(): number[][] {
    return this.frames
      .flatMap((f) =>
        f
          .split(RS)
          .filter(Boolean)
          .map((r) => JSON.parse(r)),
      )
      .filter((m) => m.target === 'ReceiveClientConnectedEvent')
      .map((m) => m.arguments[0].map((u: { userId: number }) => u.userId));
  }
}

const identity = (userId: number): Identity => ({
  user: { userId, firstName: `First${userId}`, lastName: `Last${userId}` },
  sessionId: `s${userId}`,
  expiresAt: Date.now() + 3_600_000,
});

function join(hub: Hub, userId: number): FakeSocket {
  const who = identity(userId);
  const { connectionToken } = hub.negotiate(who);
  const connection = hub.claim(connectionToken, who);
  if (typeof connection === 'string') throw new Error(connection);
  const socket = new FakeSocket();
  hub.attach(connection, socket as never);
  socket.emit('message', Buffer.from(`{"protocol":"json","version":1}${RS}`));
  return socket;
}

describe('hub presence', () => {
  let hub: Hub;
  beforeEach(async () => {
    vi.useFakeTimers();
    hub = new Hub(DEFAULT_HUB_SETTINGS, log);
    await hub.start();
  });
  afterEach(async () => {
    await hub.stop();
    vi.useRealTimers();
  });

  it('turns a burst of arrivals into one list for everyone', async () => {
    const watcher = join(hub, 1);
    await vi.advanceTimersByTimeAsync(25);
    expect(watcher.lists()).toEqual([[1]]);
    const arrivals = Array.from({ length: 50 }, (_, i) => join(hub, i + 2));
    await vi.advanceTimersByTimeAsync(25);
    expect(watcher.lists()).toHaveLength(2);
    expect(watcher.lists()[1]).toHaveLength(51);
    // Each newcomer got exactly that one list.
    for (const socket of arrivals) expect(socket.lists()).toEqual([watcher.lists()[1]]);
  });

  it('paces large lists by their total size', async () => {
    const sockets = Array.from({ length: 300 }, (_, i) => join(hub, i + 1));
    await vi.advanceTimersByTimeAsync(25);
    // ~300 users × ~60 bytes to 300 clients ≈ 5 MB: at 20 MB/s the next list waits about a quarter of a second.
    sockets[0].close();
    await vi.advanceTimersByTimeAsync(100);
    expect(sockets[1].lists()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets[1].lists()).toHaveLength(2);
    expect(sockets[1].lists()[1]).not.toContain(1);
  });

  it('gives a second tab the list at once and tells no one else, since nothing changed', async () => {
    const watcher = join(hub, 1);
    const first = join(hub, 2);
    await vi.advanceTimersByTimeAsync(25);
    const second = join(hub, 2);
    expect(second.lists()).toEqual([[1, 2]]);
    await vi.advanceTimersByTimeAsync(100);
    expect(watcher.lists()).toEqual([[1, 2]]);
    expect(first.lists()).toEqual([[1, 2]]);
    // The user stays online until the last tab closes.
    first.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(watcher.lists()).toHaveLength(1);
    second.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(watcher.lists().at(-1)).toEqual([1]);
  });

  it('answers GetOnlineUsers at once, even while a change waits to be sent', async () => {
    const socket = join(hub, 1);
    join(hub, 2);
    socket.emit('message', Buffer.from(`{"type":1,"invocationId":"1","target":"GetOnlineUsers","arguments":[]}${RS}`));
    const completion = socket.frames.map((f) => JSON.parse(f.split(RS)[0])).find((m) => m.type === 3);
    expect(completion.result.map((u: { userId: number }) => u.userId)).toEqual([1, 2]);
  });
});

describe('hub presence across servers', () => {
  let hub: Hub;
  let handlers: BackplaneHandlers;
  const published: BackplaneMessage[] = [];
  beforeEach(async () => {
    vi.useFakeTimers();
    published.length = 0;
    const backplane: Backplane = {
      instanceId: 'here',
      publish: (message) => published.push(message),
      start: async (h) => {
        handlers = h;
      },
      stop: async () => undefined,
    };
    hub = new Hub({ ...DEFAULT_HUB_SETTINGS, heartbeatMs: 1_000 }, log, backplane);
    await hub.start();
  });
  afterEach(async () => {
    await hub.stop();
    vi.useRealTimers();
  });

  it('counts users connected elsewhere, once, and forgets a server that goes silent', async () => {
    const watcher = join(hub, 1);
    await vi.advanceTimersByTimeAsync(25);
    expect(published).toContainEqual({ t: 'presence', users: [identity(1).user] });
    handlers.onMessage('there', { t: 'presence', users: [identity(1).user, identity(7).user] });
    await vi.advanceTimersByTimeAsync(25);
    expect(watcher.lists().at(-1)).toEqual([1, 7]);
    // A newcomer whose user is already online elsewhere changes nothing for the others, but gets the list.
    const late = join(hub, 7);
    await vi.advanceTimersByTimeAsync(25);
    expect(late.lists()).toEqual([[1, 7]]);
    expect(watcher.lists()).toHaveLength(2);
    late.close();
    // Still there after two heartbeats of silence; gone once it has been silent for three (seen at the next beat).
    await vi.advanceTimersByTimeAsync(2_000);
    expect(watcher.lists().at(-1)).toEqual([1, 7]);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(watcher.lists().at(-1)).toEqual([1]);
  });

  it('drops a server that says goodbye at once, and ignores malformed peer messages', async () => {
    const watcher = join(hub, 1);
    handlers.onMessage('there', { t: 'presence', users: [identity(9).user, { userId: 'x' } as never, null as never] });
    await vi.advanceTimersByTimeAsync(25);
    expect(watcher.lists().at(-1)).toEqual([1, 9]);
    handlers.onMessage('there', { t: 'presence', users: 'nope' as never });
    handlers.onMessage('there', { t: 'deliver', deliveries: [null as never, { userId: 1 } as never] });
    handlers.onMessage('there', { t: 'bye' });
    await vi.advanceTimersByTimeAsync(25);
    expect(watcher.lists().at(-1)).toEqual([1]);
  });

  it('publishes notifications and disconnects for the others, and delivers theirs here', async () => {
    const socket = join(hub, 1);
    const notification = {
      id: 5,
      type: 't',
      title: 'Hello',
      body: 'b',
      link: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      readAt: null,
    };
    hub.deliver([{ userId: 1, notification }]);
    expect(published).toContainEqual({ t: 'deliver', deliveries: [{ userId: 1, notification }] });
    handlers.onMessage('there', { t: 'notify', userIds: [1, 2], notification: { ...notification, id: 6 } });
    const received = socket.frames
      .flatMap((f) =>
        f
          .split(RS)
          .filter(Boolean)
          .map((r) => JSON.parse(r)),
      )
      .filter((m) => m.target === 'ReceiveNotification');
    expect(received.map((m) => m.arguments[0].id)).toEqual([5, 6]);
    handlers.onMessage('there', { t: 'disconnect', sessionId: 's1' });
    expect(socket.readyState).toBe(3);
    hub.disconnectUser(4);
    expect(published).toContainEqual({ t: 'disconnect', userId: 4 });
  });
});

describe('hub protocol parsing', () => {
  it('splits records and keeps an unfinished tail', () => {
    expect(splitRecords('', `a${RS}b${RS}c`)).toEqual({ records: ['a', 'b'], rest: 'c' });
    expect(splitRecords('c', `d${RS}`)).toEqual({ records: ['cd'], rest: '' });
    expect(splitRecords('', '')).toEqual({ records: [], rest: '' });
  });

  it('accepts only the JSON protocol, version 1', () => {
    expect(readHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    for (const bad of [
      '{"protocol":"json","version":2}',
      '{"protocol":"messagepack","version":1}',
      '{"version":1}',
      '[]',
      'null',
      '{',
      '"json"',
    ]) {
      expect(readHandshake(bad).ok, bad).toBe(false);
    }
  });

  it('reads each message type and refuses malformed ones', () => {
    expect(readMessage('{"type":1,"target":"A","arguments":[1]}')).toEqual({
      kind: 'invocation',
      invocationId: null,
      target: 'A',
      args: [1],
    });
    expect(readMessage('{"type":1,"invocationId":"3","target":"A","arguments":[]}')).toMatchObject({
      invocationId: '3',
    });
    expect(readMessage('{"type":4,"invocationId":"3","target":"A","arguments":[]}')).toEqual({
      kind: 'stream-invocation',
      invocationId: '3',
    });
    expect(readMessage('{"type":6}')).toEqual({ kind: 'ping' });
    expect(readMessage('{"type":7}')).toEqual({ kind: 'close' });
    for (const ignored of [
      '{"type":2,"invocationId":"1"}',
      '{"type":3,"invocationId":"1"}',
      '{"type":5,"invocationId":"1"}',
      '{"type":8,"sequenceId":1}',
      '{"type":9,"sequenceId":1}',
    ]) {
      expect(readMessage(ignored).kind, ignored).toBe('ignored');
    }
    for (const invalid of [
      '',
      'x',
      '[]',
      '{}',
      '{"type":"1"}',
      '{"type":99}',
      '{"type":1,"arguments":[]}',
      '{"type":1,"target":"A"}',
      '{"type":1,"target":"A","arguments":{}}',
      '{"type":1,"target":"A","arguments":[],"invocationId":5}',
      '{"type":4,"target":"A","arguments":[]}',
    ]) {
      expect(readMessage(invalid).kind, invalid).toBe('invalid');
    }
  });

  it('reads its timing from the environment and refuses nonsense', () => {
    expect(hubSettingsFromEnv({})).toEqual(DEFAULT_HUB_SETTINGS);
    expect(hubSettingsFromEnv({ HUB_PING_INTERVAL_MS: '200', HUB_CLIENT_TIMEOUT_MS: '600' })).toMatchObject({
      pingIntervalMs: 200,
      clientTimeoutMs: 600,
    });
    expect(() => hubSettingsFromEnv({ HUB_PING_INTERVAL_MS: 'soon' })).toThrow(/HUB_PING_INTERVAL_MS/);
    expect(() => hubSettingsFromEnv({ HUB_PING_INTERVAL_MS: '40000' })).toThrow(/longer than/);
  });
});
