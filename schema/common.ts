import { z } from 'zod';
import { usDate } from './format';

const MAX_ID = 2_147_483_647;

/** An integer sent as query or path text ("12"); anything else, "1e309" included, is refused. */
export function textInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,12}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

/** Query booleans arrive as text; accept true/false/1/0 and nothing else. */
export const queryBoolean = z
  .enum(['true', 'false', 'True', 'False', '1', '0'])
  .transform((value) => value === 'true' || value === 'True' || value === '1');

/** A database id inside a JSON body: a positive integer, never a string or a float. */
export const idValue = z.number().int().positive().max(MAX_ID);
/** A database id in a path or query string. */
export const idText = textInteger(1, MAX_ID);
export const idParams = z.object({ id: idText });

/** Paging shared by every list (docs/api-calls.md#paging): page is 0-based. */
export function pagingQuery(defaultSize = 50, maxSize = 500) {
  return {
    page: textInteger(0, 10_000_000).default(0),
    size: textInteger(1, maxSize).default(defaultSize),
    search: z.string().trim().superRefine(textRule()).max(200).optional(),
    sort: z
      .string()
      .regex(/^-?[A-Za-z][A-Za-z0-9]{0,39}$/, 'Sort by a field name, or -field for descending')
      .optional(),
  };
}

/**
 * The one rule for text, however it comes in (JSON bodies, query strings, path values, bank CSV cells, uploaded
 * file names) and on every database: well-formed Unicode (no lone surrogate: stored as invalid UTF-8, it would read
 * back changed) and no control characters: U+0000–U+001F, U+007F (DEL) and U+0080–U+009F (C1) are refused, save
 * tab, line feed and carriage return where text may run over several lines. PostgreSQL cannot store a NUL at all
 * (SQLite would); the others are never typed, only pasted or sent to confuse a terminal, a log or a CSV reader.
 *
 * How much of that a text takes:
 *  - 'multiline': tab, line feed and carriage return: every field of every form and request (a line break is taken
 *    in a field shown on one line too: an address pasted on two lines is text, not an attack);
 *  - 'line': tab only: a bank CSV cell (the bank writes one row per line);
 *  - 'name': none at all: file names (they go into headers and file systems).
 * Text is also at most MAX_TEXT characters where nothing declares a narrower limit (every declared `max` is at most it).
 */
export type TextLines = 'multiline' | 'line' | 'name';

/** The longest text any request may carry in one value: above every declared limit (the longest are 5,000). */
export const MAX_TEXT = 10_000;

export const TEXT_MESSAGES = {
  notUnicode: 'Text must be valid Unicode: it holds a lone surrogate (an unpaired \\ud800-\\udfff)',
  control: (code: string, at: number) =>
    `Text cannot contain the control character ${code} (character ${groupDigits(at)})`,
  lineBreak: (at: number) => `Text here is a single line: remove the line break (character ${groupDigits(at)})`,
  tooLong: (max: number, length: number) => `At most ${groupDigits(max)} characters (this is ${groupDigits(length)})`,
};

/* eslint-disable no-control-regex */
const CONTROLS: Record<TextLines, RegExp> = {
  multiline: /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/,
  line: /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/,
  name: /[\u0000-\u001f\u007f-\u009f]/,
};
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** "U+0007". */
const codePoint = (character: string) => `U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** What is wrong with a text under the rule (the message the field shows), or null when it is acceptable. */
export function textProblem(
  value: string,
  { lines = 'multiline', max = MAX_TEXT }: { lines?: TextLines; max?: number } = {},
): string | null {
  if (LONE_SURROGATE.test(value)) return TEXT_MESSAGES.notUnicode;
  const control = CONTROLS[lines].exec(value);
  if (control) {
    // Counted as people count characters (an emoji is one).
    const at = Array.from(value.slice(0, control.index)).length + 1;
    return lines === 'line' && (control[0] === '\n' || control[0] === '\r')
      ? TEXT_MESSAGES.lineBreak(at)
      : TEXT_MESSAGES.control(codePoint(control[0]), at);
  }
  if (value.length > max) return TEXT_MESSAGES.tooLong(max, value.length);
  return null;
}

/**
 * The rule as a zod refinement, for string schemas (`z.string().trim().superRefine(textRule()).max(80)`): the
 * forms in the browser and the server then say the same. The length is left to the schema's own `max`.
 */
export const textRule =
  (lines: TextLines = 'multiline') =>
  (value: string, ctx: z.RefinementCtx<string>) => {
    const problem = textProblem(value, { lines, max: Infinity });
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  };

/** An uploaded file's name as sent (?fileName=): no control characters at all, at most `max` characters. */
export const fileNameText = (max: number) =>
  z
    .string()
    .superRefine(textRule('name'))
    .max(max, `At most ${groupDigits(max)} characters`);

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const email = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

/** Business dates (YYYY-MM-DD) keep to this window: a date outside it is a typo, not a load or an expiry. */
export const BUSINESS_DATE_MIN = '1990-01-01';
export const BUSINESS_DATE_MAX = '2100-12-31';

/** Whether YYYY-MM-DD text names a day of the calendar (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The one rule for business dates (every record, filter and form): a real day within the business window. */
export const businessDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD')
  .superRefine((value, ctx) => {
    if (!isCalendarDate(value)) ctx.addIssue({ code: 'custom', message: 'Not a real date' });
    else if (value < BUSINESS_DATE_MIN || value > BUSINESS_DATE_MAX)
      ctx.addIssue({
        code: 'custom',
        message: `Use a date from ${usDate(BUSINESS_DATE_MIN)} to ${usDate(BUSINESS_DATE_MAX)}`,
      });
  });

/**
 * An integer with US thousands separators (100,000,000), for the messages the definitions build at start. Not
 * toLocaleString: it makes a number formatter at every call, and the app builds hundreds of these messages as it loads.
 */
export const groupDigits = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
