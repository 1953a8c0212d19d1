import { type Kysely, sql } from 'kysely'
import { searchSortColumns } from '../../db/migrations/026-order-sort-keys'
import type { DB } from '../../db/schema'
import { asBackgroundJob } from '../../db/statement-context'
import type { Logger } from '../../lib/logger'
import { yieldToEventLoop } from '../../lib/yield-to-event-loop'

/** Orders moved into the search index per statement: small enough to let other queries through. */
const ORDERS_PER_STEP = 2_000
/** A sweep now and then catches orders queued by a process that stopped before indexing them. */
const SWEEP_EVERY_MS = 30_000

/**
 * Moves up to `limit` queued orders into `order_search` (search text and sort keys) in one statement, and drops queue entries
 * of orders deleted meanwhile; returns how many entries it settled. It never waits on a lock: an
 * order being edited or deleted (row locked) is skipped and stays queued for the next round, so it
 * cannot deadlock with Clear All Data or an edit, and the edit's own text is the one kept. SKIP
 * LOCKED on the queue lets instances sharing one PostgreSQL work side by side.
 */
export async function indexQueuedOrders(db: Kysely<DB>, limit = ORDERS_PER_STEP): Promise<number> {
  const result = await sql<{ settled: number }>`
    with picked as (
      select order_id from order_search_pending limit ${limit} for update skip locked
    ), readable as (
      select o.id, o.company_id, order_search_text(o) as search_text, ${searchSortColumns('o')} from orders o
      where o.id in (select order_id from picked)
      for share of o skip locked
    ), indexed as (
      insert into order_search (order_id, company_id, search_text, ${searchSortColumns()})
      select id, company_id, search_text, ${searchSortColumns()} from readable
      on conflict (order_id) do update set (search_text, ${searchSortColumns()}) =
        (excluded.search_text, ${searchSortColumns('excluded')})
      returning order_id
    ), settled as (
      delete from order_search_pending
      where order_id in (select order_id from indexed)
        or order_id in (select order_id from picked where not exists (select 1 from orders where id = picked.order_id))
      returning order_id
    )
    select count(*)::int as settled from settled`.execute(db)
  return result.rows[0]?.settled ?? 0
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
    // A job of its own: not under the limit of the request that kicked it, nor cancelled with it.
    running = asBackgroundJob(drain)
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
