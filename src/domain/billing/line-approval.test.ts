import { describe, expect, it } from 'vitest'
import type { FeeRequestState } from './fee-request-status'
import { lineApproval } from './line-approval'

describe("an invoice line's approval (issue 41)", () => {
  it.each<[boolean, FeeRequestState | null, string | null]>([
    [false, null, null],
    [true, null, 'Approval needed'],
    [false, 'approved', 'Approved'],
    [true, 'approved', 'Approved'],
    [true, 'requested', 'Requested'],
    [false, 'declined', 'Declined'],
  ])('rate needs approval %j, fee request %j -> %j', (needsApproval, feeRequestStatus, label) => {
    expect(lineApproval({ needsApproval, feeRequestStatus })?.label ?? null).toBe(label)
  })
})
