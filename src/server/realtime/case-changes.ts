import { type Listen, RECONNECTED_PAYLOAD } from '../db/connect'
import { CASES_CHANNEL } from '../db/migrations/005-case-change-notify'
import type { Logger } from '../lib/logger'

type Subscriber = (op: string) => void

export type CaseChangeHub = {
  /**
   * Calls back on every change to the company's cases, from any instance; returns the
   * unsubscribe, which may safely be called more than once.
   */
  subscribe: (companyId: string, subscriber: Subscriber) => () => void
  close: () => Promise<void>
}

/** One LISTEN per server instance, fanned out to the subscribers of each company. */
export async function createCaseChangeHub(listen: Listen, logger: Logger): Promise<CaseChangeHub> {
  const subscribers = new Map<string, Set<Subscriber>>()
  const stop = await listen(CASES_CHANNEL, (payload) => {
    if (payload === RECONNECTED_PAYLOAD) {
      for (const set of subscribers.values()) for (const subscriber of set) subscriber('RECONNECTED')
      return
    }
    try {
      const { companyId, op } = JSON.parse(payload) as { companyId: string; op: string }
      for (const subscriber of subscribers.get(companyId) ?? []) subscriber(op)
    } catch (error) {
      logger.warn({ err: error }, 'Unreadable case change notification')
    }
  })
  return {
    subscribe(companyId, subscriber) {
      // A fresh wrapper per subscription, so a stale unsubscribe can never remove a later one.
      const entry: Subscriber = (op) => subscriber(op)
      const set = subscribers.get(companyId) ?? new Set()
      set.add(entry)
      subscribers.set(companyId, set)
      return () => {
        const current = subscribers.get(companyId)
        if (!current?.delete(entry)) return
        if (current.size === 0) subscribers.delete(companyId)
      }
    },
    close: stop,
  }
}
