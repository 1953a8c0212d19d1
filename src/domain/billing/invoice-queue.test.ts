import { describe, expect, it } from 'vitest'
import { INVOICE_QUEUES, type InvoiceStatus, queueOfStatus } from './invoice-status'

describe('queueOfStatus', () => {
  it.each([
    ['draft', 'drafts'],
    ['sent', 'awaiting'],
    ['lender_pending', 'awaiting'],
    ['on_hold', 'awaiting'],
    ['approved', 'approved'],
    ['rejected', 'rejected'],
    ['paid', 'closed'],
    ['short_paid', 'closed'],
    ['written_off', 'closed'],
  ] as const)('lists a %s invoice in %s', (status, queue) => {
    expect(queueOfStatus(status)).toBe(queue)
  })

  it('knows every status of every queue', () => {
    for (const [queue, statuses] of Object.entries(INVOICE_QUEUES))
      for (const status of statuses) expect(queueOfStatus(status as InvoiceStatus)).toBe(queue)
  })
})
