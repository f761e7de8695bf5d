import { LOW_CONFIDENCE } from '../../schema/dispatchSheets';
import type { DraftFieldHint } from '../../schema/orderDrafts';

/**
 * The order form's fields as the review names and finds them: their words (the order form's own,
 * haulboard.book_orders.fields.*) and the element on the page that is the field (react-admin names inputs by source).
 */
const f = (key: string) => `haulboard.book_orders.fields.${key}`;
const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const labelKey = (key: string) => f(key === 'type' ? 'vehicle_type' : snake(key.replace(/Id$/, '')));

/** "Pickup · ZIP", "Vehicle 2 · VIN", "Price". */
export function fieldLabel(path: string, translate: (key: string, args?: Record<string, unknown>) => string): string {
  const parts = path.split('.');
  if (parts[0] === 'pickup' || parts[0] === 'delivery')
    return `${translate(f(parts[0]))} · ${translate(labelKey(parts[1]))}`;
  if (parts[0] === 'vehicles')
    return `${translate('haulboard.sheets.vehicle')} ${Number(parts[1]) + 1} · ${translate(labelKey(parts[2]))}`;
  return translate(labelKey(parts[0]));
}

/** The form fields the reader was not sure of, in the order of the form. */
export function doubtful(hints: Record<string, DraftFieldHint>): [string, DraftFieldHint][] {
  return Object.entries(hints).filter(([, hint]) => hint.confidence < LOW_CONFIDENCE);
}

/** The element of a form field: its input by name, else by id (a select's or a picker's). */
export function fieldElement(root: ParentNode, path: string): HTMLElement | null {
  const quoted = CSS.escape(path);
  return root.querySelector<HTMLElement>(
    `input[name="${quoted}"]:not([type="hidden"]):not([aria-hidden="true"]), [id="${quoted}"]`,
  );
}

/** The form controls of the fields to check, for their highlight (a CSS selector list). */
export const controlsOf = (paths: string[]) =>
  paths
    .map((path) => `.MuiFormControl-root:has([name="${path}"]), .MuiFormControl-root:has([id="${path}"])`)
    .join(', ');
