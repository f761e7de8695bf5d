import fs from 'node:fs';
import { expect } from 'vitest';

/**
 * The race suite's small tools: firing requests at once, counting the answers, and saying what happened (each
 * scenario notes its counts and amounts; with RACE_LOG=<file> they are appended there too, one line each).
 */
export interface Answer {
  status: number;
  body: any;
}

/** Runs every call at once: each is started before any is awaited (app.inject; against PostgreSQL, the pool's connections). */
export const atOnce = <T>(calls: readonly (() => Promise<T>)[]): Promise<T[]> =>
  Promise.all(calls.map((call) => call()));

/**
 * Runs the calls with `gapMs` between starts (0: all in the same turn of the event loop). Not for luck: a correct
 * server answers every interleaving alike, so varying the gap only varies which interleavings a wrong one shows.
 */
export function staggered<T>(calls: readonly (() => Promise<T>)[], gapMs: number): Promise<T[]> {
  if (gapMs <= 0) return atOnce(calls);
  return Promise.all(
    calls.map(
      (call, i) => new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), i * gapMs)),
    ),
  );
}

/** Runs each call `at` ms after the first starts (0: in the same turn); as `staggered`, only to vary the interleavings. */
export function scheduled<T>(calls: readonly { at: number; call: () => Promise<T> }[]): Promise<T[]> {
  return Promise.all(
    calls.map(({ at, call }) =>
      at <= 0 ? call() : new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), at)),
    ),
  );
}

/** '200×1 409×7' */
export function tally(answers: readonly Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
}

const messageOf = (a: Answer) =>
  typeof a.body === 'object' && a.body
    ? (a.body.message ?? JSON.stringify(a.body)).slice(0, 160)
    : String(a.body).slice(0, 160);

/** The distinct refusals, for a failure's message: '409 This bill is already paid (×7)'. */
export function refusals(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers.filter((x) => x.status !== 200))
    counts.set(`${a.status} ${messageOf(a)}`, (counts.get(`${a.status} ${messageOf(a)}`) ?? 0) + 1);
  return [...counts.entries()].map(([text, count]) => `${text} (×${count})`).join('; ');
}

/** A loser is told no (400 or 409, or what `allowed` allows); never a 5xx. Soft: the scenario goes on to its invariants. */
export function expectNoServerError(
  answers: readonly Answer[],
  label: string,
  allowed: readonly number[] = [200, 400, 409],
): void {
  const odd = answers.filter((a) => !allowed.includes(a.status));
  expect
    .soft(
      odd.map((a) => `${a.status} ${messageOf(a)}`),
      `${label}: answers outside ${allowed.join('/')} (${tally(answers)})`,
    )
    .toEqual([]);
}

/** Exactly one 200; every other answer a refusal (400/409). Soft, as above. */
export function expectOneWinner(answers: readonly Answer[], label: string): Answer | undefined {
  expectNoServerError(answers, label);
  const winners = answers.filter((a) => a.status === 200);
  expect
    .soft(
      winners.length,
      `${label}: exactly one success expected, got ${tally(answers)}; refusals: ${refusals(answers)}`,
    )
    .toBe(1);
  return winners[0];
}

/** Says what a scenario saw (vitest shows it with the test; RACE_LOG collects them). */
export function note(kind: string, scenario: string, text: string): void {
  const line = `[race ${kind}] ${scenario}: ${text}`;
  console.log(line);
  if (process.env.RACE_LOG) fs.appendFileSync(process.env.RACE_LOG, `${new Date().toISOString()} ${line}\n`);
}

/** transact()'s answer when its retries are spent (server/db/transaction.ts busy()): a refusal, nothing written. */
export const isBusy = (a: Answer) => a.status === 409 && /Others were saving/.test(String(a.body?.message ?? ''));

export const cents = (dollars: number) => Math.round(dollars * 100);
export const dollars = (c: number) => Math.round(c) / 100;
