/**
 * Dispatch sheet reading benchmark (docs/product/dispatch-sheets.md#dispatch-sheet-accuracy): how many of a sheet's values the reader
 * gets right, field by field, and how long a sheet takes. A benchmark of the reader alone (no server): pure bytes in,
 * fields out, as server/modules/orderDrafts/sheets/ is.
 *
 *   1. BENCH_SHEETS (50) sheets of each layout from the tests' generator (tests/helpers/dispatchSheets/: seeded
 *      facts, real cities and ZIPs, valid VINs, 1–4 vehicles, long names, missing optional fields, second pages), plus
 *      as many free-form letters for the generic reader. Seeds 1000… so that they are not the unit tests' sheets.
 *   2. Each PDF read once to warm pdf.js up, then each timed (wall time of readDispatchSheet, from the bytes).
 *   3. Each reading compared with its facts (tests/helpers/dispatchSheets/score.ts): every field the facts state or
 *      the reader claims; for the letters, what the generic reader looks for (GENERIC_FIELDS) and the VINs.
 *      Printed per layout: each field's share right, the groups (VINs, ZIPs, dates, money), how many right values were
 *      below LOW_CONFIDENCE (asked to be checked for nothing) and how many wrong ones were not (the ones that matter),
 *      and the time per sheet (p50/p95).
 *
 * Fails (exit code 1) when a group is below 100% or a field below 98%: the reader's goal. Results: stdout and
 * bench/results/sheets-<timestamp>.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOW_CONFIDENCE } from '../schema/dispatchSheets';
import { GENERIC_FIELDS, readDispatchSheet } from '../server/modules/orderDrafts/sheets';
import { type FactsLayout, randomFacts, sheetPdf } from '../tests/helpers/dispatchSheets';
import { type Comparison, compareReading, groupOf } from '../tests/helpers/dispatchSheets/score';
import { RESULTS_DIR, fmt, gitCommit, machineInfo, machineLoad, numberFromEnv, percentile, runBench } from './lib';

const SHEETS = numberFromEnv('BENCH_SHEETS', 50, { integer: true });
const LAYOUTS: FactsLayout[] = ['centralDispatch', 'superDispatch', 'rateConfirmation', 'generic'];
const FIELD_GOAL = 98;

interface LayoutResult {
  layout: FactsLayout;
  sheets: number;
  layoutRecognised: number;
  fields: Record<string, { right: number; total: number; percent: number }>;
  groups: Record<string, { right: number; total: number; percent: number }>;
  rightButUnsure: number;
  wrongButSure: number;
  msPerSheet: { p50: number; p95: number; max: number };
  mistakes: (Comparison & { seed: number })[];
}

const share = (right: number, total: number) => ({ right, total, percent: total ? (100 * right) / total : 100 });

async function benchLayout(layout: FactsLayout): Promise<LayoutResult> {
  const tally = new Map<string, { right: number; total: number }>();
  const groups = new Map<string, { right: number; total: number }>();
  const times: number[] = [];
  const mistakes: LayoutResult['mistakes'] = [];
  let recognised = 0;
  let rightButUnsure = 0;
  let wrongButSure = 0;
  for (let i = 0; i < SHEETS; i++) {
    const seed = 1000 + i;
    const facts = randomFacts(layout, seed);
    const bytes = await sheetPdf(facts);
    if (i === 0) await readDispatchSheet(bytes);
    const started = performance.now();
    const reading = await readDispatchSheet(bytes);
    times.push(performance.now() - started);
    if (reading.layout === layout) recognised++;
    const options = layout === 'generic' ? { keys: GENERIC_FIELDS, vinsOnly: true } : {};
    for (const c of compareReading(facts, reading, options)) {
      for (const [map, key] of [
        [tally, c.key],
        [groups, groupOf(c.key)],
      ] as const) {
        if (!key) continue;
        const entry = map.get(key) ?? { right: 0, total: 0 };
        entry.total++;
        if (c.right) entry.right++;
        map.set(key, entry);
      }
      const sure = (c.confidence ?? 0) >= LOW_CONFIDENCE;
      if (c.right && !sure) rightButUnsure++;
      if (!c.right) {
        mistakes.push({ ...c, seed });
        if (sure) wrongButSure++;
      }
    }
  }
  const sorted = Float64Array.from(times).sort();
  const percents = (map: Map<string, { right: number; total: number }>) =>
    Object.fromEntries([...map].map(([key, { right, total }]) => [key, share(right, total)]));
  return {
    layout,
    sheets: SHEETS,
    layoutRecognised: recognised,
    fields: percents(tally),
    groups: percents(groups),
    rightButUnsure,
    wrongButSure,
    msPerSheet: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] },
    mistakes,
  };
}

function printLayout(r: LayoutResult): void {
  console.log(`\n${r.layout}: ${r.sheets} sheets, layout recognised on ${r.layoutRecognised}`);
  for (const [key, s] of Object.entries(r.fields))
    console.log(`  ${key.padEnd(22)} ${fmt(s.percent, 1).padStart(6)}%  (${s.right}/${s.total})`);
  console.log(
    `  groups: ${Object.entries(r.groups)
      .map(([key, s]) => `${key} ${fmt(s.percent, 1)}%`)
      .join(', ')}`,
  );
  console.log(`  right but below LOW_CONFIDENCE: ${r.rightButUnsure}; wrong but at or above it: ${r.wrongButSure}`);
  console.log(
    `  ms per sheet: p50 ${fmt(r.msPerSheet.p50, 1)}, p95 ${fmt(r.msPerSheet.p95, 1)}, max ${fmt(r.msPerSheet.max, 1)}`,
  );
  for (const m of r.mistakes.slice(0, 10))
    console.log(`  wrong: seed ${m.seed} ${m.key}: ${JSON.stringify(m.expected)} read ${JSON.stringify(m.read)}`);
}

runBench('sheets bench', async () => {
  const startedAt = new Date();
  const results: LayoutResult[] = [];
  for (const layout of LAYOUTS) {
    const result = await benchLayout(layout);
    printLayout(result);
    results.push(result);
  }
  console.log(`\nMachine load at the end: ${JSON.stringify(machineLoad())}`);
  const problems = results.flatMap((r) => [
    ...Object.entries(r.groups)
      .filter(([, s]) => s.percent < 100)
      .map(([key, s]) => `${r.layout}: ${key} ${fmt(s.percent, 1)}% (must be 100%)`),
    ...Object.entries(r.fields)
      .filter(([, s]) => s.percent < FIELD_GOAL)
      .map(([key, s]) => `${r.layout}: ${key} ${fmt(s.percent, 1)}% (must be ≥ ${FIELD_GOAL}%)`),
    ...(r.layoutRecognised < r.sheets ? [`${r.layout}: layout recognised on ${r.layoutRecognised}/${r.sheets}`] : []),
  ]);
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `sheets-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const json = {
    startedAt: startedAt.toISOString(),
    commit: gitCommit(),
    machine: machineInfo(),
    sheets: SHEETS,
    results,
    problems,
  };
  fs.writeFileSync(file, JSON.stringify(json, null, 2));
  console.log(`\nResults: ${path.relative(process.cwd(), file)}`);
  if (problems.length) {
    console.log(`\nBelow the goal:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.log('\nEvery group 100%, every field ≥ 98%.');
});
