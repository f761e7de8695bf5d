import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { type ApiError, acceptedTypes, bodyTooLarge, unsupportedMediaType } from './errors';

/**
 * Request bodies, one mechanism for every route (the JSON calls, the bank's CSV import, pictures, documents, chat files):
 *
 * - What the route takes: a route that declares `config.accepts` answers any other media type 415 naming those, before
 *   a byte is read; the framework's own 415 (no parser for the type) names them too (./errors.ts).
 * - How much: the route's bodyLimit. A declared Content-Length over it is answered 413 before anything is read. A body
 *   sent without one (chunked) is counted as it arrives from the socket, read ahead of a slower reader (the import
 *   writing rows as it goes) up to the limit, so the byte past it is seen as soon as the client sends it, whatever the
 *   route is doing: then the route's reading fails (nothing it started is kept), the answer is the 413 at once — for a
 *   route still at work on the body, without waiting for it (its late end is dropped) — and the connection closes.
 * - A response sent before its request's body has been read whole closes the connection (the client may still be
 *   sending; what it sends after the answer is read and dropped until then, so the answer is not lost to a reset).
 */

/**
 * The request's body as the parsers and the route read it: counted, refused past the limit.
 *
 * Read ahead: once a reader has asked, every chunk is taken from the socket as it comes and queued (at most the limit
 * is held), so that the byte past the limit is seen when the client sends it, not when a slow reader gets there.
 * A failure (the limit passed, the client gone) drops what is queued and reaches the reader when it next asks for
 * more — at once if it is waiting — never before: a route that has wrapped the body in streams of its own but not yet
 * started reading them (the bank import waiting for its transaction) hears of it once it reads, not as an error
 * nobody listens to.
 */
class MeteredBody extends Readable {
  received = 0;
  /** The client's body has come whole. */
  ended = false;
  /** Past the limit: the 413 the route's reading fails with, and the answer. */
  refused: ApiError | null = null;
  private failure: Error | null = null;
  private started = false;
  /** A reader waits for data (the last push left room, or a read found the queue empty). */
  private wanted = false;
  private queue: Buffer[] = [];
  private readonly waiting: ((error: ApiError) => void)[] = [];

  constructor(
    private readonly source: Readable,
    private readonly limit: number,
    private readonly tooLarge: () => ApiError,
  ) {
    super();
  }

  /** The first read starts the flow from the socket: until a parser or the route reads, nothing is read. */
  override _read(): void {
    if (!this.started) this.start();
    this.wanted = true;
    this.deliver();
  }

  private start(): void {
    this.started = true;
    this.source.on('data', (chunk: Buffer | string) => this.arrived(chunk));
    this.source.once('end', () => {
      this.ended = true;
      this.deliver();
    });
    this.source.once('error', (error) => this.fail(error));
    // The client went away before the end (a reset, the server's request timeout).
    this.source.once('close', () => {
      if (!this.ended)
        this.fail(Object.assign(new Error('The request was aborted before its body had come'), { code: 'ECONNRESET' }));
    });
    this.source.resume();
  }

  private arrived(chunk: Buffer | string): void {
    // Past the limit (or after a failure, or once the reader has let go) the rest is read and dropped until the
    // connection closes after the answer.
    if (this.failure || this.destroyed) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    this.received += bytes.length;
    if (this.received > this.limit) {
      const error = this.tooLarge();
      this.refused = error;
      for (const reject of this.waiting.splice(0)) reject(error);
      this.fail(error);
      return;
    }
    this.queue.push(bytes);
    this.deliver();
  }

  private fail(error: Error): void {
    if (this.failure || this.destroyed) return;
    this.failure = error;
    this.queue = [];
    this.deliver();
  }

  /** Hands the reader what is queued while it wants more; then the failure or the end, if that is what comes next. */
  private deliver(): void {
    while (this.wanted && this.queue.length) this.wanted = this.push(this.queue.shift());
    if (!this.wanted || this.destroyed) return;
    if (this.failure) this.destroy(this.failure);
    else if (this.ended) {
      this.wanted = false;
      this.push(null);
    }
  }

  /** Rejects with the 413 once the body passes the limit (at once if it has); never settles otherwise. */
  whenRefused(): Promise<never> {
    return new Promise<never>((_resolve, reject) => {
      if (this.refused) reject(this.refused);
      else this.waiting.push(reject);
    });
  }
}

const meters = new WeakMap<FastifyRequest, MeteredBody>();

/** How long a connection answered before its body had come keeps reading (and dropping) what the client still sends. */
const LINGER_MS = 2_000;

/**
 * The close after an answer sent while the client is still sending: the answer, then the end of our side, then what
 * still comes is read and dropped for a moment before the socket goes (when the client closes its side, the body has
 * come, or LINGER_MS has passed). Closed at once instead, the bytes still coming would meet a closed socket and the
 * client's system would be told to reset the connection, often before the client has read the answer (it then
 * sees a broken connection, not the 413). Node's server ends a `Connection: close` socket through destroySoon.
 */
function closeGently(socket: Socket | null | undefined): void {
  if (!socket || typeof socket.destroySoon !== 'function') return;
  socket.destroySoon = function lingeringClose(this: Socket) {
    if (this.writable) this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('close', () => clearTimeout(timer));
    this.once('end', () => this.destroy());
  };
}

/** A request with a body to read, as Fastify judges it (a length other than 0, or chunks). */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Whether the media type sent is one the route declared (parameters aside; wildcards as they say). */
function acceptable(request: FastifyRequest): boolean {
  const sent = String(request.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return acceptedTypes(request).some((type) => {
    const wanted = type.toLowerCase();
    if (wanted === '*/*') return true;
    if (wanted.endsWith('/*')) return sent.startsWith(wanted.slice(0, -1));
    return sent === wanted;
  });
}

const routeLimit = (request: FastifyRequest) =>
  request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1024 * 1024;

export function registerBodyRules(app: FastifyInstance): void {
  // A route still at work on a body that passes its limit is answered at once: the handler's own end (it fails on the
  // body's error, after what it was doing) comes too late and is dropped.
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const meter = meters.get(request);
      if (!meter || request.body !== meter) return handler.call(this, request, reply);
      const work = Promise.resolve().then(() => handler.call(this, request, reply));
      work.catch(() => undefined);
      return Promise.race([work, meter.whenRefused()]);
    } as typeof route.handler;
  });

  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request)) return payload;
    const meter = new MeteredBody(payload, routeLimit(request), () => {
      reply.header('connection', 'close');
      return bodyTooLarge(request);
    });
    // Its failure is for whoever reads it (they listen); this keeps an error event no one else hears from being thrown.
    meter.on('error', () => undefined);
    meters.set(request, meter);
    if (request.routeOptions.config?.accepts && !acceptable(request)) throw unsupportedMediaType(request);
    return meter;
  });

  // After the parser took the type (a wrong one is 415 first) and before the route reads: a declared length over the
  // limit is refused unread. (The framework's own parsers refuse it themselves, with the same answer.)
  app.addHook('preValidation', async (request) => {
    if (Number(request.headers['content-length'] ?? 0) > routeLimit(request)) throw bodyTooLarge(request);
  });

  app.addHook('onSend', async (request, reply) => {
    const meter = meters.get(request);
    if (!meter || meter.ended) return;
    reply.header('connection', 'close');
    closeGently(request.raw.socket);
  });
}

/**
 * A file sent as the request body (a CSV a route's parser hands over as a stream) as text, read whole: for files held
 * small by the route's bodyLimit (the load import, the fuel-card import, a rate table). No stream is not a file: 415.
 */
export async function fileText(request: FastifyRequest): Promise<string> {
  if (!(request.body instanceof Readable)) throw unsupportedMediaType(request);
  const chunks: Buffer[] = [];
  for await (const chunk of request.body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
