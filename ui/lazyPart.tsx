import { type ComponentType, type ReactNode, Suspense, createElement, lazy } from 'react';

/**
 * A part of a screen whose code loads the first time it shows (a popover's body, a field for a rare action), so the
 * screen's own download does not carry it. `fallback` shows meanwhile (nothing by default).
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Part = lazy(async () => ({ default: await load() }));
  return function LazyPart(props: P) {
    return <Suspense fallback={fallback}>{createElement(Part as ComponentType<P>, props)}</Suspense>;
  };
}
