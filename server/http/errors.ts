import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { redactUrl } from './logging';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The media types the route takes as its body, parameters aside (a wildcard such as image/* matches its kind, and the
     * any-type wildcard anything). Unset: application/json. Another type is answered 415 naming these (./bodies.ts).
     */
    accepts?: readonly string[];
    /** What a body over the route's bodyLimit is told with its 413 (unset: that the body is too large, and the limit). */
    tooLarge?: string;
  }
}

export interface ErrorMessage {
  code: string;
  description: string;
  field?: string;
}

/** An error with the status and messages the client should see (docs/api-calls.md#errors). */
export class ApiError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code = 'error',
    public readonly field?: string,
    public readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, field?: string) => new ApiError(400, message, 'validation', field);
export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, message, 'unauthorized');
export const forbidden = (message = "You don't have permission to do this") => new ApiError(403, message, 'forbidden');
export const notFound = (what = 'Record') => new ApiError(404, `${what} not found`, 'not_found');
export const conflict = (message: string, extra?: Record<string, unknown>) =>
  new ApiError(409, message, 'conflict', undefined, extra);

export function errorBody(message: string, messages: ErrorMessage[]) {
  return { message, messages };
}

function zodMessages(error: ZodError, context: string | undefined): ErrorMessage[] {
  return error.issues.map((issue) => {
    const field = issue.path.map(String).join('.') || context || undefined;
    return { code: 'validation', description: field ? `${field}: ${issue.message}` : issue.message, field };
  });
}

const JSON_ONLY: readonly string[] = ['application/json'];
/** The media types a request's route takes as its body: its declaration, else JSON. */
export const acceptedTypes = (request: FastifyRequest): readonly string[] =>
  request.routeOptions?.config?.accepts ?? JSON_ONLY;

const spelled = (items: readonly string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
const megabytes = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${Math.ceil(bytes / 1024)} KB`;

/** 415, naming what the route takes (its `accepts`), whichever part of the server found the type wrong. */
export function unsupportedMediaType(request: FastifyRequest): ApiError {
  const types = acceptedTypes(request).filter((type) => type !== '*/*');
  const message = types.length
    ? `Send the request body as ${spelled(types)}`
    : 'The request body is not of a type this route takes';
  return new ApiError(
    415,
    message,
    'unsupported_media_type',
    request.routeOptions?.config?.accepts ? 'file' : undefined,
  );
}

/** 413 for a body over the route's limit: the route's own words (`tooLarge`), else the limit. */
export function bodyTooLarge(request: FastifyRequest): ApiError {
  const declared = request.routeOptions?.config?.tooLarge;
  const limit = request.routeOptions?.bodyLimit;
  const message =
    declared ??
    (limit ? `The request body is too large: at most ${megabytes(limit)}` : 'The request body is too large');
  return new ApiError(413, message, 'too_large', declared ? 'file' : undefined);
}

/** Framework errors whose answer depends on the route: what it takes, how much of it. */
const ROUTE_ERRORS = new Map<unknown, (request: FastifyRequest) => ApiError>([
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', unsupportedMediaType],
  ['FST_ERR_CTP_BODY_TOO_LARGE', bodyTooLarge],
]);

/** Maps framework errors as well as ours onto the error body; never a stack trace, never a 500 for bad input. */
const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; send a JSON object'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'The request body is not valid JSON'],
  FST_ERR_BAD_URL: [400, 'The URL is not valid'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'The request could not be routed'],
};

/** Constraint violations that slip past validation (e.g. two requests racing) are the client's conflict, not a 500. */
function databaseError(error: unknown): [number, string] | null {
  const code = String((error as { code?: unknown }).code ?? '');
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505')
    return [409, 'This record already exists'];
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503')
    return [409, 'A record this one refers to does not exist or is still in use'];
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | ZodError, request: FastifyRequest, reply: FastifyReply) => {
    const routeError = ROUTE_ERRORS.get((error as FastifyError).code);
    if (routeError) error = routeError(request);
    if (error instanceof ApiError) {
      const body = {
        ...errorBody(error.message, [{ code: error.code, description: error.message, field: error.field }]),
        ...error.extra,
      };
      return reply.status(error.statusCode).send(body);
    }
    if (error instanceof ZodError) {
      const messages = zodMessages(error, (error as { validationContext?: string }).validationContext);
      return reply.status(400).send(errorBody(messages[0]?.description ?? 'The request is not valid', messages));
    }
    const database = databaseError(error);
    if (database)
      return reply.status(database[0]).send(errorBody(database[1], [{ code: 'constraint', description: database[1] }]));
    const fastifyError = error as FastifyError;
    const known = fastifyError.code ? FASTIFY_ERRORS[fastifyError.code] : undefined;
    if (known)
      return reply.status(known[0]).send(errorBody(known[1], [{ code: fastifyError.code, description: known[1] }]));
    if (error instanceof SyntaxError || fastifyError.code?.startsWith('FST_ERR_CTP')) {
      return reply
        .status(400)
        .send(errorBody('The request body is not valid', [{ code: 'bad_request', description: error.message }]));
    }
    // The client hung up before its body had come: nothing of ours failed, and nobody is left to answer (the request
    // log has its 'request aborted' line).
    if ((error as { code?: unknown }).code === 'ECONNRESET' && request.raw.socket?.destroyed === true) {
      return reply
        .status(400)
        .send(errorBody('The request was aborted', [{ code: 'aborted', description: 'The request was aborted' }]));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(errorBody(error.message, [{ code: fastifyError.code ?? 'error', description: error.message }]));
    }
    request.log.error({ err: error }, 'unhandled error');
    const message = 'Something went wrong on our side. Try again; if it keeps happening, contact the administrator.';
    return reply.status(500).send(errorBody(message, [{ code: 'internal', description: message }]));
  });
}

/** The 404 body for a path nothing answers (its path masked as in the logs: error bodies get logged too). */
export function notFoundBody(method: string, url: string) {
  const message = `There is no ${method} ${redactUrl(url.split('?')[0])} here`;
  return errorBody(message, [{ code: 'not_found', description: message }]);
}
