import type { Kysely } from 'kysely'
import type { Listen } from '../../db/connect'
import { INVOICE_WORK_CHANNEL } from '../../db/migrations/048-invoice-work-signal-and-lookups'
import type { DB } from '../../db/schema'
import { asBackgroundJob } from '../../db/statement-context'
import type { Logger } from '../../lib/logger'
import { draftQueuedInvoices } from './drafting'
import { repriceQueuedDrafts } from './reprice-queue'

/** How often the server looks at the queues even when nothing woke it (a missed notification). */
export const DRAFT_EVERY_MS = 60_000

export type InvoiceDrafting = {
  /** Works the queues now (or once more after the run in progress). */
  wake: () => void
  /** Resolves when no run is in progress or due (tests). */
  idle: () => Promise<void>
  stop: () => Promise<void>
}

/**
 * The background invoice work (issue 42: never inside a read): drafts every company's queued cases
 * and prices again the drafts queued for it, woken as soon as a statement queues work (migration
 * 048's NOTIFY: a recovery marked on a field dashboard, an import, the RDN sync, a rate card
 * change), and every `everyMs` besides. A run drafts in small batches, yielding between them, so
 * requests go on meanwhile. Instances may each run it: the queues' row locks keep them off each other's work.
 */
export async function startInvoiceDrafting(
  db: Kysely<DB>,
  logger: Logger,
  options: { everyMs?: number; listen?: Listen } = {},
): Promise<InvoiceDrafting> {
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  const keepGoing = () => !stopped

  async function work() {
    do {
      again = false
      try {
        const drafted = await draftQueuedInvoices(db, null, new Date(), keepGoing)
        if (drafted > 0) logger.info({ drafted }, 'Invoices drafted')
        // Drafts whose client's rate card (or an RDN case's client) changed.
        const repriced = await repriceQueuedDrafts(db, null, new Date(), keepGoing)
        if (repriced > 0) logger.info({ repriced }, 'Draft invoices repriced')
      } catch (error) {
        logger.warn({ err: error }, 'Drafting invoices failed')
      }
    } while (again && !stopped)
  }

  function wake() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    // Its own job wherever the wake-up came from (PGlite hands a NOTIFY over inside the statement
    // of the request that queued the work): a job's limit, not cancelled with that request.
    running = asBackgroundJob(work).finally(() => {
      running = null
    })
  }

  const timer = setInterval(wake, options.everyMs ?? DRAFT_EVERY_MS)
  timer.unref()
  const unlisten = options.listen ? await options.listen(INVOICE_WORK_CHANNEL, wake) : null
  // What was queued while no server ran.
  wake()
  return {
    wake,
    idle: async () => {
      while (running) await running
    },
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await unlisten?.()
      await running
    },
  }
}
