import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEB_SOURCES } from '../../scripts/web-sources.mjs';

/**
 * The layout rule of README.md "Where things are": imports run one way, src → resources → ui → authProvider →
 * dataProvider → schema (and server → schema), and no files import each other in a circle. A shared screen piece put
 * where the composition root lives, or a schema that reaches for the server, fails here naming the import.
 */
const ROOT = path.resolve(__dirname, '../..');
const WEB_LAYERS = ['src', 'resources', 'ui', 'authProvider', 'dataProvider', 'schema'];
/** What each top folder may import besides itself. */
const MAY_IMPORT: Record<string, string[]> = {
  ...Object.fromEntries(WEB_LAYERS.map((layer, i) => [layer, WEB_LAYERS.slice(i + 1)])),
  server: ['schema'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project files a file imports (relative specifiers, static or dynamic, types included). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1]);
  return specifiers.map((spec) => {
    const base = path.resolve(path.dirname(file), spec);
    return (
      ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
        .map((ext) => base + ext)
        .find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? base
    );
  });
}

const topOf = (file: string) => path.relative(ROOT, file).split(path.sep)[0];
const files = Object.keys(MAY_IMPORT).flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));

describe('the layout', () => {
  it('imports run one way: down the layers, never back up', () => {
    const wrong = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => topOf(target) !== topOf(file) && !MAY_IMPORT[topOf(file)].includes(topOf(target)))
        .map((target) => `${path.relative(ROOT, file)} → ${path.relative(ROOT, target)}`),
    );
    expect(wrong, 'move the shared piece down a layer (README.md "Where things are")').toEqual([]);
  });

  it('no files import each other in a circle', () => {
    const state = new Map<string, 'open' | 'done'>();
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...trail.slice(trail.indexOf(file)), file].map((f) => path.relative(ROOT, f)).join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const target of graph.get(file) ?? []) visit(target, [...trail, file]);
      state.set(file, 'done');
    };
    for (const file of graph.keys()) visit(file, []);
    expect(circles).toEqual([]);
  });

  it('every web layer is a source of the build checks (a change there rebuilds dist/ before npm start)', () => {
    expect(
      WEB_LAYERS.filter((layer) => !WEB_SOURCES.includes(layer)),
      'add it to scripts/web-sources.mjs',
    ).toEqual([]);
  });
});
