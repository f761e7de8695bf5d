import type { FastifyInstance, FastifyRequest } from 'fastify';
import { textProblem } from '../../schema/common';
import { ApiError } from './errors';

/**
 * The text rule (schema/common.ts textProblem) on everything a request carries as values: its JSON body, its query
 * string and its path, whatever the route and whether or not it has a schema for them, before any schema runs.
 * Refused: text with a control character (tab, line feed and carriage return excepted), DEL or a C1 character, text
 * that is not well-formed Unicode, text longer than MAX_TEXT (no field declares more), a key that is not a plain
 * name, and nesting deeper than any of our bodies (a hostile body should not cost a deep recursion). The answer is a
 * 400 naming the field by its path (`vehicles.1.make`), in the error body every other refusal has.
 *
 * Narrower rules stay with the fields: one-line fields refuse line breaks and every field has its own `max` (their
 * zod schemas, which the forms in the browser use too); file bodies (a bank export, a document) are streams the
 * routes read themselves, cell by cell (server/modules/bank/csv.ts).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Body fields (by dotted path) this route takes longer than MAX_TEXT, with their own limit. */
    longText?: Readonly<Record<string, number>>;
  }
}

const MAX_DEPTH = 64;
type Path = (string | number)[];
type Part = 'body' | 'querystring' | 'params';

/** Only what JSON and the query parser make is walked: a stream or a Buffer (an upload) is the route's to read. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (!value || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** The first value (or key) that breaks the rule, with its path; walked without recursion. */
export function findTextProblem(
  value: unknown,
  /** Fields (by dotted path) a route declares longer than MAX_TEXT: a drawn signature as base64. */
  longer: Readonly<Record<string, number>> = {},
): { path: Path; message: string } | null {
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    if (path.length > MAX_DEPTH) return { path: path.slice(0, 3), message: 'The request is nested too deeply' };
    if (typeof current === 'string') {
      const max = longer[path.join('.')];
      const message = textProblem(current, max ? { max } : {});
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      // In reverse, so that the first bad item is found first.
      for (let index = current.length - 1; index >= 0; index--)
        stack.push({ value: current[index], path: [...path, index] });
    } else if (isPlainObject(current)) {
      const entries = Object.entries(current);
      for (const [key] of entries) {
        // A key is a name: no control character at all; shown well-formed (the path is in the answer).
        const message = textProblem(key, { lines: 'name', max: 200 });
        if (message) return { path: [...path, key.toWellFormed()], message };
      }
      for (let index = entries.length - 1; index >= 0; index--)
        stack.push({ value: entries[index][1], path: [...path, entries[index][0]] });
    }
  }
  return null;
}

function check(part: Part, value: unknown, longer?: Readonly<Record<string, number>>): void {
  const problem = findTextProblem(value, longer);
  if (!problem) return;
  const field = problem.path.map(String).join('.') || part;
  throw new ApiError(400, `${field}: ${problem.message}`, 'validation', field);
}

/** Every route, with or without a schema: the check runs before validation (and after access control). */
export function registerTextRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    // The router's and the query parser's own objects, as plain ones (the walk takes nothing else for an object).
    check('params', { ...(request.params as object) });
    check('querystring', { ...(request.query as object) });
    check('body', request.body, request.routeOptions.config?.longText);
  });
}
