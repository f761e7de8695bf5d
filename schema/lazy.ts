/**
 * Values built on first read. The web app evaluates every module of its shell at start, in one long task that holds
 * the page: what a screen may never need is built when first asked for — a resource definition's zod rules (each
 * field's, each filter's, the bodies), an Intl formatter (the first date-and-time formatter costs tens of ms).
 */

/** `build()` on the first call, the same value after. */
export function once<T>(build: () => T): () => T {
  let value: T;
  let built = false;
  return () => {
    if (!built) {
      value = build();
      built = true;
    }
    return value;
  };
}

/** `target[key]` built by `build` on its first read, then kept; copies made by `copyWith` share the one value. */
export function lazy<T extends object, K extends keyof T>(target: T, key: K, build: () => T[K]): T {
  Object.defineProperty(target, key, { configurable: true, enumerable: true, get: once(build) });
  return target;
}

/** A copy of `source` with `changes` over it, keeping its lazy values lazy (a spread would build them all). */
export function copyWith<T extends object>(source: T, changes: Partial<T>): T {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(source)) as T;
  for (const [key, value] of Object.entries(changes))
    Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}
