import { useEffect, useState } from 'react';

/** A typed value once the user has paused for `ms` (one request per pause, not per key): searches and look-ups. */
export function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
