import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * The small pages the server makes for whoever holds a link, without signing in (a bill of lading, a tracking page,
 * an unsubscribe): every text escaped, nothing loaded from elsewhere, never cached, indexed or framed.
 */

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The base look of every public page; a page adds its own rules after it. */
export const PUBLIC_STYLE = `
body{margin:0;background:#f5f5f5;color:#212121;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:760px;margin:0 auto;padding:24px 16px 48px;background:#fff;min-height:100vh;box-sizing:border-box}
h1{font-size:1.6rem;margin:0 0 4px}h2{font-size:1.15rem;margin:0}
.company{color:#555;font-weight:600;margin:0}
.muted{color:#555}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:12px 0}
dt{color:#555}dd{margin:0}
section{border-top:1px solid #ddd;padding:16px 0}
a.button,button.button{display:inline-block;min-height:44px;line-height:44px;padding:0 20px;background:#1565c0;color:#fff;border:0;border-radius:4px;text-decoration:none;font-weight:600;font-size:1rem;cursor:pointer}
a.button:focus-visible,button.button:focus-visible{outline:3px solid #ff9800;outline-offset:2px}
`;

/** A whole page: the title, the base style and the page's own, the body, and at most one inline script. */
export function publicLayout(title: string, body: string, { style = '', script = '' } = {}): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="robots" content="noindex,nofollow">',
    '<meta name="referrer" content="no-referrer">',
    `<title>${escapeHtml(title)}</title><style>${PUBLIC_STYLE}${style}</style></head>`,
    `<body><main>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`,
  ].join('');
}

/** What a public answer carries whatever it is: never cached, never indexed, no referrer. */
export const publicHeaders = (reply: FastifyReply) =>
  reply
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer');

/**
 * Sends a page with a policy stricter than the app's: it loads nothing and goes in no frame; a page's one inline
 * script runs by its hash (no other script can), it may read only its own server (connect-src), and a form posts only
 * there.
 */
export function sendPublicPage(
  reply: FastifyReply,
  status: number,
  html: string,
  { script, form = false }: { script?: string; form?: boolean } = {},
) {
  const scriptSource = script
    ? `; script-src 'sha256-${crypto.createHash('sha256').update(script, 'utf8').digest('base64')}'; connect-src 'self'`
    : '';
  return publicHeaders(reply)
    .status(status)
    .type('text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action ${form ? "'self'" : "'none'"}; frame-ancestors 'none'${scriptSource}`,
    )
    .send(html);
}
