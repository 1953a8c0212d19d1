export type FeeRequestType = 'Dolly' | 'Close'
export type FeeRequestStatus = 'approved' | 'declined' | 'requested'
export type FeeRequest = { code: string; type: FeeRequestType; status: FeeRequestStatus; assignedAt: string }

export type OrderSubStatusLink = { sub_status_code: string; assigned_at: string | Date; active: boolean }

const FEE_MARKERS = ['fee', 'close_fee', 'dollys', 'pre_approved_dolly_fees']

/** Codes compared in one spelling: lower case, words joined by '_' ('Pre-Approved Dolly Fees' too). */
const normalizeCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')

/**
 * SPEC.md sections 3–5: an order's active sub-status codes that name a fee become fee requests,
 * Dolly when the code names a dolly and Close otherwise; approved when it says approved
 * (pre-approved included), declined when declined, denied, rejected or not approved, else requested.
 */
export function deriveFeeRequests(links: OrderSubStatusLink[]): FeeRequest[] {
  return links
    .filter((link) => link.active)
    .flatMap((link) => {
      const code = normalizeCode(link.sub_status_code)
      if (!FEE_MARKERS.some((marker) => code.includes(marker))) return []
      const status: FeeRequestStatus = /declin|denied|reject|not_approved|unapproved|disapproved/.test(code)
        ? 'declined'
        : code.includes('approved')
          ? 'approved'
          : 'requested'
      const assignedAt = link.assigned_at instanceof Date ? link.assigned_at.toISOString() : link.assigned_at
      return [{ code: link.sub_status_code, type: code.includes('doll') ? 'Dolly' : 'Close', status, assignedAt }]
    })
}
