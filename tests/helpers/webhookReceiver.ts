import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook receiver on 127.0.0.1 for the tests and bench/webhooks.ts: it keeps every request it gets with the answer
 * it gave (`answer` decides it, 200 by default), and verifies signatures with the recipe of
 * docs/product/webhooks.md#verifying — written here from the docs, not imported from the server.
 */
export interface Received {
  /** The path and query it was posted to (subscriptions told apart by their query). */
  path: string;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  event: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  status: number;
  /** performance.now() when it arrived (the bench's clock). */
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The answer to each request (status code); the default answers 200. */
  answer: (request: Omit<Received, 'status' | 'at'>) => number;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    received: [],
    answer: () => 200,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = (name: string) => String(request.headers[name] ?? '');
      const got = {
        path: request.url ?? '',
        id: header('webhook-id'),
        timestamp: header('webhook-timestamp'),
        signature: header('webhook-signature'),
        body,
        event: JSON.parse(body) as Received['event'],
      };
      const status = receiver.answer(got);
      receiver.received.push({ ...got, status, at: performance.now() });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ ok: status < 300 }));
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}

/**
 * The documented check: the secret without its "whsec_" prefix is base64 of the key; the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`; one of the space-separated "v1,<base64>" signatures must equal the
 * HMAC-SHA256 of it (compared in constant time), and the timestamp be within five minutes of now.
 */
export function verifySignature(
  secret: string,
  got: Pick<Received, 'id' | 'timestamp' | 'signature' | 'body'>,
): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = crypto.createHmac('sha256', key).update(`${got.id}.${got.timestamp}.${got.body}`).digest();
  if (Math.abs(Date.now() / 1000 - Number(got.timestamp)) > 300) return false;
  return got.signature.split(' ').some((part) => {
    const [version, value] = part.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
