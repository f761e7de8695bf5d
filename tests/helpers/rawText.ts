import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What people must never read on a screen or in a message: a date as the database keeps it (2026-12-02) and an enum
 * value as the code stores it (ACH_DEBIT, PAY_BILL). The enum values are gathered from schema/ itself — every
 * exported list of codes, every labels record's keys, every choice of a record definition — so a new enum is
 * covered without being named here. Only codes with an underscore count: a single word (OPEN, PAID, VIN) is also
 * plain English or an abbreviation people write.
 */

const SCHEMA = fileURLToPath(new URL('../../schema', import.meta.url));
const CODE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? filesOf(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? [path.join(dir, entry.name)]
          : [],
    );
}

function codesIn(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 4 || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string' && CODE.test(item)) into.add(item);
    return;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (CODE.test(key)) into.add(key);
    if (key === 'choices' || key === 'fields' || key === 'values' || depth === 0) codesIn(inner, into, depth + 1);
  }
}

let cached: Set<string> | null = null;
/** Every enum code the schema declares (only those with an underscore). */
export async function schemaCodes(): Promise<Set<string>> {
  if (cached) return cached;
  const codes = new Set<string>();
  for (const file of filesOf(SCHEMA)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const exported of Object.values(module)) {
      codesIn(exported, codes);
      // A record definition: its fields' choices.
      const fields = (exported as { fields?: Record<string, { choices?: { values?: unknown } }> } | null)?.fields;
      if (fields && typeof fields === 'object')
        for (const field of Object.values(fields)) codesIn(field?.choices?.values, codes);
    }
  }
  cached = codes;
  return codes;
}

export const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const WORD = /\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g;

/** What in `text` is a stored date or a schema code, each once; empty when it reads as people write. */
export function rawParts(text: string, codes: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const match of text.matchAll(ISO_DATE)) found.add(match[0]);
  for (const match of text.matchAll(WORD)) if (codes.has(match[0])) found.add(match[0]);
  return [...found];
}
