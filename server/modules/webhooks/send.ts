import http from 'node:http';
import https from 'node:https';
import { DELIVERY_TIMEOUT_SECONDS } from '../../../schema/webhooks';
import { guardedLookup, literalRefusal } from './destination';

/** How much of a receiver's answer the log keeps. */
const RESPONSE_KEPT_BYTES = 2048;

/** Connections kept open between deliveries to the same receiver (a burst of events reuses them). */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 16 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 16 }),
};

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  response: string | null;
  durationMs: number;
}

/**
 * POSTs one delivery and reads the start of the answer. Delivered means a 2xx; a redirect is not followed (the
 * subscribed address is the one checked), and no answer within DELIVERY_TIMEOUT_SECONDS, a refused connection or a
 * private address the name resolved to are failures with their reason.
 */
export function sendDelivery(
  url: URL,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<SendResult> {
  const started = performance.now();
  const done = (result: Omit<SendResult, 'durationMs'>): SendResult => ({
    ...result,
    durationMs: Math.round(performance.now() - started),
  });
  const refusal = literalRefusal(url, allowPrivate);
  if (refusal) return Promise.resolve(done({ ok: false, statusCode: null, error: refusal, response: null }));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = transport.request(url, {
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      lookup: guardedLookup(allowPrivate),
      timeout: DELIVERY_TIMEOUT_SECONDS * 1000,
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Haulboard-Webhooks/1',
      },
    });
    request.on('timeout', () => request.destroy(new Error(`No answer within ${DELIVERY_TIMEOUT_SECONDS} seconds`)));
    request.on('error', (error) =>
      resolve(done({ ok: false, statusCode: null, error: error.message, response: null })),
    );
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const finish = () => {
        const statusCode = response.statusCode ?? 0;
        // PostgreSQL stores no NUL in text; the log is for reading.
        const text = Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEPT_BYTES).replaceAll('\u0000', '');
        const ok = statusCode >= 200 && statusCode < 300;
        const error = ok
          ? null
          : statusCode >= 300 && statusCode < 400
            ? `Redirected to ${response.headers.location ?? 'another address'}: redirects are not followed`
            : `The receiver answered ${statusCode}`;
        resolve(done({ ok, statusCode, error, response: text || null }));
      };
      response.on('data', (chunk: Buffer) => {
        if (kept < RESPONSE_KEPT_BYTES) chunks.push(chunk);
        kept += chunk.length;
      });
      response.on('end', finish);
      response.on('error', finish);
    });
    request.end(body);
  });
}
