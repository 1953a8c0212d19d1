import { type Listen, RECONNECTED_PAYLOAD } from '../db/connect'
import type { Logger } from '../lib/logger'

type Subscriber = (data: string) => void

/** A message for every subscriber (e.g. a TRUNCATE, which names no company). */
export const EVERYONE = Symbol('everyone')

/** Who a NOTIFY message is for (a company, a person, or EVERYONE) and what to pass on; null drops it. */
export type Route = (message: unknown) => { key: string | typeof EVERYONE; data: string } | null

export type TopicHub = {
  /**
   * Calls back on every message for `key` (a company, a person), from any instance, and with
   * 'RECONNECTED' after the LISTEN connection came back (anything may have changed meanwhile);
   * returns the unsubscribe, which may safely be called more than once.
   */
  subscribe: (key: string, subscriber: Subscriber) => () => void
  close: () => Promise<void>
}

/**
 * One LISTEN per server instance and channel, fanned out to the subscribers of each key. A new
 * live channel is a NOTIFY trigger, a hub with its route, and an entry in realtime/routes.ts.
 */
export async function createTopicHub(listen: Listen, logger: Logger, channel: string, route: Route): Promise<TopicHub> {
  const subscribers = new Map<string, Set<Subscriber>>()
  const stop = await listen(channel, (payload) => {
    if (payload === RECONNECTED_PAYLOAD) {
      for (const set of subscribers.values()) for (const subscriber of set) subscriber('RECONNECTED')
      return
    }
    try {
      const message = route(JSON.parse(payload))
      if (!message) return
      const targets = message.key === EVERYONE ? [...subscribers.values()] : [subscribers.get(message.key) ?? []]
      for (const set of targets) for (const subscriber of set) subscriber(message.data)
    } catch (error) {
      logger.warn({ err: error, channel }, 'Unreadable realtime notification')
    }
  })
  return {
    subscribe(key, subscriber) {
      // A fresh wrapper per subscription, so a stale unsubscribe can never remove a later one.
      const entry: Subscriber = (data) => subscriber(data)
      const set = subscribers.get(key) ?? new Set()
      set.add(entry)
      subscribers.set(key, set)
      return () => {
        const current = subscribers.get(key)
        if (!current?.delete(entry)) return
        if (current.size === 0) subscribers.delete(key)
      }
    },
    close: stop,
  }
}
