// What the web build is made from, for the checks that rebuild dist/ when it is older than its sources
// (scripts/build-if-needed.mjs before `npm start`, bench/web.ts before measuring). One list for both.
import fs from 'node:fs';
import path from 'node:path';

export const WEB_SOURCES = [
  'src',
  'ui',
  'authProvider',
  'dataProvider',
  'resources',
  'schema',
  'public',
  'docs',
  'CHANGELOG.md',
  'index.html',
  'vite.config.ts',
  'package.json',
];

function newestIn(full) {
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(full).reduce((newest, name) => Math.max(newest, newestIn(path.join(full, name))), stat.mtimeMs);
}

/** The newest modification time (ms) among the web build's sources under `root`. */
export function newestWebSource(root) {
  return Math.max(...WEB_SOURCES.map((source) => newestIn(path.join(root, source))));
}
