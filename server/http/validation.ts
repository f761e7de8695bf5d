import type { FastifyInstance, FastifySchema } from 'fastify';
import { type ZodType, z } from 'zod';

/**
 * Route schemas are zod schemas (from schema/), so one definition validates the request here and the form in the
 * browser. Fastify hands us the schema; we parse with it and give back the parsed (trimmed, coerced) value.
 */
export function registerZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => {
    const zod = schema as unknown as ZodType;
    return (data: unknown) => {
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
