import type { FastifyInstance, FastifyRequest, FastifyServerOptions } from 'fastify';

/**
 * Secrets never reach the logs (nor error bodies that echo a URL). A URL may carry one in three ways, and each is
 * masked as [redacted]:
 * - a query parameter named like one (token, access_token, resettoken, secret, password, code, key, signature …);
 * - a one-time link: all of /forgotpassword/{email}/{token}, /app/update-email/{token…}, /reset-password?{…} after the
 *   page's name, however the path is spelled;
 * - any query value or path segment that looks like a credential, whatever it is called: a JWT, or a long run of
 *   token characters mixing cases or digits (a generated token; a file name with an extension is kept).
 */
const SECRET_NAME = /token|secret|passw|pwd|otp|signature|^sig$|^code$|auth|session|credential|jwt|api[-_]?key|^key$/i;
const REDACTED = '[redacted]';
/**
 * The pages of one-time links: everything after the page's name (path, matrix parameters, query, fragment) is the
 * link's secret or the address it was sent to. Judged on the path as the router reads it, so `//forgotpassword`,
 * `/./app/update-email`, `/%66orgotpassword` or `%2F` for a slash do not slip past.
 */
const ONE_TIME_PAGES = /\/(forgotpassword|update-email|reset-password)(?=[/;?#]|$)/i;
const JWT = /^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*$/;
const TOKEN_CHARACTERS = /^[A-Za-z0-9_\-+/=.~]{24,}$/;
const FILE_NAME = /\.[A-Za-z0-9]{1,8}$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // An undecodable text is judged as it stands.
    return text;
  }
}

/** The URL as a router would read it: percent-decoded until it stops changing, repeated and dot segments gone. */
function normalise(url: string): string {
  let text = url;
  for (let i = 0; i < 3; i++) {
    const next = decode(text);
    if (next === text) break;
    text = next;
  }
  return text
    .replace(/\\/g, '/')
    .replace(/\/(\.\/)+/g, '/')
    .replace(/\/{2,}/g, '/');
}

/** A value that is very likely a credential: a JWT, or 24+ token characters with at least two of upper, lower, digit. */
export function looksLikeSecret(value: string): boolean {
  if (JWT.test(value) && value.length >= 16) return true;
  if (!TOKEN_CHARACTERS.test(value)) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((kind) => kind.test(value)).length;
  return kinds >= 2;
}

function redactPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const text = decode(segment);
      return looksLikeSecret(text) && (!FILE_NAME.test(text) || JWT.test(text)) ? REDACTED : segment;
    })
    .join('/');
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return looksLikeSecret(decode(pair)) ? REDACTED : pair;
      const key = pair.slice(0, equals);
      return SECRET_NAME.test(decode(key)) || looksLikeSecret(decode(pair.slice(equals + 1)))
        ? `${key}=${REDACTED}`
        : pair;
    })
    .join('&');
}

export function redactUrl(url: string): string {
  const read = normalise(url);
  const oneTime = ONE_TIME_PAGES.exec(read);
  if (oneTime) {
    const end = oneTime.index + oneTime[0].length;
    return end < read.length ? `${read.slice(0, end + 1)}${REDACTED}` : read;
  }
  const hashStart = url.indexOf('#');
  const beforeHash = hashStart < 0 ? url : url.slice(0, hashStart);
  const fragment = hashStart < 0 ? '' : `#${redactQuery(url.slice(hashStart + 1))}`;
  const queryStart = beforeHash.indexOf('?');
  if (queryStart < 0) return redactPath(beforeHash) + fragment;
  return `${redactPath(beforeHash.slice(0, queryStart))}?${redactQuery(beforeHash.slice(queryStart + 1))}${fragment}`;
}

export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(level: string, stream?: LogDestination): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        remoteAddress: req.ip,
        id: req.id,
      }),
    },
  };
}

const userIdOf = (request: FastifyRequest): number | null => request.auth?.user.id ?? null;

/** The request's line, once its answer has gone: 'request', 'request refused' (4xx) or 'request failed' (5xx, an error). */
export function logAnswered(request: FastifyRequest, statusCode: number, elapsedMs: number): void {
  const line = {
    method: request.method,
    url: redactUrl(request.url),
    statusCode,
    ms: Math.round(elapsedMs * 10) / 10,
    userId: userIdOf(request),
  };
  if (statusCode >= 500) request.log.error(line, 'request failed');
  else if (statusCode >= 400) request.log.info(line, 'request refused');
  else request.log.info(line, 'request');
}

/**
 * One line per request, written when its answer has gone (or the client has gone first): its request id (reqId, from
 * the request's logger), who asked (userId, null when no valid token came), the method, the URL with its secrets
 * masked, the status and the time taken. A refused request (4xx) says so ('request refused'); 5xx are errors. A
 * request that ends before its answer (the client hangs up, or Node's request timeout cuts a body that is still
 * coming) gets a line too ('request aborted'), with who it was. URLs the router cannot read are logged where they are
 * answered (server/app.ts frameworkErrors).
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => logAnswered(request, reply.statusCode, reply.elapsedTime));
  app.addHook('onRequestAbort', async (request) => {
    request.log.info(
      { method: request.method, url: redactUrl(request.url), aborted: true, userId: userIdOf(request) },
      'request aborted',
    );
  });
}
