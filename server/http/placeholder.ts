import type { FastifyInstance } from 'fastify';

/** Until the web shell lands, /app shows what this server is and where its API is documented. */
const PAGE = (version: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Haulboard</title>
<style>body{font-family:system-ui,sans-serif;background:#1e2129;color:#e6e6e6;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:560px;padding:32px;background:#282c34;border-radius:12px}h1{margin-top:0}a{color:#8ab4f8}code{background:#1e2129;padding:2px 6px;border-radius:4px}</style>
</head><body><main>
<h1>Haulboard</h1>
<p>The dispatch API is running (version ${version}). The web app is on its way; until then, the API is yours to explore.</p>
<ul><li><a href="/api/docs">API documentation</a> (OpenAPI viewer)</li><li><a href="/api/openapi.json">OpenAPI description</a></li><li><a href="/api/health">Health check</a></li></ul>
<p>Sign in with <code>POST /api/Auth/login</code>; the demo sign-ins are printed by <code>npm start</code>.</p>
</main></body></html>`;

export function registerPlaceholderApp(app: FastifyInstance, version: string): void {
  const html = PAGE(version);
  const send = async (_request: unknown, reply: { type: (t: string) => { send: (b: string) => unknown } }) =>
    reply.type('text/html; charset=utf-8').send(html);
  app.get('/app', send);
  app.get('/app/*', send);
  app.get('/', async (_request, reply) => reply.redirect('/app'));
}
