import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, FORMER, ROOT, problemsOf, report, scanned } from '../helpers/references';

/**
 * What a comment or a Markdown page cites, a newcomer with only this repository can open: no document that lives
 * beside the clone (the specification and design notes kept in a sibling folder), no issue number of a tracker the
 * clone does not hold, and every
 * path that looks like one of the repository's files (docs/….md, server/…, schema/… with or without #anchor) exists —
 * for docs/*.md#anchor, with a heading of that id. What such a reference meant is written in docs/product.md (the
 * product's behaviour) and docs/architecture.md (how it is built); cite those, or say it in the comment.
 *
 * Scanned: the comments of every .ts, .tsx, .mjs, .js file (strings and code are not read) and the whole of every
 * .md file, outside node_modules, dist and the folders a run produces. CHANGELOG.md is history: its headings name the
 * pieces of work as they were called when they landed.
 */
/**
 * The finder's samples name the very references it refuses; they are written with placeholders, filled in here, so that
 * this file itself cites nothing outside the repository.
 */
const WORDS: Record<string, string> = {
  spec: ['SPEC', 'md'].join('.'),
  design: ['DESIGN', 'md'].join('.'),
  shared: ['..', 'shared'].join('/'),
  issue: 'iss' + 'ue',
  issues: 'iss' + 'ues',
  Issue: 'Iss' + 'ue',
};
function fill<T extends string | string[]>(text: T): T {
  const one = (t: string) => t.replace(/\{(\w+)\}/g, (whole, key: string) => WORDS[key] ?? whole);
  return (Array.isArray(text) ? text.map(one) : one(text)) as T;
}

describe('references in comments and Markdown', () => {
  it('finds what it must (a test of the finder itself)', () => {
    const present = new Set(['docs/architecture.md', 'server/app.ts', 'schema', 'tests/unit']);
    const exists = (p: string) => present.has(p.replace(/\/$/, ''));
    const script = fill(
      [
        "const spec = '{spec} §2 and {issue} 12 in a string'; // {issue} 15.3, see server/app.ts and server/gone.ts.",
        '/** {design} §3; {shared}/reference/bank-exports.md; https://example.com/server/x.ts; schema/<name>.ts */',
        'const re = /{issue} 4/; const el = <p>{issue} 5 in JSX text {/* {Issue} 6 */}</p>;',
        '// docs/architecture.md#concurrency, docs/architecture.md#nowhere, tests/unit/.',
        '// The starter table of /work/shared/reference/fmcsa-roadside.md.',
      ].join('\n'),
    );
    expect(report(problemsOf('x.tsx', script, exists))).toEqual(
      fill([
        'x.tsx:1: "{issue} 15" cites an {issue} of a tracker outside the repository',
        'x.tsx:1: server/gone.ts is not in the repository',
        'x.tsx:2: "{design}" cites a document outside the repository',
        'x.tsx:2: "{shared}/" cites a file outside the repository',
        'x.tsx:3: "{Issue} 6" cites an {issue} of a tracker outside the repository',
        'x.tsx:4: docs/architecture.md has no heading #nowhere',
        'x.tsx:5: "/shared/" cites a file outside the repository',
      ]),
    );
    const markdown = fill('Intro.\n\nSee `ui/nothing.tsx` and [the spec]({shared}/{spec}), {issues} 3 and 4.\n');
    expect(report(problemsOf('a.md', markdown, exists))).toEqual(
      fill([
        'a.md:3: "{spec}" cites a document outside the repository',
        'a.md:3: "{shared}/" cites a file outside the repository',
        'a.md:3: "{issues} 3" cites an {issue} of a tracker outside the repository',
        'a.md:3: ui/nothing.tsx is not in the repository',
      ]),
    );
    const page =
      '# A page {#top}\n\n[Layers](architecture.md#layers), [nowhere](architecture.md#nowhere), [gone](gone.md), [up](#top), [web](https://example.com/x.md).\n';
    expect(report(problemsOf('docs/a.md', page, (p) => p === 'docs/architecture.md' || p === 'docs/a.md'))).toEqual([
      'docs/a.md:3: docs/architecture.md has no heading #nowhere',
      'docs/a.md:3: the link to gone.md leads to docs/gone.md, which is not in the repository',
    ]);
  });

  const files = scanned();

  it('reads the whole repository', () => {
    expect(files).toContain('server/app.ts');
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('README.md');
    expect(files).not.toContain('CHANGELOG.md');
    expect(files.length).toBeGreaterThan(500);
  });

  it('keeps only the worked examples and former paths that files still name', () => {
    const named = (lists: Record<string, string[]>) =>
      Object.entries(lists).flatMap(([file, paths]) =>
        paths.filter((p) => !fs.readFileSync(path.join(ROOT, file), 'utf8').includes(p)).map((p) => `${file}: ${p}`),
      );
    expect(named(EXAMPLES), 'remove it from EXAMPLES in tests/helpers/references.ts').toEqual([]);
    expect(named(FORMER), 'remove it from FORMER in tests/helpers/references.ts').toEqual([]);
    // A former path that exists again is an ordinary reference, checked like any other.
    const back = Object.values(FORMER)
      .flat()
      .filter((p) => fs.existsSync(path.join(ROOT, p)));
    expect(back, 'remove it from FORMER in tests/helpers/references.ts').toEqual([]);
  });

  it('cite only what is in the repository: no outside document or issue, no missing file or docs anchor', () => {
    // A file gone since the listing (someone moved it meanwhile) has nothing to say.
    const read = (file: string) =>
      fs.existsSync(path.join(ROOT, file)) ? fs.readFileSync(path.join(ROOT, file), 'utf8') : '';
    const problems = files.flatMap((file) => problemsOf(file, read(file)));
    expect(
      report(problems),
      'say what the reference meant, or cite a file of the repository (docs/product.md#…, docs/architecture.md#…, a source file)',
    ).toEqual([]);
  }, 180_000); // parsing every script takes seconds, more on a busy machine
});
