import type { FastifyInstance, FastifySchema } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Route schemas are zod schemas (from schema/), so one definition validates the request here and the form in the
 * browser. Fastify hands us the schema; we parse with it and give back the parsed (trimmed, coerced) value.
 *
 * What no request value may hold whatever its schema (control characters, text that is not well-formed Unicode, text
 * over MAX_TEXT, deep nesting) is refused before this runs, on every route, by the text rule's hook
 * (server/http/text.ts): a schema cannot forget it.
 */

/** The error as zod itself would report it (so it is handled like every other validation error). */
function problemError({ path, message }: { path: (string | number)[]; message: string }) {
  return z
    .unknown()
    .superRefine((_value, ctx) => ctx.addIssue({ code: 'custom', path, message }))
    .safeParse(null).error!;
}

/**
 * The parameters a query schema takes: the keys of the object under its wrappers (preprocess, transform, refine,
 * optional, default). null when it is not an object (such a schema decides for itself).
 */
export function queryKeysOf(schema: ZodType): string[] | null {
  let current: ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const def = current._zod.def as unknown as {
      type: string;
      shape?: Record<string, unknown>;
      in?: ZodType;
      out?: ZodType;
      innerType?: ZodType;
    };
    if (def.type === 'object') return Object.keys(def.shape ?? {});
    if (def.type === 'pipe')
      current = def.in && (def.in._zod.def as { type: string }).type !== 'transform' ? def.in : def.out;
    else current = def.innerType;
  }
  return null;
}

/**
 * A query parameter the route does not take is refused (400 naming it), on every route: ignored, a misspelt filter
 * (driverID for driverId) would list everything and look like an answer.
 */
function unknownParameter(keys: readonly string[], data: unknown): { path: string[]; message: string } | null {
  const unknown = Object.keys((data ?? {}) as object).find((key) => !keys.includes(key));
  if (unknown === undefined) return null;
  const takes = keys.length ? `it takes ${keys.join(', ')}` : 'it takes none';
  return { path: [unknown], message: `${unknown} is not a parameter here; ${takes}` };
}

export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zod = schema as unknown as ZodType;
    const keys = httpPart === 'querystring' ? queryKeysOf(zod) : null;
    return (data: unknown) => {
      const problem = keys ? unknownParameter(keys, data) : null;
      if (problem) return { error: problemError(problem) };
      const result = zod.safeParse(data);
      return result.success ? { value: result.data } : { error: result.error };
    };
  });
}

function isZod(value: unknown): value is ZodType {
  return !!value && typeof value === 'object' && '_zod' in value;
}

/** For the OpenAPI document: zod schemas turned into JSON Schema. */
export function toJsonSchemas(schema: FastifySchema | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema ?? {})) {
    out[key] = isZod(value) ? z.toJSONSchema(value, { io: 'input', unrepresentable: 'any' }) : value;
  }
  return out;
}

/**
 * Query keys arrive in several casings (Page, ShowDeleted, HideAssigned); we read them all as camelCase.
 */
export function normaliseQueryKeys(query: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) out[key.charAt(0).toLowerCase() + key.slice(1)] = value;
  return out;
}
