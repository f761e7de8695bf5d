import { HttpResponse } from 'msw';
import type { ZodError } from 'zod';
import type { ListPage } from '../../../schema/records';
import type { ErrorMessage } from '../../../server/http/errors';
import { normaliseQueryKeys } from '../../../server/http/validation';

/**
 * The API's answers as docs/api-calls.md fixes them, for the msw handlers: `{ value }` (or `{ data }` where the
 * original API names it), the list page, and the error body `{ message, messages: [{ code, description, field }] }`
 * with its status.
 */
export interface ErrorBody {
  message: string;
  messages: ErrorMessage[];
}

export const ok = <T>(value: T, init?: ResponseInit) => HttpResponse.json({ value }, init);
export const data = <T>(value: T) => HttpResponse.json({ data: value });

/** `{ value: { items, totalCount, page, size, …extra } }`: one page of the whole filtered set. */
export function listPage<T, E extends object = object>(
  all: readonly T[],
  paging: { page: number; size: number },
  extra?: E,
) {
  const items = all.slice(paging.page * paging.size, (paging.page + 1) * paging.size);
  return ok<ListPage<T> & E>({ items, totalCount: all.length, page: paging.page, size: paging.size, ...(extra as E) });
}

export interface ProblemOptions {
  code?: string;
  field?: string;
  headers?: Record<string, string>;
  /** Beside message and messages, as the server adds them (a 409's `current`). */
  extra?: Record<string, unknown>;
}

/** An error answer: the status that means it and the one error body of every route. */
export function problem(
  status: number,
  message: string,
  { code = 'error', field, headers, extra }: ProblemOptions = {},
) {
  const body: ErrorBody = { message, messages: [{ code, description: message, field }] };
  return HttpResponse.json({ ...body, ...extra }, { status, headers });
}

export const unauthorized = () => problem(401, 'Sign in to continue', { code: 'unauthorized' });
export const forbidden = () => problem(403, "You don't have permission to do this", { code: 'forbidden' });
export const notFound = (what: string) => problem(404, `${what} not found`, { code: 'not_found' });

/** A 400 for a body, query or path its zod schema refused, worded as server/http/errors.ts words it (field: message). */
export function invalid(error: ZodError, context: 'body' | 'querystring' | 'params') {
  const messages: ErrorMessage[] = error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || context;
    return { code: 'validation', description: `${field}: ${issue.message}`, field };
  });
  return HttpResponse.json({ message: messages[0].description, messages } satisfies ErrorBody, { status: 400 });
}

/** The query as the server reads it: keys in any casing (Page, Size, Sort) become camelCase. */
export const queryOf = (request: Request) => normaliseQueryKeys(Object.fromEntries(new URL(request.url).searchParams));
