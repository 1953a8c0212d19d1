import type { Listen } from '../db/connect'
import { ORDERS_CHANNEL } from '../db/migrations/021-order-list'
import type { Logger } from '../lib/logger'
import { createTopicHub, EVERYONE, type TopicHub } from './hub'

/** Changes to a company's own orders, keyed by company id; each message is the statement's operation. */
export type OrderChangeHub = TopicHub

export function createOrderChangeHub(listen: Listen, logger: Logger): Promise<OrderChangeHub> {
  return createTopicHub(listen, logger, ORDERS_CHANNEL, (message) => {
    const { companyId, op } = message as { companyId?: string; op: string }
    // A TRUNCATE names no company: every company's orders went.
    return { key: companyId ?? EVERYONE, data: op }
  })
}
