import { FEE_REQUEST_STATUS_LABELS, type FeeRequestState } from './fee-request-status'

// An invoice line's approval, one state shown once (issue 41): a line that came through a fee
// request is where that request is (Approved, Declined, ...); a line whose rate needs the lender's
// approval first, with no request behind it, needs approval; any other line needs none.

export type LineApproval = { state: FeeRequestState | 'needed'; label: string }

export function lineApproval(line: {
  needsApproval: boolean
  feeRequestStatus: FeeRequestState | null
}): LineApproval | null {
  if (line.feeRequestStatus)
    return { state: line.feeRequestStatus, label: FEE_REQUEST_STATUS_LABELS[line.feeRequestStatus] }
  if (line.needsApproval) return { state: 'needed', label: 'Approval needed' }
  return null
}
