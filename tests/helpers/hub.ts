import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import * as signalR from '@microsoft/signalr';
import WebSocket from 'ws';
import { DEMO_PASSWORD } from '../../server/db/seed';
import type { TestServer } from './server';

/** What the hub tests share: a listening server, the real @microsoft/signalr client, a raw protocol client. */

export const RS = '\u001e';

/** Listen on 127.0.0.1 (port 0: any free one) and return the base URL. */
export async function listen(server: TestServer, port = 0): Promise<string> {
  await server.app.listen({ port, host: '127.0.0.1' });
  const address = server.app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Polls until `check` returns something truthy (or throws after `ms`). */
export async function until<T>(check: () => T | Promise<T>, what: string, ms = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface OnlineUser {
  userId: number;
  firstName: string;
  lastName: string;
}

export interface HubClient {
  connection: signalR.HubConnection;
  /** The last ReceiveClientConnectedEvent list. */
  presence: OnlineUser[] | null;
  /** Everyone any of those lists has shown, however briefly. */
  seenOnline: Set<number>;
  notifications: any[];
  /** How many ReceiveAccessChanged arrived (Access Settings changed this user's access). */
  accessChanges: number;
  closedWith: Error | undefined | 'open';
  onlineIds(): number[];
  stop(): Promise<void>;
}

export interface ConnectOptions {
  /** Send the token in the access_token query (as browsers do on the socket) instead of the Authorization header. */
  viaQuery?: boolean;
  /** withAutomaticReconnect with these delays. */
  reconnectDelays?: number[];
  keepAliveMs?: number;
  /** Straight to the socket, no negotiate (WebSockets only). */
  skipNegotiation?: boolean;
}

/** The unmodified client, as the web app builds it. */
export function buildClient(base: string, token: string | (() => string), options: ConnectOptions = {}): HubClient {
  const tokenOf = typeof token === 'function' ? token : () => token;
  const url = options.viaQuery ? `${base}/notify?access_token=${encodeURIComponent(tokenOf())}` : `${base}/notify`;
  let builder = new signalR.HubConnectionBuilder()
    .withUrl(url, {
      ...(options.viaQuery ? {} : { accessTokenFactory: tokenOf }),
      transport: signalR.HttpTransportType.WebSockets,
      skipNegotiation: options.skipNegotiation ?? false,
    })
    .configureLogging(signalR.LogLevel.None);
  if (options.reconnectDelays) builder = builder.withAutomaticReconnect(options.reconnectDelays);
  if (options.keepAliveMs) builder = builder.withKeepAliveInterval(options.keepAliveMs);
  const connection = builder.build();
  const client: HubClient = {
    connection,
    presence: null,
    seenOnline: new Set(),
    notifications: [],
    accessChanges: 0,
    closedWith: 'open',
    onlineIds: () => (client.presence ?? []).map((u) => u.userId).sort((a, b) => a - b),
    stop: () => connection.stop(),
  };
  connection.on('ReceiveClientConnectedEvent', (users: OnlineUser[]) => {
    client.presence = users;
    for (const user of users) client.seenOnline.add(user.userId);
  });
  connection.on('ReceiveNotification', (notification: unknown) => {
    client.notifications.push(notification);
  });
  connection.on('ReceiveAccessChanged', () => {
    client.accessChanges++;
  });
  connection.onclose((error) => {
    client.closedWith = error;
  });
  return client;
}

export async function connect(base: string, token: string, options: ConnectOptions = {}): Promise<HubClient> {
  const client = buildClient(base, token, options);
  await client.connection.start();
  return client;
}

/** A client that speaks the protocol by hand, for what the real client never does (silence, bad input). */
export class RawClient {
  readonly records: any[] = [];
  readonly texts: string[] = [];
  closed: Promise<{ code: number; reason: string }>;
  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('error', () => undefined);
    ws.on('message', (data) => {
      const text = data.toString();
      this.texts.push(text);
      for (const record of text.split(RS).slice(0, -1)) this.records.push(JSON.parse(record));
    });
  }

  /** Opens the socket; rejects with the HTTP status when the server refuses the upgrade. */
  static open(url: string, headers: Record<string, string> = {}): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url.replace(/^http/, 'ws'), { headers });
      ws.once('open', () => resolve(new RawClient(ws)));
      ws.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () =>
          reject(Object.assign(new Error(`HTTP ${response.statusCode}`), { status: response.statusCode, body })),
        );
      });
      ws.once('error', (error) => reject(error));
    });
  }

  send(text: string | Buffer): void {
    this.ws.send(text);
  }

  handshake(protocol = 'json', version = 1): void {
    this.send(JSON.stringify({ protocol, version }) + RS);
  }

  waitFor(predicate: (record: any) => boolean, what: string, ms = 5_000): Promise<any> {
    return until(() => this.records.find(predicate), what, ms);
  }
}

/** POST /notify/negotiate as the client sends it. */
export async function negotiate(base: string, token: string | null, { viaQuery = false } = {}) {
  const query = viaQuery && token ? `&access_token=${encodeURIComponent(token)}` : '';
  const response = await fetch(`${base}/notify/negotiate?negotiateVersion=1${query}`, {
    method: 'POST',
    headers: token && !viaQuery ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Negotiate, open the socket with the header token and finish the handshake. */
export async function rawConnect(base: string, token: string): Promise<RawClient> {
  const { body } = await negotiate(base, token);
  const client = await RawClient.open(`${base}/notify?id=${body.connectionToken}`, {
    authorization: `Bearer ${token}`,
  });
  client.handshake();
  await client.waitFor((r) => Object.keys(r).length === 0, 'the handshake response');
  return client;
}

/** The real server as its own process (`node --import tsx server/main.ts`), for what only a process shows. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Send a signal and wait for the exit and the end of its output. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A port nobody listens on now, for a server whose settings must name its address before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_LEDGERS: 'false',
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'close', not 'exit': what the process wrote last may still be in the pipe when it exits.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the server exited: ${output.slice(-2000)}`);
      return (await fetch(`${base}/api/health`)).ok;
    },
    'the server process to answer',
    120_000,
  );
  return {
    base,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function loginAt(base: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${base}/api/Auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { value: string }).value;
}

/**
 * Close a test server whose database is dropped afterwards. pg's Pool.end() resolves before its idle clients have
 * finished disconnecting; DROP DATABASE … WITH (FORCE) right after kills them mid-goodbye and the pool (which has no
 * 'error' listener in server/db) reports an unhandled error. Closing first and waiting a moment avoids that race.
 */
export async function closeTestServer(server: TestServer | undefined): Promise<void> {
  if (!server) return;
  await server.app.close();
  if (server.kind === 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
  await server.close();
}
