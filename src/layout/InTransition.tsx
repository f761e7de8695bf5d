import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Its children are first rendered as a transition: React renders them in slices it interrupts for input, where an
 * ordinary first render is one uninterrupted task (250 to 340 ms for the book-order list on this machine's Chromium),
 * and what is around them shows meanwhile. Later renders are ordinary ones.
 */
export function InTransition({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown ? children : null;
}
