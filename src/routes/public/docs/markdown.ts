import { Lexer, Marked, Renderer, type Tokens } from 'marked';

/**
 * The documentation's Markdown (docs/*.md, CHANGELOG.md) as HTML: headings carry ids (written `## Title {#id}`, or
 * made from their words) with a link to themselves, wide tables and code scroll inside their own box (which the
 * keyboard can reach), and `<!-- haulboard:name -->` marks where a generated part goes (./generated.ts). The files are
 * the repository's own, so their HTML is trusted; what a visitor types is never rendered here.
 */

export interface DocHeading {
  depth: number;
  id: string;
  /** The heading's words, without Markdown marks. */
  text: string;
}

/** A page in pieces: HTML, or the place of a part drawn by a React component (the live permission table). */
export type DocBlock = { kind: 'html'; html: string } | { kind: 'component'; name: string };

export interface RenderedDoc {
  blocks: DocBlock[];
  headings: DocHeading[];
}

const EXPLICIT_ID = /\s*\{#([a-z0-9][a-z0-9-]*)\}\s*$/;
export const DIRECTIVE = /^<!-- haulboard:([a-z-]+) -->$/gm;

/** Words of a heading's Markdown: `code`, **strong**, [links](…) and escapes reduced to their text. */
export function plainText(markdown: string): string {
  return markdown
    .replace(EXPLICIT_ID, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*_~]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/&amp;/g, '&')
    .trim();
}

export function slug(text: string): string {
  return plainText(text).toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'section';
}

/** A heading's id: its own `{#id}`, else its words as a slug, numbered when the page already has it. */
export function headingId(raw: string, seen: Map<string, number>): string {
  const explicit = EXPLICIT_ID.exec(raw)?.[1];
  const base = explicit ?? slug(raw);
  const count = seen.get(base) ?? 0;
  seen.set(base, count + 1);
  return count === 0 || explicit ? base : `${base}-${count + 1}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One page's Markdown (generated parts already in) as blocks of HTML and component places, with its headings. */
export function renderDoc(source: string, components: readonly string[] = []): RenderedDoc {
  const seen = new Map<string, number>();
  const headings: DocHeading[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const id = headingId(text, seen);
        headings.push({ depth, id, text: plainText(text) });
        const inline = this.parser.parseInline(tokens).replace(EXPLICIT_ID, '');
        const self = depth > 1 ? `<a class="doc-anchor" href="#${id}" aria-label="Link to “${escapeHtml(plainText(text))}”">#</a>` : '';
        return `<h${depth} id="${id}" tabindex="-1">${inline}${self}</h${depth}>\n`;
      },
      table(token: Tokens.Table) {
        // Marked's own table, in a box that scrolls on a phone and that the keyboard can reach to scroll it.
        const html = Renderer.prototype.table.call(this, token);
        return `<div class="doc-scroll" tabindex="0" role="region" aria-label="Table (scrolls sideways)">${html}</div>\n`;
      },
      code({ text, lang }: Tokens.Code) {
        const language = lang ? ` class="language-${escapeHtml(lang)}"` : '';
        return `<div class="doc-scroll" tabindex="0" role="region" aria-label="Code"><pre><code${language}>${escapeHtml(text)}</code></pre></div>\n`;
      },
    },
  });
  const blocks: DocBlock[] = [];
  let last = 0;
  const add = (part: string) => {
    if (part.trim()) blocks.push({ kind: 'html', html: marked.parse(part, { async: false }) });
  };
  for (const match of source.matchAll(DIRECTIVE)) {
    if (!components.includes(match[1])) continue;
    add(source.slice(last, match.index));
    blocks.push({ kind: 'component', name: match[1] });
    last = match.index + match[0].length;
  }
  add(source.slice(last));
  return { blocks, headings };
}

/** One section of a page for the search: under a heading, its words. */
export interface DocSection {
  id: string;
  heading: string;
  text: string;
}

/** A page's sections as the search reads them: ids given exactly as renderDoc gives them. */
export function sectionsOf(source: string): DocSection[] {
  const seen = new Map<string, number>();
  const sections: DocSection[] = [];
  let current: DocSection | null = null;
  for (const token of new Lexer({ gfm: true }).lex(source)) {
    if (token.type === 'heading') {
      current = { id: headingId(token.text, seen), heading: plainText(token.text), text: '' };
      sections.push(current);
    } else if (current && token.type !== 'space' && token.type !== 'html') {
      current.text += ` ${token.type === 'code' ? token.text : plainText(token.raw.replace(/[|#>-]+/g, ' '))}`.replace(/\s+/g, ' ');
    }
  }
  return sections;
}
