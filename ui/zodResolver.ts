import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/** Put a value at a dotted path ("vehicles.1.vin") of a nested object, creating arrays for numeric keys. */
function setPath(target: Record<string, unknown>, path: (string | number)[], value: unknown) {
  let node: Record<string | number, unknown> = target;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      if (node[key] === undefined) node[key] = value;
      return;
    }
    if (node[key] === undefined) node[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}

/**
 * The schema's own words, except zod's generic "expected number, received undefined" for a field left empty, which
 * the form says as react-admin's "Required".
 */
function messageOf(issue: { code: string; message: string }): string {
  return issue.code === 'invalid_type' && /received (undefined|null)$/.test(issue.message)
    ? 'ra.validation.required'
    : issue.message;
}

/**
 * The same zod schema the server validates with, as a react-hook-form resolver: the form shows the server's
 * rules (and messages) as the user types, before anything is sent.
 */
export function zodResolver<T extends FieldValues>(
  schema: ZodType,
  prepare?: (values: Record<string, unknown>) => Record<string, unknown>,
): Resolver<T> {
  return async (values) => {
    // `prepare` is the form's own step before sending (an empty optional group becomes null …): check what is sent.
    const result = schema.safeParse(prepare ? prepare(values) : values);
    if (result.success) return { values: values as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
      setPath(errors, path.length ? path : ['root'], { type: issue.code, message: messageOf(issue) });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
