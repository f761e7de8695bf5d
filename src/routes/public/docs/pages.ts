import { DIRECTIVE } from './markdown';

/** The documentation's pages (docs/routing.md#public-routes), each /docs/{page}, in the order of the full index. */
export const DOC_PAGES = [
  'welcome', 'getting-started', 'deployment', 'environment-variables', 'settings', 'theming', 'routing', 'feature-permissions',
  'authentication', 'api-calls', 'state-management', 'analytics', 'support', 'changelog',
] as const;
export type DocPage = (typeof DOC_PAGES)[number];

/** The docs menu has two entries; the full index follows it (docs/product/administration.md#public-site). */
export const DOC_MENU: readonly DocPage[] = ['welcome', 'feature-permissions'];

export const isDocPage = (name: string): name is DocPage => (DOC_PAGES as readonly string[]).includes(name);

/** Parts drawn by a component rather than written: the live role × screen table of feature-permissions. */
export const DOC_COMPONENTS = ['live-permissions'] as const;

/** Each page's Markdown file (docs/{page}.md; the changelog is the repository's CHANGELOG.md), loaded when first read. */
const files = import.meta.glob<string>('../../../../docs/*.md', { query: '?raw', import: 'default' });
const fileOf = (page: DocPage) => files[`../../../../docs/${page}.md`];
const changelog = () => import('../../../../CHANGELOG.md?raw').then((module) => module.default);

/** Whether every page has its file (a test reads it). */
export const missingFiles = (): DocPage[] => DOC_PAGES.filter((page) => page !== 'changelog' && !fileOf(page));

/**
 * A page's Markdown with its generated parts written in (./generated.ts, loaded only by a page that has one); the
 * places of the component parts stay as they are.
 */
export async function loadDoc(page: DocPage): Promise<string> {
  const source = page === 'changelog' ? await changelog() : await fileOf(page)();
  const names = [...source.matchAll(DIRECTIVE)].map((m) => m[1]).filter((name) => !(DOC_COMPONENTS as readonly string[]).includes(name));
  if (!names.length) return source;
  const { GENERATED } = await import('./generated');
  return source.replace(DIRECTIVE, (whole, name: string) => (name in GENERATED ? GENERATED[name as keyof typeof GENERATED]() : whole));
}
