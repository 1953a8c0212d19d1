import type { Kysely } from 'kysely'
import { isEditable } from '../../../domain/billing/invoice-status'
import type { DB } from '../../db/schema'
import { nextTurn } from './drafting'
import { lockInvoice } from './repository'
import { repriceLocked } from './reprice'
import { companiesWithReprices, dequeueReprice, takeQueuedReprice } from './reprice-queue-repository'

/**
 * Prices queued drafts again (of the company, or of every company), one transaction each so one
 * failure holds no other, yielding between them, written as the person whose change queued them.
 * A draft sent meanwhile is left as it is. `keepGoing` is asked before each. Returns how many were repriced.
 */
export async function repriceQueuedDrafts(
  db: Kysely<DB>,
  companyId: string | null,
  now = new Date(),
  keepGoing: () => boolean = () => true,
) {
  let repriced = 0
  for (const company of companyId === null ? await companiesWithReprices(db) : [companyId]) {
    while (keepGoing()) {
      const done = await db.transaction().execute(async (trx) => {
        const queued = await takeQueuedReprice(trx, company)
        if (!queued) return null
        const invoice = await lockInvoice(trx, company, queued.invoice_id)
        const actor = {
          userId: queued.queued_by_user_id,
          profileId: queued.queued_by_profile_id,
          source: 'system' as const,
        }
        const priced =
          invoice && isEditable(invoice.status) && (await repriceLocked(trx, company, invoice, actor, null, now))
        await dequeueReprice(trx, company, queued.invoice_id)
        return priced
      })
      if (done === null) break
      if (done) repriced += 1
      await nextTurn()
    }
  }
  return repriced
}
