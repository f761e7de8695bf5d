/**
 * Runs `work` when the browser has nothing else to do (at most `timeout` ms later); returns the cancel. Work that the
 * first screen does not need (the hub's connection, the service worker) waits for it, so it runs in a task of its own
 * instead of lengthening the tasks that draw the screen.
 */
export function whenIdle(work: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 0);
  return () => window.clearTimeout(id);
}
