/** Statuses after which nobody works a case any more (SPEC.md section 4's list). */
export const FINISHED_STATUSES = ['Closed', 'Completed', 'Completed-Located', 'Charged Off'] as const

/** A case no one has touched for longer than this needs a look (issue: 'no update for more than 48 hours'). */
export const STALE_AFTER_HOURS = 48

/** The status of work still to be found and recovered. */
export const OPEN_STATUS = 'Open'

export const REPOSSESSED_STATUS = 'Repossessed'
export const PENDING_CLOSE_STATUS = 'Pending Close'
export const AUCTION_STATUS = 'Auction'
export const OFFICE_TRANSFER_STATUS = 'Office Transfer'

/** Share of assigned cases recovered, 0..1; null with nothing assigned. */
export function recoveryRate(recovered: number, assigned: number): number | null {
  return assigned > 0 ? recovered / assigned : null
}
