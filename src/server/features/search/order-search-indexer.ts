import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'
import type { Logger } from '../../lib/logger'
import { yieldToEventLoop } from '../../lib/yield-to-event-loop'

/** Orders moved into the search index per statement: small enough to let other queries through. */
const ORDERS_PER_STEP = 2_000
/** A sweep now and then catches orders queued by a process that stopped before indexing them. */
const SWEEP_EVERY_MS = 30_000

/**
 * Moves up to `limit` queued orders into `order_search` in one statement; returns how many it took.
 * The orders are read FOR SHARE, so an edit in progress finishes first and its text is the one kept;
 * SKIP LOCKED lets instances sharing one PostgreSQL work side by side.
 */
export async function indexQueuedOrders(db: Kysely<DB>, limit = ORDERS_PER_STEP): Promise<number> {
  const result = await sql<{ taken: number }>`
    with taken as (
      delete from order_search_pending
      where order_id in (select order_id from order_search_pending limit ${limit} for update skip locked)
      returning order_id
    ), indexed as (
      insert into order_search (order_id, company_id, search_text)
      select o.id, o.company_id, order_search_text(o) from orders o join taken on taken.order_id = o.id
      for share of o
      on conflict (order_id) do update set search_text = excluded.search_text
    )
    select count(*)::int as taken from taken`.execute(db)
  return result.rows[0]?.taken ?? 0
}

export type OrderSearchIndexer = {
  /** Starts indexing now (if not already running); resolves when the queue is empty. */
  kick: () => Promise<void>
  close: () => Promise<void>
}

/** Keeps `order_search` caught up: on start, when kicked (after an import) and every 30 seconds. */
export function createOrderSearchIndexer(db: Kysely<DB>, logger: Logger): OrderSearchIndexer {
  let running: Promise<void> | null = null
  let again = false
  let closed = false
  const drain = async () => {
    do {
      again = false
      while (!closed && (await indexQueuedOrders(db)) > 0) await yieldToEventLoop()
    } while (again && !closed)
  }
  const kick = () => {
    if (closed) return Promise.resolve()
    if (running) {
      again = true
      return running
    }
    running = drain()
      .catch((error) => logger.error({ err: error }, 'Order search indexing failed'))
      .finally(() => {
        running = null
      })
    return running
  }
  const timer = setInterval(kick, SWEEP_EVERY_MS)
  timer.unref()
  void kick()
  return {
    kick,
    close: async () => {
      closed = true
      clearInterval(timer)
      await running
    },
  }
}
