/**
 * Lets pending I/O (sockets, timers, other requests) run before going on. PGlite answers queries
 * through promise callbacks alone, so a loop of queries on it never gives the event loop a turn:
 * long loops call this between steps.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}
