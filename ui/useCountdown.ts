import { useEffect, useState } from 'react';

const secondsUntil = (until: string | null, now = Date.now()) =>
  until ? Math.max(0, Math.ceil((Date.parse(until) - now) / 1000)) : 0;

/**
 * The whole seconds left until `until` (an ISO instant), counted down once a second and 0 once it has passed (or when
 * there is none): a cool-down the user can watch ("Send again in 0:42").
 */
export function useCountdown(until: string | null): number {
  const [left, setLeft] = useState(() => secondsUntil(until));
  useEffect(() => {
    setLeft(secondsUntil(until));
    if (!secondsUntil(until)) return;
    const timer = window.setInterval(() => {
      const next = secondsUntil(until);
      setLeft(next);
      if (!next) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return left;
}

/** 42 → "0:42", 125 → "2:05". */
export const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
