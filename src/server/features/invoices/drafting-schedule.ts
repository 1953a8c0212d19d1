import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import type { Logger } from '../../lib/logger'
import { draftQueuedInvoices } from './drafting'
import { repriceQueuedDrafts } from './reprice-queue'

/** How often the server drafts the invoices of cases repossessed since (Invoice Management drafts on sight too). */
export const DRAFT_EVERY_MS = 60_000

/**
 * Drafts every company's queued cases every minute, and prices again the drafts queued for it, so a recovery marked on a field dashboard, by
 * an import or by the RDN sync has its draft (and the entry on its timeline) without anyone opening
 * Invoice Management. Instances may each run it: the queue's row locks keep them off each other's cases.
 */
export function startInvoiceDrafting(db: Kysely<DB>, logger: Logger, everyMs = DRAFT_EVERY_MS) {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return
      try {
        const drafted = await draftQueuedInvoices(db, null)
        if (drafted > 0) logger.info({ drafted }, 'Invoices drafted')
        // Drafts whose client's rate card (or an RDN case's client) changed.
        const repriced = await repriceQueuedDrafts(db, null)
        if (repriced > 0) logger.info({ repriced }, 'Draft invoices repriced')
      } catch (error) {
        logger.warn({ err: error }, 'Drafting invoices failed')
      }
    })
  }, everyMs)
  timer.unref()
  return {
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
