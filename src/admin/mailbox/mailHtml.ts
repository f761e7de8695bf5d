/**
 * A message's HTML as the reader's sandboxed frame shows it (srcdoc): nothing in it may run or reach out. The frame's
 * sandbox already stops scripts, forms and plug-ins; this adds a policy of its own that loads nothing from elsewhere
 * (no tracking pictures, no remote styles or fonts), opens links in a new tab unless the reader takes them itself, and
 * fits the frame's width.
 */
const POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; font-src data:";
// Long addresses wrap and pictures shrink to the frame: a phone's reader never scrolls sideways.
const FIT = '<style>body{overflow-wrap:anywhere}img{max-width:100%;height:auto}</style>';
const HEAD = `<meta http-equiv="Content-Security-Policy" content="${POLICY}"><base target="_blank">${FIT}`;

export function mailSrcDoc(html: string): string {
  // First in <head> (or in front of everything when the message has none), so that it applies before any of the
  // message's own markup is read.
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head) return html.slice(0, head.index + head[0].length) + HEAD + html.slice(head.index + head[0].length);
  return `<!doctype html><html><head><meta charset="utf-8">${HEAD}</head><body>${html}</body></html>`;
}

/** The app's own pages that a message links to (verification, e-mail change …): opened in the app, whatever host the link names. */
const APP_PATH = /^\/(app\/|forgotpassword\/|resetbyemail$|reset-password$|login$)/;
/** Pages that work only where nobody is signed in (they send a signed-in user away: src/routes/GuestOnly.tsx). */
const SIGNED_OUT_PATH = /^\/(forgotpassword\/|resetbyemail$|reset-password$)/;

export type MailLink =
  | { kind: 'app'; path: string }
  | { kind: 'signedOut'; path: string; href: string }
  | { kind: 'external'; href: string };

/**
 * What a link in a message is. Messages are the system's own, with links built from PUBLIC_URL, which may name another
 * host than the one the user is on: a link to one of the app's pages opens here.
 */
export function classifyMailLink(href: string, base: string): MailLink | null {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return url.protocol === 'mailto:' ? { kind: 'external', href: url.href } : null;
  const path = url.pathname + url.search + url.hash;
  if (SIGNED_OUT_PATH.test(url.pathname)) return { kind: 'signedOut', path, href: url.href };
  if (APP_PATH.test(url.pathname)) return { kind: 'app', path };
  return { kind: 'external', href: url.href };
}
