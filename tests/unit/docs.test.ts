import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_ROUTES } from '../../authProvider/routes';
import { withCompany } from '../../src/routes/public/contact/company';
import { renderDoc } from '../../src/routes/public/docs/markdown';
import { DOC_COMPONENTS, DOC_PAGES, type DocPage, loadDoc, missingFiles } from '../../src/routes/public/docs/pages';
import { search, searchIndex } from '../../src/routes/public/docs/search';
import { SCREEN_PATHS, allScreenHelp, screenHelp, screenOf } from '../../src/routes/public/docs/screens';

/**
 * The documentation (docs/routing.md#public-routes): every page of /docs renders real content; every link inside it and
 * every in-app help link leads to a page and a heading that exist; every screen has its section; every environment
 * variable the server, the scripts and the build read is on /docs/environment-variables; the search finds a section.
 */
const ROOT = path.resolve(__dirname, '../..');

/** The pages /docs must serve (docs/routing.md#public-routes), named as the original app named them. */
const SPEC_PAGES = [
  'welcome',
  'feature-permissions',
  'getting-started',
  'environment-variables',
  'deployment',
  'api-calls',
  'analytics',
  'authentication',
  'routing',
  'settings',
  'state-management',
  'theming',
  'support',
  'changelog',
];
/** Fewer characters than this of words is a stub, not a page. */
const MIN_TEXT = 2000;

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#?\w+;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

async function rendered(page: DocPage) {
  const source = await loadDoc(page);
  return { source, doc: renderDoc(source, DOC_COMPONENTS) };
}
const pages = Promise.all(DOC_PAGES.map(async (page) => [page, await rendered(page)] as const)).then(
  (entries) => new Map(entries),
);
const idsOf = async (page: string) => new Set((await pages).get(page as DocPage)?.doc.headings.map((h) => h.id) ?? []);

/** Whether /docs/{page}#{id} (or the page alone) exists. */
async function resolves(link: string): Promise<boolean> {
  const match = /^\/docs\/([a-z-]+)(?:#([a-z0-9-]+))?$/.exec(link);
  if (!match || !(DOC_PAGES as readonly string[]).includes(match[1])) return false;
  return !match[2] || (await idsOf(match[1])).has(match[2]);
}

describe('the documentation pages', () => {
  it('are the public documentation pages, each with its Markdown file', () => {
    expect([...DOC_PAGES].sort()).toEqual([...SPEC_PAGES].sort());
    expect(missingFiles()).toEqual([]);
  });

  it.each(SPEC_PAGES)(
    '/docs/%s renders real content: a title, sections, no placeholder, no part left ungenerated',
    async (page) => {
      const { doc } = (await pages).get(page as DocPage)!;
      const html = doc.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('');
      const words = text(html);
      expect(words.length, `${page} has ${words.length} characters of text`).toBeGreaterThan(MIN_TEXT);
      expect(doc.headings[0]).toMatchObject({ depth: 1 });
      expect(doc.headings.filter((h) => h.depth === 2).length).toBeGreaterThanOrEqual(3);
      expect(words).not.toMatch(/being written|placeholder|lorem ipsum|\bTODO\b|\bTBD\b/i);
      expect(html).not.toMatch(/<!-- haulboard:/);
      // Heading ids are unique on a page, so every anchor lands on one place.
      const ids = doc.headings.map((h) => h.id);
      expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    },
  );

  it('link only to pages and headings that exist', async () => {
    const broken: string[] = [];
    for (const [page, { doc }] of await pages) {
      const html = doc.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('');
      for (const [, href] of html.matchAll(/href="([^"]+)"/g)) {
        const target = href.startsWith('#') ? `/docs/${page}${href}` : href;
        if (target.startsWith('/docs') && !(await resolves(target))) broken.push(`${page} → ${href}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('feature-permissions draws the live table in its place and the generated defaults as tables', async () => {
    const { doc } = (await pages).get('feature-permissions')!;
    expect(doc.blocks.some((b) => b.kind === 'component' && b.name === 'live-permissions')).toBe(true);
    const html = doc.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('');
    // The default matrix, written from schema/features.ts: Book Orders' approvers, Bank's bankers.
    expect(html).toMatch(/<td>Book Orders<\/td>\s*<td>Books<\/td>\s*<td>[^<]*BookOrderApprover RA/);
    expect(html).toMatch(/<td>Bank<\/td>\s*<td>Finances<\/td>\s*<td>[^<]*Banking RCUDE/);
  });

  it('the changelog is CHANGELOG.md, newest first', async () => {
    const { source } = (await pages).get('changelog')!;
    expect(source).toBe(fs.readFileSync(path.join(ROOT, 'CHANGELOG.md'), 'utf8'));
    const dates = [...source.matchAll(/^## .* — (\d{4}-\d{2}-\d{2})/gm)].map((m) => m[1]);
    expect(dates.length).toBeGreaterThan(5);
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('help where people are', () => {
  it('every screen of the app has its section, and every in-app help link leads to a heading that exists', async () => {
    const missing: string[] = [];
    for (const link of allScreenHelp()) if (!(await resolves(link))) missing.push(link);
    expect(missing, 'write the screen’s section in docs/routing.md').toEqual([]);
    expect(allScreenHelp()).toHaveLength(SCREEN_PATHS.length);
  });

  it('every address of a screen (create, edit, a record) finds its screen’s help', () => {
    const routes = FEATURE_ROUTES.map((route) => route.replace(/:\w+/g, '17'));
    expect(routes.filter((route) => !screenHelp(route))).toEqual([]);
    expect(screenOf('/app/books/bookorders/17/edit')).toBe('/app/books/bookorders');
    expect(screenOf('/app/reports/claims-tracker/create/17')).toBe('/app/reports/claims-tracker');
    expect(screenOf('/app/reports/evaluation-report/evaluations/3/edit')).toBe(
      '/app/reports/evaluation-report/evaluations',
    );
    expect(screenOf('/app/mail/label/4/12')).toBe('/app/mail');
    expect(screenHelp('/app/permissions?tab=model')).toBe('/docs/feature-permissions');
    expect(screenHelp('/app/books/bookorders/create')).toBe('/docs/routing#screen-books-bookorders');
    expect(screenHelp('/login')).toBeNull();
  });
});

/** Where the server, the scripts and the build read the environment. */
const SCANNED = ['server', 'scripts', 'vite.config.ts', 'src', 'tests/run.mjs'];
const CODE = /\.(ts|tsx|mjs|js)$/;

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.statSync(full).isDirectory()) return [full];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .flatMap((d) =>
      d.isDirectory() ? files(path.join(entry, d.name)) : CODE.test(d.name) ? [path.join(full, d.name)] : [],
    );
}

/**
 * The variables a file reads: `process.env.X`, `env.X`, `env['X']`, `import.meta.env.VITE_X`; and where a file reads
 * `env[someName]`, the names it spells out (the hub's and the company's settings, Firebase's).
 */
function variablesRead(source: string, browser: boolean): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[\s*['"]([A-Z][A-Z0-9_]*)['"]\s*\])/g))
    names.add(m[1] ?? m[2]);
  if (/\benv\[\s*(?!['"])/.test(source))
    for (const m of source.matchAll(/['"]([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)['"]/g)) names.add(m[1]);
  // The browser's import.meta.env has Vite's own (PROD, DEV, MODE…); only VITE_ ones are settings.
  return [...names].filter((name) => !browser || name.startsWith('VITE_'));
}

describe('/docs/environment-variables', () => {
  it('finds the variables as they are read (a test of the finder itself)', () => {
    expect(
      variablesRead("const a = process.env.PORT; const b = env.DATA_DIR ?? x; env['JWT_SECRET']", false).sort(),
    ).toEqual(['DATA_DIR', 'JWT_SECRET', 'PORT']);
    expect(variablesRead("const V = { a: 'HUB_PING_INTERVAL_MS' }; env[V.a]", false)).toEqual(['HUB_PING_INTERVAL_MS']);
    expect(variablesRead('import.meta.env.PROD && import.meta.env.VITE_RECAPTCHA_SITE_KEY', true)).toEqual([
      'VITE_RECAPTCHA_SITE_KEY',
    ]);
  });

  it('has a line for every variable the server, the scripts and the build read', async () => {
    const page = await loadDoc('environment-variables');
    const read = new Map<string, string>();
    for (const file of SCANNED.flatMap(files)) {
      const relative = path.relative(ROOT, file);
      for (const name of variablesRead(fs.readFileSync(file, 'utf8'), relative.startsWith('src')))
        if (!read.has(name)) read.set(name, relative);
    }
    // The finder found what it must (a blind finder would pass the check below with nothing).
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'HUB_HEARTBEAT_MS',
      'COMPANY_EMAIL',
      'ADMIN_PASSWORD',
      'HAULBOARD_DIST_DIR',
      'VITE_PORT',
      'VITE_FIREBASE_VAPID_KEY',
      'VITE_RECAPTCHA_SITE_KEY',
      'TEST_DATABASE_URL',
    ]) {
      expect(read.has(name), name).toBe(true);
    }
    const undocumented = [...read]
      .filter(([name]) => !page.includes(`| \`${name}\` |`))
      .map(([name, file]) => `${name} (read in ${file})`);
    expect(undocumented, 'add a line for it to docs/environment-variables.md').toEqual([]);
  });
});

describe('the documentation search', () => {
  it('finds the backup section first for "backup", and a section only when it holds every word', async () => {
    const index = await searchIndex();
    const hits = search(index, 'backup');
    expect(hits[0]).toMatchObject({ page: 'deployment', id: 'backups' });
    expect(search(index, 'backup restore pg_dump').every((hit) => /pg_dump/i.test(hit.heading + hit.text))).toBe(true);
    expect(search(index, 'zzqx-nothing-like-this')).toEqual([]);
    expect(search(index, 'a')).toEqual([]);
  });

  it('reads every page, generated parts included and component places left out', async () => {
    const index = await searchIndex();
    expect(new Set(index.map((entry) => entry.page))).toEqual(new Set(DOC_PAGES));
    expect(search(index, 'Driver-Dispatcher Assignment').some((hit) => hit.page === 'routing')).toBe(true);
    expect(index.some((entry) => entry.text.includes('haulboard:'))).toBe(false);
  });
});

describe('the public pages', () => {
  const pageSource = (name: string) => fs.readFileSync(path.join(ROOT, 'docs/site', `${name}.md`), 'utf8');
  const words = { company: 'your company', administrator: 'your administrator' };

  it('write in the company and its contact when they are set, and say "your company" when not', () => {
    const privacy = pageSource('privacy-policy');
    const named = withCompany(
      privacy,
      {
        name: 'Lone Star Auto Transport',
        email: 'privacy@lonestar.example',
        phone: '+1 (214) 555-0100',
        address: null,
      },
      words,
    );
    expect(named).not.toMatch(/\{\{/);
    expect(named).toContain('drivers of Lone Star Auto Transport');
    expect(named).toContain(
      'contact Lone Star Auto Transport ([privacy@lonestar.example](mailto:privacy@lonestar.example), +1 (214) 555-0100), or write through the [contact form](/contact)',
    );
    const plain = withCompany(privacy, { name: null, email: null, phone: null, address: null }, words);
    expect(plain).toContain('drivers of your company');
    expect(plain).toContain('contact your administrator, or write through the [contact form](/contact)');
    // A sentence that starts with the company starts with a capital.
    expect(
      withCompany(pageSource('terms-of-service'), { name: null, email: null, phone: null, address: null }, words),
    ).toContain('\n\nYour company runs, backs up and upgrades Haulboard.');
  });

  it.each(['pricing', 'terms-of-service', 'privacy-policy'])('%s has real content', (name) => {
    const doc = renderDoc(
      withCompany(pageSource(name), { name: null, email: null, phone: null, address: null }, words),
    );
    const html = doc.blocks.map((b) => (b.kind === 'html' ? b.html : '')).join('');
    expect(text(html).length).toBeGreaterThan(MIN_TEXT);
    expect(doc.headings.filter((h) => h.depth === 2).length).toBeGreaterThanOrEqual(3);
  });

  it('the privacy policy names the personal data staff and drivers are told about', () => {
    const privacy = pageSource('privacy-policy');
    for (const kind of ['license', 'medical card', 'phone', 'location', 'pay', 'How long', 'copy'])
      expect(privacy.toLowerCase()).toContain(kind.toLowerCase());
  });
});
