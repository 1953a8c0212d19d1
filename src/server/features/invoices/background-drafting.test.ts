import { describe, expect, it } from 'vitest'
import { createLogger } from '../../lib/logger'
import { syncRdnCases } from '../cases/sync'
import { startInvoiceDrafting } from './drafting-schedule'
import { daysAgo, type InvoiceTestKit, setUpInvoiceKit } from './invoice-test-helpers'

// Issue 42 item 3: nothing heavy inside a read. Recovered cases wait in the queue for the
// background drafting; Invoice Management's reads show what is drafted and say how many wait.

const kitOf = setUpInvoiceKit()
const api = (...args: Parameters<InvoiceTestKit['api']>) => kitOf().api(...args)

const invoiceCount = async () =>
  Number(
    (
      await kitOf()
        .t.db.selectFrom('invoices')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('company_id', '=', kitOf().t.companyId)
        .executeTakeFirstOrThrow()
    ).count,
  )

/** RDN cases recovered yesterday, as the sync (or an import) brings them. */
const recoveredCases = (first: number, count: number) =>
  syncRdnCases(
    kitOf().t.db,
    kitOf().t.companyId,
    Array.from({ length: count }, (_, index) => ({
      case_id: first + index,
      status: 'Repossessed',
      lender_name: 'Westlake Financial',
      repo_date: daysAgo(1),
      recovery_state: 'AL',
    })),
  )

describe('Invoice Management drafts in the background, never inside a read', () => {
  it('reads draft nothing and say how many cases wait; the background drafting drafts them', async () => {
    const orderId = await kitOf().repossessedOrder('INV-BG-1')
    await recoveredCases(9_420_001, 4)
    const before = await invoiceCount()

    const summary = await api('GET', '/summary')
    expect(summary.status).toBe(200)
    expect(summary.json.drafting).toBe(5)
    expect((await api('GET', '?queue=drafts')).status).toBe(200)
    const ofOrder = await api('GET', `/cases/orders/${orderId}`)
    expect(ofOrder.json).toEqual({ invoices: [], waitingForDraft: true })
    expect((await api('GET', '/cases/rdn/9420001')).json.waitingForDraft).toBe(true)
    expect((await api('GET', '/fee-requests?status=open')).status).toBe(200)
    expect(await invoiceCount()).toBe(before)

    expect(await kitOf().draftQueued()).toBe(5)
    expect(await invoiceCount()).toBe(before + 5)
    expect((await api('GET', '/summary')).json).toMatchObject({ drafting: 0, queues: { drafts: before + 5 } })
    const drafted = (await api('GET', `/cases/orders/${orderId}`)).json
    expect(drafted.waitingForDraft).toBe(false)
    expect(drafted.invoices).toEqual([expect.objectContaining({ status: 'draft', case_label: 'INV-BG-1' })])
  })

  it('is woken by the database as soon as a recovery is queued, from any path', async () => {
    // An hour between scheduled runs: only the queue's notification can wake it within the test.
    const drafting = await startInvoiceDrafting(kitOf().t.db, createLogger('silent', false), {
      everyMs: 3_600_000,
      listen: kitOf().t.listen,
    })
    try {
      await drafting.idle()
      const before = await invoiceCount()
      await recoveredCases(9_420_101, 3)
      const orderId = await kitOf().repossessedOrder('INV-BG-2')
      await expect.poll(invoiceCount, { timeout: 5_000 }).toBe(before + 4)
      await expect.poll(async () => (await api('GET', '/summary')).json.drafting, { timeout: 5_000 }).toBe(0)
      expect((await api('GET', `/cases/orders/${orderId}`)).json.invoices).toHaveLength(1)
    } finally {
      await drafting.stop()
    }
  })
})
