import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { renderDoc } from '../../src/routes/public/docs/markdown';

/**
 * The finder of tests/unit/references.test.ts: the references that comments and Markdown make to documents, issues and
 * files, and which of them a reader of this repository alone could not follow.
 */
export const ROOT = path.resolve(__dirname, '../..');
/** Folders never scanned: installed, built or produced by a run (see .gitignore). */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'bench/results']);
const SKIPPED_FILES = new Set(['CHANGELOG.md']);
const CODE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const MARKDOWN = /\.md$/;

/** References to what lives outside the clone. */
const OUTSIDE: { pattern: RegExp; what: string }[] = [
  { pattern: /\b(?:SPEC|DESIGN)\.md\b/g, what: 'a document outside the repository' },
  { pattern: /(?:\.\.\/|\/)shared\//g, what: 'a file outside the repository' },
  { pattern: /\bissues? #?\d+/gi, what: 'an issue of a tracker outside the repository' },
];

/** The top folders whose paths a comment may name; a path is taken from one of them up to the first other character. */
const TOP = [
  'docs',
  'server',
  'schema',
  'resources',
  'ui',
  'src',
  'tests',
  'bench',
  'scripts',
  'dataProvider',
  'authProvider',
];
const PATH = new RegExp(`(?<![\\w./@\\\\-])((?:${TOP.join('|')})/[\\w./-]*)(#[\\w-]+)?`, 'g');
/** Paths a run creates (ignored by git), which a comment may name though a fresh clone has none. */
const PRODUCED = [/^server\/db\/scratch-/, /^bench\/results(\/|$)/];
/**
 * Files a page tells its reader to write, by the page: they are not in the repository until someone follows it.
 * Each must still be named there (a test says when one is no longer needed).
 */
export const EXAMPLES: Record<string, string[]> = {
  'resources/README.md': [
    'schema/resources/trailers.ts',
    'server/db/migrations/NNN_trailers.ts',
    'resources/trailers/index.ts',
  ],
};
/**
 * Paths a file names as where something used to live, by the file: history the file must keep as it is (a frozen
 * copy is never edited). Each must still be named there, and must not exist again.
 */
export const FORMER: Record<string, string[]> = {
  'server/db/frozen/violationCodes.ts': ['server/db/seed/violationCodes.ts'],
};
/** A path names a file or folder, or a module as an import names it (without its extension, or its folder's index). */
const MODULE_ENDINGS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
const onDisk = (p: string) => MODULE_ENDINGS.some((ending) => fs.existsSync(path.join(ROOT, p + ending)));

export interface Problem {
  file: string;
  line: number;
  problem: string;
}

/**
 * The comments of a script, with the offset each starts at: all of them, or (faster) those holding one of the offsets
 * `near`. Strings, templates, regular expressions and JSX text are not comments.
 */
export function commentsOf(fileName: string, text: string, near?: readonly number[]): { pos: number; text: string }[] {
  const kind = /\.tsx$/.test(fileName)
    ? ts.ScriptKind.TSX
    : /\.[mc]?ts$/.test(fileName)
      ? ts.ScriptKind.TS
      : /\.jsx$/.test(fileName)
        ? ts.ScriptKind.JSX
        : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, string>();
  const take = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) if (!found.has(range.pos)) found.set(range.pos, text.slice(range.pos, range.end));
  };
  const holds = (node: ts.Node) => !near || near.some((at) => at >= node.getFullStart() && at < node.getEnd());
  // Every comment lies in the trivia before some token (getChildren gives the tokens, scanned in their context): on
  // the previous token's line it is a trailing comment of that position, after a line break a leading one.
  const visit = (node: ts.Node) => {
    take(ts.getTrailingCommentRanges(text, node.getFullStart()));
    take(ts.getLeadingCommentRanges(text, node.getFullStart()));
    for (const child of node.getChildren(source)) if (holds(child)) visit(child);
  };
  visit(source);
  return [...found].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ pos, text: comment }));
}

const headingIds = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  if (!headingIds.has(file)) {
    const full = path.join(ROOT, file);
    headingIds.set(
      file,
      new Set(fs.existsSync(full) ? renderDoc(fs.readFileSync(full, 'utf8')).headings.map((h) => h.id) : []),
    );
  }
  return headingIds.get(file)!;
}

/** What is wrong with the references in one piece of text (a comment, or a whole Markdown file) of `file` at `offset`. */
export function problemsIn(
  file: string,
  source: string,
  text: string,
  offset: number,
  exists: (p: string) => boolean = onDisk,
): Problem[] {
  const lineOf = (index: number) => source.slice(0, offset + index).split('\n').length;
  const problems: Problem[] = [];
  for (const { pattern, what } of OUTSIDE) {
    for (const m of text.matchAll(pattern))
      problems.push({ file, line: lineOf(m.index), problem: `"${m[0]}" cites ${what}` });
  }
  for (const m of text.matchAll(PATH)) {
    const target = m[1].replace(/[.-]+$/, '');
    if (PRODUCED.some((p) => p.test(target)) || EXAMPLES[file]?.includes(target) || FORMER[file]?.includes(target))
      continue;
    if (!exists(target)) {
      problems.push({ file, line: lineOf(m.index), problem: `${target} is not in the repository` });
    } else if (m[2] && /^docs\/.*\.md$/.test(target) && !anchorsOf(target).has(m[2].slice(1))) {
      problems.push({ file, line: lineOf(m.index), problem: `${target} has no heading ${m[2]}` });
    }
  }
  return problems;
}

/** A Markdown link to a file beside it (not a web address, not a path from the site's root), with its #anchor. */
const RELATIVE_LINK = /\]\((?![a-z]+:|\/)([^)\s#]*)(#[\w-]+)?\)/g;

/** What is wrong with the relative links of a Markdown file: a missing file, or a docs page without the heading. */
function linkProblems(file: string, source: string, exists: (p: string) => boolean): Problem[] {
  const problems: Problem[] = [];
  for (const m of source.matchAll(RELATIVE_LINK)) {
    const target = m[1] ? path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1])) : file;
    const line = source.slice(0, m.index).split('\n').length;
    if (target.startsWith('..')) continue; // outside the repository: the patterns above report it
    const anchors = () => (target === file ? new Set(renderDoc(source).headings.map((h) => h.id)) : anchorsOf(target));
    if (target !== file && !exists(target))
      problems.push({ file, line, problem: `the link to ${m[1]} leads to ${target}, which is not in the repository` });
    else if (m[2] && /^docs\/.*\.md$/.test(target) && !anchors().has(m[2].slice(1)))
      problems.push({ file, line, problem: `${target} has no heading ${m[2]}` });
  }
  return problems;
}

/** The problems of one file: its comments when it is a script, all of it (and its links) when it is Markdown. */
export function problemsOf(file: string, source: string, exists: (p: string) => boolean = onDisk): Problem[] {
  if (MARKDOWN.test(file))
    return [...problemsIn(file, source, source, 0, exists), ...linkProblems(file, source, exists)];
  // Parsing is the slow part: only the comments around text that looks like a reference are looked for.
  const near = [...OUTSIDE.map((o) => o.pattern), PATH].flatMap((pattern) =>
    [...source.matchAll(pattern)].map((m) => m.index),
  );
  if (!near.length) return [];
  return commentsOf(file, source, near).flatMap((comment) =>
    problemsIn(file, source, comment.text, comment.pos, exists),
  );
}

export function scanned(dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      return entry.name.startsWith('.') ||
        SKIPPED_DIRS.has(entry.name) ||
        SKIPPED_DIRS.has(relative) ||
        PRODUCED.some((p) => p.test(relative))
        ? []
        : scanned(relative);
    return (CODE.test(entry.name) || MARKDOWN.test(entry.name)) && !SKIPPED_FILES.has(relative) ? [relative] : [];
  });
}

export const report = (problems: Problem[]) => problems.map((p) => `${p.file}:${p.line}: ${p.problem}`);
