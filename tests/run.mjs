#!/usr/bin/env node
// npm test: typecheck, lint, the formatter's check, unit and server tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the end-to-end journeys in Chromium. Ends with one "N passed, N failed" line.
//
// The checks and the web app's build run side by side (tsc is one thread; the four took 144 s together against 186 s
// one after the other, here), their output held and printed whole as each ends. The unit and server tests and then the
// journeys run one after the other: side by side, Chromium's renderers took the two cores, the server tests went three
// times as slow and a journey timed out.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', name);
let passed = 0;
let failed = 0;

const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-vitest-'));

/**
 * Runs a command; its output goes straight to ours (`live`), or is held and printed under its title when it ends (and
 * meanwhile written to a file in the run's temporary folder, named here, for whoever wants to follow it).
 * Resolves whether it exited 0.
 */
function run(title, command, args, { env = {}, live = false } = {}) {
  const started = Date.now();
  const child = spawn(command, args, {
    stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const held = [];
  if (live) console.log(`\n=== ${title} ===`);
  else {
    const log = path.join(reports, `${title.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
    const file = fs.createWriteStream(log);
    console.log(`(${title}: started, its output follows when it ends; meanwhile in ${log})`);
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', (chunk) => {
        held.push(chunk);
        file.write(chunk);
      });
    child.on('close', () => file.end());
  }
  return new Promise((resolve) => {
    child.on('error', (error) => {
      held.push(Buffer.from(`${error.message}\n`));
    });
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      if (!live) console.log(`\n=== ${title} ===\n${Buffer.concat(held).toString()}`);
      console.log(`--- ${title}: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${seconds} s`);
      resolve(code === 0);
    });
  });
}

/** vitest's JSON report: its passed and failed tests into the totals; a missing report is a failure. */
function count(report, what, { noneIsFailure = false } = {}) {
  try {
    const results = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += results.numPassedTests;
    failed += results.numFailedTests + (results.numFailedTestSuites ?? 0);
    if (noneIsFailure && results.numTotalTests === 0) failed++;
  } catch {
    console.error(`${what} wrote no report`);
    failed++;
  }
}

const e2eDir = path.join('tests', 'e2e');
const journeys = fs.existsSync(e2eDir) ? fs.readdirSync(e2eDir).filter((f) => f.endsWith('.e2e.ts')) : [];
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runJourneys = journeys.length > 0 && fs.existsSync(chromium);
if (journeys.length && !runJourneys) {
  console.error(
    `\n!!! Chromium not found at ${chromium}: the end-to-end journeys are SKIPPED. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  if (process.env.CI === 'true') failed++;
}

// Stage 1: the checks, and the build the journeys need.
const checks = [
  ['typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit']],
  ['lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']],
  // One print width for the code (.prettierrc.json); `npm run format` writes it.
  ['format (prettier --check)', bin('prettier'), ['--check', '--log-level=warn', '.']],
];
const [checked, built] = await Promise.all([
  Promise.all(checks.map(([title, command, args]) => run(title, command, args))),
  runJourneys ? run('build the web app for the journeys', 'npm', ['run', 'build', '--silent']) : true,
]);
passed += checked.filter(Boolean).length;
failed += checked.filter((ok) => !ok).length;
if (!built) failed++;

// Stage 2: unit and server tests, then the journeys.
if (!process.env.TEST_DATABASE_URL) console.log('\nTEST_DATABASE_URL is not set: server tests run on SQLite only.');
const serverReport = path.join(reports, 'report.json');
// Two workers even on two cores (vitest's default there is one): the server tests spend much of their time waiting on
// PostgreSQL, argon2 and the hub's timers, so a second file runs in that time (351 s of tests in 251 s here).
await run(
  'unit and server tests (vitest)',
  bin('vitest'),
  [
    'run',
    '--project',
    'unit',
    '--project',
    'server',
    '--project',
    'server-isolated',
    '--maxWorkers=2',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${serverReport}`,
  ],
  { live: true },
);
count(serverReport, 'vitest', { noneIsFailure: true });

if (runJourneys && built) {
  const e2eReport = path.join(reports, 'e2e.json');
  await run(
    'end-to-end journeys (Chromium)',
    bin('vitest'),
    ['run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile=${e2eReport}`],
    { env: { CHROMIUM_PATH: chromium }, live: true },
  );
  count(e2eReport, 'the journeys');
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
