// Issue 17's fee requests: Waiting (not sent) -> Requested -> Approved / Declined.

export const FEE_REQUEST_STATUSES = ['waiting', 'requested', 'approved', 'declined'] as const
export type FeeRequestState = (typeof FEE_REQUEST_STATUSES)[number]

export const FEE_REQUEST_STATUS_LABELS: Record<FeeRequestState, string> = {
  waiting: 'Waiting',
  requested: 'Requested',
  approved: 'Approved',
  declined: 'Declined',
}

const MOVES: Record<FeeRequestState, readonly FeeRequestState[]> = {
  waiting: ['requested'],
  requested: ['approved', 'declined'],
  approved: [],
  declined: [],
}

export const canMoveFeeRequest = (from: FeeRequestState, to: FeeRequestState) => MOVES[from].includes(to)
export const nextFeeRequestStatuses = (from: FeeRequestState) => MOVES[from]

/** Where a fee request came from: a person, a lender's sub-status code, or a rate needing approval first. */
export const FEE_REQUEST_SOURCES = ['manual', 'derived', 'rate_card'] as const
export type FeeRequestSource = (typeof FEE_REQUEST_SOURCES)[number]

/** The state a derived request (from a sub-status code) stands in. */
export const derivedState = (status: 'approved' | 'declined' | 'requested'): FeeRequestState => status

/** Evidence files: at most this many bytes each, of these kinds. */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024
export const EVIDENCE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const
