import { enumWords, usCents, usDate, usDateTime, usMoney } from '../../schema/format';

/**
 * An audit entry's before → after as people read it (pure: the screen and tests/unit/auditDiff.test.ts share it):
 * one line per field, nested objects and lists of records flattened to their fields, values formatted as the screens
 * show them. Which field is what comes from a `Describe` (resources/auditTrail/subjects.ts builds one from a
 * record definition).
 */

/** How one field reads: its label, and how its value is shown. */
export interface FieldInfo {
  label: string;
  /** money: dollars; cents: integer cents; date: a business date; instant: a moment; hidden: never a line (a name that another line shows). */
  kind?: 'money' | 'cents' | 'date' | 'instant' | 'boolean' | 'text' | 'hidden';
  /** A choice's words by value. */
  choices?: Readonly<Record<string, string>>;
  /** The field beside it whose value names it: a reference id is shown by the name the record carries (carrierId → carrierName). */
  shownBy?: string;
  /** Bookkeeping (version, timestamps): among the unchanged fields even when it changed. */
  quiet?: boolean;
}

/**
 * What a field at `path` is: the keys from the top, a list item as '*' (['vehicles', '*', 'price']). Undefined: a
 * field nobody described, shown with its key in words.
 */
export type Describe = (path: readonly string[]) => FieldInfo | undefined;

export interface DiffWords {
  yes: string;
  no: string;
  /** A secret the server never writes (a password): '[hidden]' in the log. */
  hidden: string;
  /** The position of a record in a list: 'Vehicle %{n}' style, given the list's label and the position. */
  item: (list: string, n: number) => string;
}

export const ENGLISH_WORDS: DiffWords = { yes: 'Yes', no: 'No', hidden: '(hidden)', item: (list, n) => `${list} ${n}` };

export type Change = 'added' | 'removed' | 'changed' | 'same';

export interface DiffLine {
  /** Dotted, with list items by position or id: 'pickup.city', 'vehicles.2.price'. */
  key: string;
  label: string;
  before: string | null;
  after: string | null;
  change: Change;
  quiet: boolean;
}

export interface AuditDiff {
  /** created: only an after; deleted: only a before; changed: both; none: neither (a sign-in). */
  kind: 'created' | 'deleted' | 'changed' | 'none';
  /** Every field, in the record's order: what changed first among them is up to the reader (see `changedLines`). */
  lines: DiffLine[];
}

type Leaf = { path: string[]; pattern: string[]; labels: string[]; value: unknown };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * 'brokerFee' → 'Broker fee', 'entity_id' → 'Entity id': the words of a key nobody described. A key that already is
 * words ("FleetManager on Bank", as permission changes are kept) is shown as it is: names keep their capitals.
 */
export function keyWords(key: string): string {
  if (key.includes(' ')) return key;
  // Integer cents are shown as dollars (formatValue): their unit is no word of the label ('amountCents' → 'Amount').
  const words = key
    .replace(/(?<=[a-z0-9])(Cents|_cents)$/, '')
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A list of records (each an object) is flattened field by field; a list of values is one value. */
const isRecordList = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every(isRecord);

/** The leaves of a snapshot: each scalar (or list of values) with its path, its described pattern and its labels. */
function leavesOf(
  value: unknown,
  describe: Describe,
  words: DiffWords,
  path: string[] = [],
  pattern: string[] = [],
  labels: string[] = [],
): Leaf[] {
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([key, inner]) => {
      const next = [...pattern, key];
      const info = describe(next);
      if (info?.kind === 'hidden') return [];
      const shown = info?.shownBy && isRecord(value) && info.shownBy in value ? value[info.shownBy] : inner;
      return leavesOf(shown, describe, words, [...path, key], next, [...labels, info?.label ?? keyWords(key)]);
    });
  }
  if (isRecordList(value)) {
    // Items are matched by position: a list the server saves whole gives its rows new ids on every save (an order's
    // vehicles), so "Vehicles 2" is the second vehicle before and after.
    const list = labels[labels.length - 1] ?? '';
    return value.flatMap((item, index) =>
      leavesOf(
        item,
        describe,
        words,
        [...path, String(index + 1)],
        [...pattern, '*'],
        [...labels.slice(0, -1), words.item(list, index + 1)],
      ),
    );
  }
  return [{ path, pattern, labels, value }];
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const ENUM_VALUE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;

/** A value as the screens show it: money, dates and moments in US style, yes/no, a choice's words, a list joined. */
export function formatValue(
  value: unknown,
  info: FieldInfo | undefined,
  key: string,
  words: DiffWords = ENGLISH_WORDS,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (Array.isArray(value))
    return value.length ? value.map((item) => formatValue(item, info, key, words) ?? '—').join(', ') : null;
  if (isRecord(value)) return JSON.stringify(value);
  if (value === '[hidden]') return words.hidden;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') {
    if (info?.kind === 'money') return usMoney(value);
    if (info?.kind === 'cents' || (!info?.kind && /Cents$/.test(key))) return usCents(value);
    return String(value);
  }
  const text = String(value);
  if (info?.choices?.[text]) return info.choices[text];
  // A code nobody described (BOOK_ORDER, ACH_DEBIT) in words, as the screens' labels read.
  if (info?.kind !== 'text' && ENUM_VALUE.test(text)) return enumWords(text);
  if (info?.kind === 'date' || (info?.kind !== 'text' && DATE.test(text))) return usDate(text);
  if (info?.kind === 'instant' || (info?.kind !== 'text' && INSTANT.test(text))) {
    const moment = usDateTime(text);
    return moment === 'Invalid Date' ? text : moment;
  }
  return text;
}

/** Bookkeeping every record carries: kept out of "what changed" (every update bumps them; rows of a list get new ids). */
const QUIET = new Set(['id', 'version', 'createdAt', 'updatedAt']);
const isQuiet = (path: readonly string[]) => {
  const last = path[path.length - 1] ?? '';
  return path.length === 1 ? QUIET.has(last) : last === 'id' && /^\d+$/.test(path[path.length - 2] ?? '');
};

/** The lines of an entry: each field once, in the order it has after (then what only before had). */
export function auditDiff(
  before: unknown,
  after: unknown,
  describe: Describe,
  words: DiffWords = ENGLISH_WORDS,
): AuditDiff {
  const has = (value: unknown) => value !== null && value !== undefined;
  const kind = has(before) && has(after) ? 'changed' : has(after) ? 'created' : has(before) ? 'deleted' : 'none';
  const beforeLeaves = has(before) ? leavesOf(before, describe, words) : [];
  const afterLeaves = has(after) ? leavesOf(after, describe, words) : [];
  const keyOf = (leaf: Leaf) => leaf.path.join('.');
  const byKey = new Map<string, { before?: Leaf; after?: Leaf }>();
  for (const leaf of afterLeaves) byKey.set(keyOf(leaf), { after: leaf });
  for (const leaf of beforeLeaves) byKey.set(keyOf(leaf), { ...byKey.get(keyOf(leaf)), before: leaf });
  const lines = [...byKey].map(([key, { before: b, after: a }]): DiffLine => {
    const leaf = (a ?? b)!;
    const info = describe(leaf.pattern);
    const last = leaf.path[leaf.path.length - 1] ?? '';
    const shown = (l?: Leaf) => (l ? formatValue(l.value, info, last, words) : null);
    const same = JSON.stringify(b?.value ?? null) === JSON.stringify(a?.value ?? null);
    const change: Change =
      kind === 'created'
        ? 'added'
        : kind === 'deleted'
          ? 'removed'
          : same
            ? 'same'
            : !b || b.value === null
              ? 'added'
              : !a || a.value === null
                ? 'removed'
                : 'changed';
    return {
      key,
      label: leaf.labels.join(' · '),
      before: shown(b),
      after: shown(a),
      change,
      quiet: !!info?.quiet || isQuiet(leaf.path),
    };
  });
  // Bookkeeping after the fields; creating or deleting a record says what it held: its empty fields say nothing.
  const ordered = [...lines.filter((line) => !line.quiet), ...lines.filter((line) => line.quiet)];
  return { kind, lines: kind === 'changed' ? ordered : ordered.filter((line) => (line.after ?? line.before) !== null) };
}

/** The lines worth reading at first: what changed, and for a created or deleted record what it held. */
export const changedLines = (diff: AuditDiff): DiffLine[] =>
  diff.lines.filter((line) => line.change !== 'same' && !line.quiet);

/** What the list's "what changed" cell says of an entry, before it is put in words. */
export type AuditSummary =
  | { kind: 'none' | 'created' | 'deleted' | 'no_change' }
  /** One field: before → after, or only the value an entry records (an API call's status). */
  | { kind: 'line'; label: string; before: string | null; after: string | null; oneSided: boolean }
  /** Several: the first fields' labels, and how many more. */
  | { kind: 'fields'; labels: string[]; more: number };

/** A record created or deleted; the one field an entry changed or recorded; or the first three fields' names. */
export function auditSummary(diff: AuditDiff, action: string): AuditSummary {
  const lines = changedLines(diff);
  if (diff.kind === 'none') return { kind: 'none' };
  if (diff.kind === 'created' && action === 'create') return { kind: 'created' };
  if (diff.kind === 'deleted' && action === 'delete') return { kind: 'deleted' };
  if (!lines.length) return { kind: 'no_change' };
  if (lines.length === 1)
    return {
      kind: 'line',
      label: lines[0].label,
      before: lines[0].before,
      after: lines[0].after,
      oneSided: diff.kind !== 'changed',
    };
  return { kind: 'fields', labels: lines.slice(0, 3).map((line) => line.label), more: Math.max(0, lines.length - 3) };
}
