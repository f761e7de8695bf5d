import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { ShownErrors } from './records/shownErrors';

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

/** An error leaf as react-hook-form keeps it (a message and its type), as opposed to a branch of a list or group. */
const isLeaf = (node: unknown): boolean => typeof node === 'object' && node !== null && 'message' in node;

/**
 * Drops, under `path`, every error of a field that may not show one yet. Returns whether anything is left.
 * A list's own error (at `path` itself, e.g. "Add at least one vehicle") always stays.
 */
function keepShown(node: Record<string, unknown>, path: string, shown: ShownErrors): boolean {
  if (isLeaf(node)) return shown.shows(path);
  for (const key of Object.keys(node)) {
    const child = node[key] as Record<string, unknown> | undefined;
    if (!child || typeof child !== 'object') continue;
    if (!keepShown(child, `${path}.${key}`, shown)) delete node[key];
  }
  return Object.keys(node).length > 0;
}

/**
 * The same zod schema the server validates with, as a react-hook-form resolver: the form shows the server's
 * rules (and messages) as the user types, before anything is sent. With `shown`, a check of a whole list (after a row
 * is added or removed) reports only the fields that may show their error (ui/records/shownErrors.tsx).
 */
export function zodResolver<T extends FieldValues>(
  schema: ZodType,
  prepare?: (values: Record<string, unknown>) => Record<string, unknown>,
  shown?: ShownErrors,
): Resolver<T> {
  return async (values, _context, options) => {
    // `prepare` is the form's own step before sending (an empty optional group becomes null …): check what is sent.
    const result = schema.safeParse(prepare ? prepare(values) : values);
    if (result.success) return { values: values as T, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map((p) => (typeof p === 'number' ? p : String(p)));
      setPath(errors, path.length ? path : ['root'], { type: issue.code, message: messageOf(issue) });
    }
    // One name is a check of one field or one list (after a row was added or removed); a save or a whole-form check
    // names every field, and then every error shows.
    const names = options?.names ?? [];
    if (shown && names.length === 1) {
      const [name] = names;
      // The branch of a list ("vehicles", "pickup.contacts") and what holds it.
      const keys = name.split('.');
      const parent = keys
        .slice(0, -1)
        .reduce<Record<string, unknown> | undefined>(
          (node, key) => node?.[key] as Record<string, unknown> | undefined,
          errors,
        );
      const last = keys[keys.length - 1];
      const branch = parent?.[last];
      if (branch && typeof branch === 'object' && !isLeaf(branch) && !keepShown(branch as never, name, shown!))
        delete parent![last];
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
