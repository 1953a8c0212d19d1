import { describe, expect, it } from 'vitest'
import { type CaseToDraft, planDraft } from './draft-plan'
import type { RateCardVersion } from './pricing'
import { rateRow } from './rate-row-fixture'

const version: RateCardVersion = {
  version: 3,
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  rows: [
    rateRow({ feeType: 'INVOLUNTARY_REPO', amountCents: 35_000, daysToInvoice: 45 }),
    rateRow({ feeType: 'IMPOUND_REPO', amountCents: 30_000, needsApproval: true }),
    rateRow({ feeType: 'CLOSE_FEE', amountCents: 5_000, daysToInvoice: 20 }),
    rateRow({ feeType: 'DOLLY', amountCents: 7_500 }),
  ],
  storage: { freeDays: 1, dailyCents: 2_000, capCents: null },
}

const now = new Date('2026-03-10T12:00:00Z')
const facts = (overrides: Partial<CaseToDraft> = {}): CaseToDraft => ({
  orderType: 'Involuntary',
  market: null,
  state: 'AL',
  repossessed: true,
  repossessedAt: new Date('2026-03-07T12:00:00Z'),
  derivedRequests: [],
  approvedRequests: [],
  ...overrides,
})

const summary = (plan: ReturnType<typeof planDraft>) => ({
  lines: plan.lines.map((line) => [line.feeType, line.quantity, line.amountCents]),
  requests: plan.requests.map((request) => [request.feeType, request.status, request.amountCents]),
  windowDays: plan.windowDays,
})

describe('the draft a recovery gets (issue 17)', () => {
  it.each([
    [
      'a repossession: its recovery fee and storage (3 days, 1 free)',
      facts(),
      {
        lines: [
          ['INVOLUNTARY_REPO', 1, 35_000],
          ['STORAGE', 2, 4_000],
        ],
        requests: [],
        windowDays: 45,
      },
    ],
    [
      'a rate needing approval first: a Waiting request, not a line',
      facts({ orderType: 'Impound' }),
      { lines: [['STORAGE', 2, 4_000]], requests: [['IMPOUND_REPO', 'waiting', 30_000]], windowDays: null },
    ],
    [
      'lender codes: every one a request, the approved on the invoice; the shortest window',
      facts({
        derivedRequests: [
          { code: 'CLOSE_FEE_APPROVED', feeType: 'CLOSE_FEE', status: 'approved' },
          { code: 'DOLLYS', feeType: 'DOLLY', status: 'requested' },
        ],
      }),
      {
        lines: [
          ['INVOLUNTARY_REPO', 1, 35_000],
          ['CLOSE_FEE', 1, 5_000],
          ['STORAGE', 2, 4_000],
        ],
        requests: [
          ['CLOSE_FEE', 'approved', 5_000],
          ['DOLLY', 'requested', 7_500],
        ],
        windowDays: 20,
      },
    ],
    [
      'an approved request: a line at its own amount',
      facts({ approvedRequests: [{ id: 'r1', feeType: 'KEYS', amountCents: 6_000 }] }),
      {
        lines: [
          ['INVOLUNTARY_REPO', 1, 35_000],
          ['KEYS', 1, 6_000],
          ['STORAGE', 2, 4_000],
        ],
        requests: [],
        windowDays: 45,
      },
    ],
    [
      'closed without a repossession: no recovery fee, no storage',
      facts({ repossessed: false, repossessedAt: null }),
      { lines: [], requests: [], windowDays: null },
    ],
  ])('%s', (_, input, expected) => {
    expect(summary(planDraft(version, input, now))).toEqual(expected)
  })

  it('leaves the lines unpriced and says why without a version', () => {
    const plan = planDraft(null, facts(), now, 'No card.')
    expect(plan.lines).toEqual([
      expect.objectContaining({ feeType: 'INVOLUNTARY_REPO', unpriced: true, amountCents: 0 }),
    ])
    expect(plan.note).toBe('No card.')
  })
})
