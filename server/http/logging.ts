import type { FastifyServerOptions } from 'fastify';

/** Tokens never reach the logs: the access_token query value (used by the real-time hub) is masked. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]access_token=)[^&#]*/gi, '$1[redacted]');
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
