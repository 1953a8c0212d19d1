import { describe, expect, it } from 'vitest'
import { type BilledLine, redemptionQuote, type StorageFacts } from './quote'

const line = (feeType: string, amountCents: number, debtorBillable = true): BilledLine => ({
  feeType,
  name: feeType,
  kind: 'fee',
  amountCents,
  debtorBillable,
})
const storage = (overrides: Partial<StorageFacts> = {}): StorageFacts => ({
  rule: { freeDays: 2, dailyCents: 2_500, capCents: 50_000 },
  startedAt: new Date('2026-11-01T12:00:00Z'),
  stoppedAt: null,
  debtorBillable: true,
  ...overrides,
})
const NOW = new Date('2026-11-11T12:00:00Z')

describe('the redemption quote (issue 20)', () => {
  it.each([
    [
      'passes on billable fees and storage to today',
      [line('INVOLUNTARY_REPO', 35_000), line('KEYS', 7_500)],
      storage(),
      35_000 + 7_500 + 8 * 2_500,
    ],
    [
      'leaves out fees the state forbids passing on',
      [line('INVOLUNTARY_REPO', 35_000), line('CLOSE_FEE', 5_000, false)],
      storage(),
      35_000 + 20_000,
    ],
    [
      'stops storage at its release',
      [line('INVOLUNTARY_REPO', 35_000)],
      storage({ stoppedAt: new Date('2026-11-05T12:00:00Z') }),
      35_000 + 2 * 2_500,
    ],
    ['caps storage', [], storage({ startedAt: new Date('2026-08-01T12:00:00Z') }), 50_000],
    [
      'charges no storage the debtor may not be charged',
      [line('INVOLUNTARY_REPO', 35_000)],
      storage({ debtorBillable: false }),
      35_000,
    ],
    ['charges no storage without a rule', [line('INVOLUNTARY_REPO', 35_000)], null, 35_000],
  ] as const)('%s', (_, lines, facts, total) => {
    expect(redemptionQuote(lines, facts, NOW).totalCents).toBe(total)
  })

  it('lists what is left out, and ignores the lender storage line for the one counted to today', () => {
    const quote = redemptionQuote(
      [
        line('INVOLUNTARY_REPO', 35_000),
        line('CLOSE_FEE', 5_000, false),
        { feeType: 'STORAGE', name: 'Storage', kind: 'storage', amountCents: 2_500, debtorBillable: true },
      ],
      storage(),
      NOW,
    )
    expect(quote).toEqual({
      charges: [{ feeType: 'INVOLUNTARY_REPO', name: 'INVOLUNTARY_REPO', amountCents: 35_000 }],
      storage: { days: 10, billableDays: 8, amountCents: 20_000 },
      excluded: [{ feeType: 'CLOSE_FEE', name: 'CLOSE_FEE', amountCents: 5_000 }],
      totalCents: 55_000,
    })
  })
})
