import type { FastifyServerOptions } from 'fastify';

/** Tokens never reach the logs: the access_token query value (used by the real-time hub) is masked. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const hashStart = url.indexOf('#', queryStart);
  const fragment = hashStart < 0 ? '' : url.slice(hashStart);
  const query = hashStart < 0 ? url.slice(queryStart + 1) : url.slice(queryStart + 1, hashStart);
  const pairs = query.split('&').map((pair) => {
    const [key] = pair.split('=', 1);
    let name = key;
    try {
      name = decodeURIComponent(key.replace(/\+/g, ' '));
    } catch {
      // An undecodable key is compared as it stands.
    }
    return name.toLowerCase() === 'access_token' ? `${key}=[redacted]` : pair;
  });
  return `${url.slice(0, queryStart)}?${pairs.join('&')}${fragment}`;
}

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip, id: req.id }),
    },
  };
}
