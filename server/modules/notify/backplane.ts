import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Delivery, HubNotification, OnlineUser } from './realtime';

/**
 * With PostgreSQL, the hubs of several server processes act as one: each process LISTENs on one channel over a
 * dedicated connection (not the query pool: a pooled connection is handed to other queries and would drop the
 * LISTEN) and NOTIFYs what the others must know. Messages carry the sender's instance id; a process ignores its own.
 */
export type BackplaneMessage =
  /** A process (re)joined: the others announce their sets. */
  | { t: 'hello' }
  /** A process is shutting down: forget its users now rather than after the heartbeat timeout. */
  | { t: 'bye' }
  /** The sender's whole set of connected users; on change and as the heartbeat. */
  | { t: 'presence'; users: OnlineUser[] }
  | { t: 'deliver'; deliveries: Delivery[] }
  | { t: 'notify'; userIds: number[]; notification: HubNotification }
  | { t: 'disconnect'; userId?: number; sessionId?: string }
  /** Access Settings changed: drop the cached permission matrix, tell these users' sessions. */
  | { t: 'access'; userIds: number[] }
  /** An invocation for these users' sockets (Realtime.sendToUsers). */
  | { t: 'send'; userIds: number[]; method: string; args: unknown[] };

export interface BackplaneHandlers {
  onMessage(from: string, message: BackplaneMessage): void;
  /** The LISTEN is (again) in place: time to say hello and announce. */
  onConnected(): void;
}

export interface Backplane {
  readonly instanceId: string;
  publish(message: BackplaneMessage): void;
  start(handlers: BackplaneHandlers): Promise<void>;
  stop(): Promise<void>;
}

const CHANNEL = 'haulboard_hub';
/** NOTIFY payloads must stay under 8000 bytes; larger messages travel as base64 parts of this many characters. */
const SINGLE_MAX_BYTES = 7000;
const PART_CHARS = 6000;
const PARTIAL_TTL_MS = 60_000;
const MAX_RETRY_MS = 30_000;

type Envelope = { i: string; m: BackplaneMessage } | { i: string; c: number; n: number; of: number; d: string };

export class PostgresBackplane implements Backplane {
  private client: pg.Client | null = null;
  private handlers: BackplaneHandlers | null = null;
  private stopped = false;
  private retryMs = 1_000;
  private retryTimer: NodeJS.Timeout | null = null;
  private sequence = 0;
  private readonly partials = new Map<string, { parts: string[]; received: number; at: number }>();

  constructor(
    private readonly url: string,
    readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(handlers: BackplaneHandlers): Promise<void> {
    this.handlers = handlers;
    this.stopped = false;
    try {
      await this.connect();
    } catch (error) {
      this.log.warn({ err: error }, 'hub backplane: cannot LISTEN yet; this server works alone until it can');
      this.scheduleReconnect();
    }
  }

  publish(message: BackplaneMessage): void {
    const client = this.client;
    if (!client) return;
    const text = JSON.stringify({ i: this.instanceId, m: message } satisfies Envelope);
    const payloads: string[] = [];
    if (Buffer.byteLength(text) <= SINGLE_MAX_BYTES) payloads.push(text);
    else {
      const encoded = Buffer.from(text).toString('base64');
      const id = ++this.sequence;
      const of = Math.ceil(encoded.length / PART_CHARS);
      for (let n = 0; n < of; n++)
        payloads.push(
          JSON.stringify({
            i: this.instanceId,
            c: id,
            n,
            of,
            d: encoded.slice(n * PART_CHARS, (n + 1) * PART_CHARS),
          } satisfies Envelope),
        );
    }
    // One connection sends in order, so the parts of a message arrive in order and after what was sent before.
    for (const payload of payloads) {
      client
        .query('select pg_notify($1, $2)', [CHANNEL, payload])
        .catch((error: unknown) => this.log.warn({ err: error }, 'hub backplane: NOTIFY failed'));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    try {
      await client.query('select pg_notify($1, $2)', [
        CHANNEL,
        JSON.stringify({ i: this.instanceId, m: { t: 'bye' } } satisfies Envelope),
      ]);
    } catch {
      // The others drop this server after the heartbeat timeout instead.
    }
    await client.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    // An error event without a listener would end the process; a lost connection is retried instead.
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'hub backplane: connection error');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    client.on('notification', (notification) => {
      if (notification.channel === CHANNEL && notification.payload) this.receive(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 1_000;
    this.handlers?.onConnected();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    if (!this.stopped) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retryTimer || this.stopped) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((error: unknown) => {
        this.log.warn({ err: error }, 'hub backplane: reconnect failed');
        this.scheduleReconnect();
      });
    }, delay);
    this.retryTimer.unref();
  }

  private receive(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (!envelope || typeof envelope !== 'object' || typeof envelope.i !== 'string' || envelope.i === this.instanceId)
      return;
    if ('m' in envelope) return this.dispatch(envelope.i, envelope.m);
    if (
      !('c' in envelope) ||
      typeof envelope.d !== 'string' ||
      !Number.isInteger(envelope.n) ||
      !Number.isInteger(envelope.of) ||
      envelope.of > 10_000
    )
      return;
    const key = `${envelope.i}:${envelope.c}`;
    const now = Date.now();
    for (const [k, entry] of this.partials) if (now - entry.at > PARTIAL_TTL_MS) this.partials.delete(k);
    const entry = this.partials.get(key) ?? { parts: new Array<string>(envelope.of), received: 0, at: now };
    this.partials.set(key, entry);
    if (envelope.n < 0 || envelope.n >= entry.parts.length || entry.parts[envelope.n] !== undefined) return;
    entry.parts[envelope.n] = envelope.d;
    if (++entry.received < entry.parts.length) return;
    this.partials.delete(key);
    try {
      const whole = JSON.parse(Buffer.from(entry.parts.join(''), 'base64').toString('utf8')) as Envelope;
      if ('m' in whole) this.dispatch(envelope.i, whole.m);
    } catch {
      // A garbled message is dropped; the next heartbeat repairs presence.
    }
  }

  private dispatch(from: string, message: BackplaneMessage): void {
    if (!message || typeof message !== 'object' || typeof message.t !== 'string') return;
    try {
      this.handlers?.onMessage(from, message);
    } catch (error) {
      this.log.error({ err: error }, 'hub backplane: a message could not be handled');
    }
  }
}
