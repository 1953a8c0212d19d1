import { setImmediate } from 'node:timers'
import { withoutCancellation } from '../db/statement-context'

type Waiter<Value> = { resolve: (value: Value) => void; reject: (error: unknown) => void }

/**
 * Loads values by key, the keys asked for in one turn of the event loop in one call of `loadMany`
 * (requests that arrive together are read together, issue 21), and a key asked for again while
 * its load waits or is in flight shares that load: one that began at most one load's time before
 * the ask. Nothing is kept once a load settles: the next ask loads again. A key `loadMany` does
 * not return resolves to `missing`; a failed load fails every ask it was serving.
 */
export function batchedLoader<Key, Value>(
  loadMany: (keys: Key[]) => Promise<ReadonlyMap<Key, Value>>,
  missing: Value,
): (key: Key) => Promise<Value> {
  const asked = new Map<Key, Promise<Value>>()
  let waiting: Map<Key, Waiter<Value>> | null = null

  const send = (batch: Map<Key, Waiter<Value>>) => {
    const settle = (outcome: (key: Key, waiter: Waiter<Value>) => void) => {
      for (const [key, waiter] of batch) {
        asked.delete(key)
        try {
          outcome(key, waiter)
        } catch (error) {
          waiter.reject(error)
        }
      }
    }
    // A load that throws rather than rejects fails its asks the same way.
    ;(async () => loadMany([...batch.keys()]))().then(
      (found) => settle((key, waiter) => waiter.resolve(found.has(key) ? (found.get(key) as Value) : missing)),
      (error: unknown) => settle((_, waiter) => waiter.reject(error)),
    )
  }

  return (key) => {
    const shared = asked.get(key)
    if (shared) return shared
    if (!waiting) {
      const batch = new Map<Key, Waiter<Value>>()
      waiting = batch
      // After the requests read in this turn have each asked (the poll phase), before the next
      // turn's. node:timers' own, which tests' fake timers leave alone: a session is never held
      // until a test moves its clock.
      // Serving every request that asked: not cancelled when the first of them leaves.
      setImmediate(() => {
        waiting = null
        withoutCancellation(() => send(batch))
      })
    }
    const batch = waiting
    const promise = new Promise<Value>((resolve, reject) => batch.set(key, { resolve, reject }))
    asked.set(key, promise)
    return promise
  }
}
