#!/usr/bin/env node
// npm test: typecheck, lint, the formatter's check, unit and server tests (SQLite, and PostgreSQL when TEST_DATABASE_URL is set),
// then the end-to-end journeys in Chromium. Ends with one "N passed, N failed" line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const bin = (name) => path.join('node_modules', '.bin', name);
let passed = 0;
let failed = 0;

function step(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

for (const [title, command, args] of [
  ['typecheck (tsc --noEmit)', bin('tsc'), ['--noEmit']],
  ['lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']],
  // One print width for the code (.prettierrc.json); `npm run format` writes it.
  ['format (prettier --check)', bin('prettier'), ['--check', '--log-level=warn', '.']],
]) {
  if (step(title, command, args)) passed++;
  else {
    failed++;
    console.error(`${title} failed`);
  }
}

const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'haulboard-vitest-')), 'report.json');
if (!process.env.TEST_DATABASE_URL) console.log('\nTEST_DATABASE_URL is not set: server tests run on SQLite only.');
// Two workers even on two cores (vitest's default there is one): the server tests spend much of their time waiting on
// PostgreSQL, argon2 and the hub's timers, so a second file runs in that time (351 s of tests in 251 s here).
step('unit and server tests (vitest)', bin('vitest'), [
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
  `--outputFile=${report}`,
]);
try {
  const results = JSON.parse(fs.readFileSync(report, 'utf8'));
  passed += results.numPassedTests;
  failed += results.numFailedTests + (results.numFailedTestSuites ?? 0);
  if (results.numTotalTests === 0) failed++;
} catch {
  console.error('vitest wrote no report');
  failed++;
}

const e2eDir = path.join('tests', 'e2e');
const journeys = fs.existsSync(e2eDir) ? fs.readdirSync(e2eDir).filter((f) => f.endsWith('.e2e.ts')) : [];
if (journeys.length) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) {
    console.error(
      `\n!!! Chromium not found at ${chromium}: the end-to-end journeys are SKIPPED. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    if (process.env.CI === 'true') failed++;
  } else {
    const e2eReport = report.replace('report.json', 'e2e.json');
    if (!step('build the web app for the journeys', 'npm', ['run', 'build', '--silent'])) failed++;
    else {
      step(
        'end-to-end journeys (Chromium)',
        bin('vitest'),
        ['run', '--project', 'e2e', '--reporter=default', '--reporter=json', `--outputFile=${e2eReport}`],
        { CHROMIUM_PATH: chromium },
      );
      try {
        const results = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
        passed += results.numPassedTests;
        failed += results.numFailedTests + (results.numFailedTestSuites ?? 0);
      } catch {
        console.error('the journeys wrote no report');
        failed++;
      }
    }
  }
}

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
