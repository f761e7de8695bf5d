import { DIRECTIVE, type DocSection, sectionsOf } from './markdown';
import { DOC_PAGES, type DocPage, loadDoc } from './pages';

/**
 * The documentation's search: every page's sections (generated parts included) read once, on the first search, and
 * matched in the browser. A section matches when it holds every word typed; words in its heading count more.
 */
export interface SearchEntry extends DocSection {
  page: DocPage;
}
export interface SearchHit extends SearchEntry {
  score: number;
  snippet: string;
}

let index: Promise<SearchEntry[]> | null = null;

export function searchIndex(): Promise<SearchEntry[]> {
  index ??= Promise.all(DOC_PAGES.map(async (page) => sectionsOf((await loadDoc(page)).replace(DIRECTIVE, '')).map((section) => ({ ...section, page }))))
    .then((pages) => pages.flat())
    .catch((error: unknown) => {
      index = null;
      throw error;
    });
  return index;
}

const words = (query: string) => query.toLowerCase().split(/\s+/).filter((word) => word.length > 1);

/** Up to `limit` sections that hold every word, best first, each with the words around the first match. */
export function search(entries: readonly SearchEntry[], query: string, limit = 8): SearchHit[] {
  const wanted = words(query);
  if (!wanted.length) return [];
  const hits: SearchHit[] = [];
  for (const entry of entries) {
    const heading = entry.heading.toLowerCase();
    const text = entry.text.toLowerCase();
    if (!wanted.every((word) => heading.includes(word) || text.includes(word))) continue;
    const score = wanted.reduce((sum, word) => sum + (heading.includes(word) ? 10 : 0) + Math.min(text.split(word).length - 1, 5), 0) + (entry.heading.length < 40 ? 1 : 0);
    const at = text.indexOf(wanted[0]);
    const start = Math.max(0, at - 60);
    const snippet = at < 0 ? entry.text.slice(0, 140) : `${start > 0 ? '…' : ''}${entry.text.slice(start, at + 100).trim()}…`;
    hits.push({ ...entry, score, snippet });
  }
  return hits.sort((a, b) => b.score - a.score || DOC_PAGES.indexOf(a.page) - DOC_PAGES.indexOf(b.page)).slice(0, limit);
}
