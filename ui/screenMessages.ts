/**
 * The words a screen loaded on demand brings with it ({ haulboard: { access: … } }), so that the first download
 * carries only the words it shows. A screen module adds them at its top, before anything of it renders; the
 * translation providers (src/i18n/provider.ts) listen and take them in at once. Adding the same object twice does
 * nothing.
 */
type Messages = Record<string, unknown>;

const added: Messages[] = [];
const listeners = new Set<() => void>();

export function addScreenMessages(messages: Messages): void {
  if (added.includes(messages)) return;
  added.push(messages);
  for (const listener of listeners) listener();
}

/** Every screen's words so far, and a call whenever more arrive. */
export const screenMessages = (): readonly Messages[] => added;
export function onScreenMessages(listener: () => void): void {
  listeners.add(listener);
}
