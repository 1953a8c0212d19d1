import { type Listen, RECONNECTED_PAYLOAD } from '../db/connect'
import { CASES_CHANNEL } from '../db/migrations/005-case-change-notify'
import { ORDERS_CHANNEL } from '../db/migrations/021-order-list'
import type { Logger } from '../lib/logger'

/** What changed: the RDN cases ('cases') or the company's own orders ('orders'). */
export type ChangeKind = 'cases' | 'orders'
type Subscriber = (op: string, kind: ChangeKind) => void

export type CaseChangeHub = {
  /**
   * Calls back on every change to the company's cases or orders, from any instance; returns the
   * unsubscribe, which may safely be called more than once.
   */
  subscribe: (companyId: string, subscriber: Subscriber) => () => void
  close: () => Promise<void>
}

/** One LISTEN per channel and server instance, fanned out to the subscribers of each company. */
export async function createCaseChangeHub(listen: Listen, logger: Logger): Promise<CaseChangeHub> {
  const subscribers = new Map<string, Set<Subscriber>>()
  const fanOut = (kind: ChangeKind) => (payload: string) => {
    if (payload === RECONNECTED_PAYLOAD) {
      for (const set of subscribers.values()) for (const subscriber of set) subscriber('RECONNECTED', kind)
      return
    }
    try {
      const { companyId, op } = JSON.parse(payload) as { companyId?: string; op: string }
      // A TRUNCATE names no company: everyone's orders went.
      const targets = companyId ? [subscribers.get(companyId) ?? []] : [...subscribers.values()]
      for (const set of targets) for (const subscriber of set) subscriber(op, kind)
    } catch (error) {
      logger.warn({ err: error }, 'Unreadable change notification')
    }
  }
  const stopCases = await listen(CASES_CHANNEL, fanOut('cases'))
  const stopOrders = await listen(ORDERS_CHANNEL, fanOut('orders'))
  const stop = async () => {
    await stopCases()
    await stopOrders()
  }
  return {
    subscribe(companyId, subscriber) {
      // A fresh wrapper per subscription, so a stale unsubscribe can never remove a later one.
      const entry: Subscriber = (op, kind) => subscriber(op, kind)
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
