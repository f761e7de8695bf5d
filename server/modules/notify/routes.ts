import crypto from 'node:crypto';
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import type { ServerContext } from '../../context';
import { ApiError, errorBody, unauthorized } from '../../http/errors';
import { redactUrl } from '../../http/logging';
import { Hub, MAX_CONNECTIONS_PER_USER, MAX_MESSAGE_BYTES } from './hub';
import { hubToken, identify } from './identity';

export const HUB_PATH = '/notify';
const REFUSED = 'Your session has ended or the token is not valid. Sign in again.';
const TOO_MANY = `You have ${MAX_CONNECTIONS_PER_USER} live connections open, the most one user may; close another tab or window first`;

/** The hub the app was built with (server/app.ts puts it on the context). */
function hubOf(ctx: ServerContext): Hub {
  if (!(ctx.realtime instanceof Hub)) throw new Error('ServerContext.realtime must be the /notify hub');
  return ctx.realtime;
}

/** An HTTP answer on a socket that asked to become a WebSocket, in the API's error body. */
function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify(
    errorBody(message, [
      { code: STATUS_CODES[status]?.toLowerCase().replace(/\W+/g, '_') ?? 'error', description: message },
    ]),
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Cache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * /notify, as an ASP.NET Core SignalR server offers it: POST /notify/negotiate hands out a connection id, the
 * WebSocket upgrade of /notify?id=… claims it. WebSockets is the only transport; stateful reconnect is not offered.
 */
export default async function notifyRoutes(app: FastifyInstance, ctx: ServerContext) {
  const hub = hubOf(ctx);
  const { db, jwtSecret } = ctx;
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_MESSAGE_BYTES,
    perMessageDeflate: false,
    clientTracking: false,
  });

  app.post<{ Querystring: Record<string, unknown> }>(
    `${HUB_PATH}/negotiate`,
    {
      // The hub reads the token itself: from the Authorization header or, as browsers send it, the access_token query.
      config: { access: { public: true } },
      schema: { hide: true },
    },
    async (request) => {
      const identity = await identify(db, jwtSecret, hubToken(request.headers, request.query));
      if (!identity) throw unauthorized(REFUSED);
      if (hub.isStopping) throw new ApiError(503, 'The server is restarting; try again in a moment', 'unavailable');
      if (hub.isFull(identity.user.userId)) throw new ApiError(429, TOO_MANY, 'too_many_connections');
      const { connectionId, connectionToken } = hub.negotiate(identity);
      const transports = [{ transport: 'WebSockets', transferFormats: ['Text', 'Binary'] }];
      // A version 0 client puts the connectionId in the socket's URL.
      if (String(request.query.negotiateVersion ?? '0') === '0')
        return { connectionId: connectionToken, availableTransports: transports };
      return { negotiateVersion: 1, connectionId, connectionToken, availableTransports: transports };
    },
  );

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const started = process.hrtime.bigint();
    let status = 101;
    let userId: number | undefined;
    socket.on('error', () => undefined);
    try {
      const url = new URL(request.url ?? '/', 'http://hub');
      if (url.pathname !== HUB_PATH && url.pathname !== `${HUB_PATH}/`)
        return refuse(socket, (status = 404), `There is no WebSocket endpoint at ${redactUrl(url.pathname)}`);
      if (hub.isStopping) return refuse(socket, (status = 503), 'The server is restarting; try again in a moment');
      const identity = await identify(db, jwtSecret, hubToken(request.headers, url.searchParams));
      if (!identity) return refuse(socket, (status = 401), REFUSED);
      userId = identity.user.userId;
      if (socket.destroyed) return;
      const claimed = hub.claim(url.searchParams.get('id'), identity);
      if (claimed === 'unknown') return refuse(socket, (status = 404), 'No connection with this id: negotiate again');
      if (claimed === 'taken') return refuse(socket, (status = 409), 'This connection already has a socket');
      if (claimed === 'full') return refuse(socket, (status = 429), TOO_MANY);
      let attached = false;
      socket.once('close', () => {
        if (!attached) hub.release(claimed);
      });
      sockets.handleUpgrade(request, socket, head, (ws) => {
        attached = true;
        hub.attach(claimed, ws);
      });
    } catch (error) {
      status = 500;
      app.log.error({ err: error }, 'hub: upgrade failed');
      refuse(socket, 500, 'Something went wrong on our side. Try again.');
    } finally {
      // The same line as every HTTP request (server/app.ts), with the token masked.
      const ms = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
      app.log.info(
        {
          reqId: crypto.randomUUID(),
          method: request.method,
          url: redactUrl(request.url ?? ''),
          status,
          ms,
          user: userId,
        },
        'request',
      );
    }
  }

  app.server.on(
    'upgrade',
    (request: IncomingMessage, socket: Duplex, head: Buffer) => void upgrade(request, socket, head),
  );
  app.addHook('onReady', async () => hub.start());
  // Before the server stops listening: clients are told to reconnect, sockets closed, peers told.
  app.addHook('preClose', async () => hub.stop());
}
