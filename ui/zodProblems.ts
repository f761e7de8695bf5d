import type { ZodType } from 'zod';

/**
 * The first problem a zod rule (schema/) finds with each top-level field, in the rule's own words: forms that check
 * as the user types what the server will check on arrival.
 */
export function zodProblems<K extends string>(schema: ZodType, values: unknown): Partial<Record<K, string>> {
  const result = schema.safeParse(values);
  const problems: Partial<Record<K, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    problems[field] ??= issue.message;
  }
  return problems;
}
