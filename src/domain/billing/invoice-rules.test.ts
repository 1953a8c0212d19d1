import { describe, expect, it } from 'vitest'
import { daysBetween } from '../formats/calendar-days'
import { agingBucket, invoiceWindow } from './aging'
import { canMoveFeeRequest } from './fee-request-status'
import { canMove, INVOICE_QUEUES, INVOICE_STATUSES, invoiceNumber, isOpen } from './invoice-status'
import { allocatePayment, type PayableLine, paymentProblems, settledStatus } from './payment'

describe('invoice states (issue 17: Draft -> Sent -> (Lender Pending / On Hold) -> Approved -> Paid / Short-paid / Rejected -> Written off)', () => {
  it.each([
    ['draft', 'sent', true],
    ['draft', 'approved', false],
    ['sent', 'lender_pending', true],
    ['sent', 'on_hold', true],
    ['sent', 'approved', true],
    ['sent', 'rejected', true],
    ['lender_pending', 'on_hold', true],
    ['on_hold', 'lender_pending', true],
    ['on_hold', 'approved', true],
    ['approved', 'short_paid', true],
    ['approved', 'rejected', true],
    ['approved', 'paid', false],
    ['rejected', 'written_off', true],
    ['short_paid', 'written_off', true],
    ['rejected', 'sent', false],
    ['paid', 'written_off', false],
    ['written_off', 'draft', false],
  ] as const)('%s -> %s: %s', (from, to, allowed) => {
    expect(canMove(from, to)).toBe(allowed)
  })

  it('puts every status in exactly one queue', () => {
    const queued = Object.values(INVOICE_QUEUES).flat()
    expect([...queued].sort()).toEqual([...INVOICE_STATUSES].sort())
  })

  it.each([
    ['sent', true],
    ['approved', true],
    ['draft', false],
    ['paid', false],
    ['rejected', false],
  ] as const)('%s is open (owed, ages): %s', (status, open) => expect(isOpen(status)).toBe(open))

  it('numbers invoices INV- and six digits', () => {
    expect(invoiceNumber(42)).toBe('INV-000042')
    expect(invoiceNumber(1_234_567)).toBe('INV-1234567')
  })
})

describe('fee request states (Waiting -> Requested -> Approved / Declined)', () => {
  it.each([
    ['waiting', 'requested', true],
    ['waiting', 'approved', false],
    ['requested', 'approved', true],
    ['requested', 'declined', true],
    ['approved', 'declined', false],
    ['declined', 'requested', false],
  ] as const)('%s -> %s: %s', (from, to, allowed) => expect(canMoveFeeRequest(from, to)).toBe(allowed))
})

describe('aging buckets 0-30, 31-60, 61-90, 90+', () => {
  it.each([
    [0, '0-30'],
    [30, '0-30'],
    [31, '31-60'],
    [60, '31-60'],
    [61, '61-90'],
    [90, '61-90'],
    [91, '90+'],
    [400, '90+'],
  ] as const)('%i days: %s', (days, bucket) => expect(agingBucket(days)).toBe(bucket))

  it('counts calendar days', () => {
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29)
    expect(daysBetween('2026-01-01', '2026-01-02')).toBe(1)
  })
})

describe('days since completion against the client window', () => {
  it.each([
    ['2026-03-01', null, 'none', 10, null],
    ['2026-03-01', 30, 'open', 10, 20],
    ['2026-03-01', 15, 'closing', 10, 5],
    ['2026-03-01', 10, 'closing', 10, 0],
    ['2026-03-01', 9, 'late', 10, -1],
  ] as const)('completed %s, window %s: %s', (completed, window, state, since, left) => {
    expect(invoiceWindow(completed, window, '2026-03-11')).toEqual({
      daysSinceCompletion: since,
      daysLeft: left,
      state,
    })
  })

  it('has nothing to count before completion', () => {
    expect(invoiceWindow(null, 30, '2026-03-11').state).toBe('none')
  })
})

const line = (id: string, billedCents: number, paidCents = 0, approvedCents: number | null = null): PayableLine => ({
  id,
  billedCents,
  paidCents,
  approvedCents,
})

describe('payments: per line, never above what is billed', () => {
  it('spreads an amount over the lines in order', () => {
    expect(allocatePayment([line('a', 30000), line('b', 5000)], 32000)).toEqual([
      { lineId: 'a', amountCents: 30000 },
      { lineId: 'b', amountCents: 2000 },
    ])
  })

  it('fills what the lender approved first, then the billed rest', () => {
    expect(allocatePayment([line('a', 30000, 0, 25000), line('b', 5000)], 31000)).toEqual([
      { lineId: 'a', amountCents: 26000 },
      { lineId: 'b', amountCents: 5000 },
    ])
  })

  it('refuses an amount above the balance', () => {
    expect(allocatePayment([line('a', 30000, 29000)], 1001)).toBeNull()
    expect(allocatePayment([line('a', 30000, 29000)], 1000)).toEqual([{ lineId: 'a', amountCents: 1000 }])
  })

  it.each([
    [[{ lineId: 'a', amountCents: 30001 }], 'lines.0.amountCents', "Above this line's balance of $300.00"],
    [[{ lineId: 'a', amountCents: 10.5 }], 'lines.0.amountCents', 'Must be a whole, non-negative number of cents'],
    [[{ lineId: 'a', amountCents: -1 }], 'lines.0.amountCents', 'Must be a whole, non-negative number of cents'],
    [[{ lineId: 'z', amountCents: 1 }], 'lines.0.lineId', 'No such line on this invoice'],
    [
      [
        { lineId: 'a', amountCents: 1 },
        { lineId: 'a', amountCents: 1 },
      ],
      'lines.1.lineId',
      'This line is paid twice',
    ],
    [[{ lineId: 'a', amountCents: 0 }], 'amountCents', 'A payment must be more than $0.00'],
  ])('%j: %s %s', (payments, field, reason) => {
    expect(paymentProblems([line('a', 30000)], payments)).toEqual([{ field, reason }])
  })

  it.each([
    ['all billed paid', [line('a', 100, 100)], 'paid'],
    ['part paid', [line('a', 100, 40)], 'approved'],
    ['approved less, all approved paid', [line('a', 100, 80, 80), line('b', 50, 50)], 'short_paid'],
    ['approved less, not yet paid', [line('a', 100, 70, 80)], 'approved'],
  ] as const)('%s: %s', (_, lines, status) => expect(settledStatus('approved', lines)).toBe(status))
})
