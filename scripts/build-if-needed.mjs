#!/usr/bin/env node
// Before `npm start`: build the web app when dist/ is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { newestWebSource } from './web-sources.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const built = path.join(root, 'dist', 'index.html');
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
const sourcesAt = newestWebSource(root);
if (builtAt >= sourcesAt) process.exit(0);
console.log(builtAt ? 'The web app changed since the last build: building it…' : 'Building the web app (first start)…');
const vite = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'warn'], {
  cwd: root,
  stdio: 'inherit',
});
if (vite.status !== 0) process.exit(vite.status ?? 1);
const compress = spawnSync(process.execPath, [path.join(root, 'scripts', 'compress-dist.mjs')], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(compress.status ?? 1);
