import { type Listen, RECONNECTED_PAYLOAD } from '../db/connect'
import { CASES_CHANNEL } from '../db/migrations/005-case-change-notify'
import type { Logger } from '../lib/logger'

type Subscriber = (op: string) => void

export type CaseChangeHub = {
  /** Calls back on every change to the company's cases, from any instance; returns the unsubscribe. */
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
      const set = subscribers.get(companyId) ?? new Set()
      set.add(subscriber)
      subscribers.set(companyId, set)
      return () => {
        set.delete(subscriber)
        if (set.size === 0) subscribers.delete(companyId)
      }
    },
    close: stop,
  }
}
