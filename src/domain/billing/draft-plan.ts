import { findFeeType } from './fee-catalog'
import type { FeeRequestState } from './fee-request-status'
import {
  type CasePlace,
  type PricedLine,
  priceLine,
  type RateCardVersion,
  rateRowFor,
  recoveryFeeType,
  type StorageRule,
  storageCharge,
} from './pricing'

// Issue 17: the draft invoice a case gets when it is repossessed (or closed with a fee), planned
// from the version of its rate card in force on the repossession date.

/** What planning reads of a case besides its rate card. */
export type CaseToDraft = CasePlace & {
  orderType: string | null
  repossessed: boolean
  /** Storage accrues from here; null before a repossession time is known. */
  repossessedAt: Date | null
  /** The fee requests its lender's sub-status codes name (SPEC.md section 4). */
  derivedRequests: readonly { code: string; feeType: string; status: FeeRequestState }[]
  /** Its approved fee requests on no invoice yet. */
  approvedRequests: readonly { id: string; feeType: string; amountCents: number }[]
  /** Fee types it has asked the lender for already (a request not declined): not asked twice. */
  requestedFees?: ReadonlySet<string>
}

export type DraftLine = Omit<PricedLine, 'unpriced' | 'needsUsage'> & {
  kind: 'fee' | 'storage'
  unpriced: boolean
  feeRequestId: string | null
  /** A derived request's code: its line is tied to that request once it is stored. */
  derivedCode: string | null
}

/** A fee request the plan makes: a rate that needs approval first, or a lender's sub-status code. */
export type PlannedRequest = {
  feeType: string
  amountCents: number
  status: FeeRequestState
  source: 'derived' | 'rate_card'
  derivedCode: string | null
  rule: string
}

export type DraftPlan = {
  lines: DraftLine[]
  requests: PlannedRequest[]
  /** The client's window to invoice: the shortest of its rows' days to invoice, or null. */
  windowDays: number | null
  storage: StorageRule | null
  /** Why nothing could be priced, when nothing could. */
  note: string | null
}

const feeName = (feeType: string) => findFeeType(feeType)?.name ?? feeType

const unpricedLine = (feeType: string): PricedLine => ({
  feeType,
  quantity: 1,
  unitCents: 0,
  amountCents: 0,
  needsApproval: false,
  debtorBillable: false,
  unpriced: true,
  needsUsage: false,
})

/**
 * The draft: the recovery fee once repossessed (a fee request Waiting instead when its rate needs
 * approval first), each approved fee request, the lender's fee codes as fee requests (approved
 * ones on the invoice), and storage from the repossession. Without a version, the lines are
 * unpriced and the note says why.
 */
export function planDraft(
  version: RateCardVersion | null,
  facts: CaseToDraft,
  now: Date,
  noVersionReason = 'This case’s client has no rate card.',
): DraftPlan {
  const rows = version?.rows ?? []
  const priced = (feeType: string) => {
    const row = rateRowFor(rows, feeType, facts.orderType)
    const line = row ? priceLine(row, {}, facts) : unpricedLine(feeType)
    // A rate by the day, mile or block with no quantity yet is not priced yet either.
    return { row, line: { ...line, unpriced: line.unpriced || line.needsUsage } }
  }
  const lines: DraftLine[] = []
  const requests: PlannedRequest[] = []
  const used = new Set<number>()
  const note = (row: ReturnType<typeof rateRowFor>) => row?.daysToInvoice != null && used.add(row.daysToInvoice)

  if (facts.repossessed) {
    const feeType = recoveryFeeType(facts.orderType)
    const { row, line } = priced(feeType)
    note(row)
    if (row?.needsApproval && version && facts.requestedFees?.has(feeType)) {
      // Asked already: it comes as an approved request, or not at all.
    } else if (row?.needsApproval && version) {
      requests.push({
        feeType,
        amountCents: line.amountCents,
        status: 'waiting',
        source: 'rate_card',
        derivedCode: null,
        rule: `Rate card version ${version.version}: ${feeName(feeType)} needs approval first`,
      })
    } else {
      lines.push({ ...line, kind: 'fee', feeRequestId: null, derivedCode: null })
    }
  }
  for (const request of facts.derivedRequests) {
    const { row, line } = priced(request.feeType)
    note(row)
    requests.push({
      feeType: request.feeType,
      amountCents: line.amountCents,
      status: request.status,
      source: 'derived',
      derivedCode: request.code,
      rule: `Lender sub-status code ${request.code}`,
    })
    if (request.status === 'approved') {
      lines.push({ ...line, kind: 'fee', feeRequestId: null, derivedCode: request.code })
    }
  }
  for (const request of facts.approvedRequests) {
    const { row, line } = priced(request.feeType)
    note(row)
    lines.push({ ...approvedRequestLine(request), debtorBillable: line.debtorBillable })
  }
  const storage = version?.storage ?? null
  if (storage && facts.repossessedAt) lines.push(storageLine(storage, facts.repossessedAt, now, rows, facts))

  return {
    lines,
    requests,
    windowDays: used.size === 0 ? null : Math.min(...used),
    storage: facts.repossessedAt ? storage : null,
    note: version ? null : noVersionReason,
  }
}

/** An approved fee request as a line: billed at the amount the lender approved. */
export function approvedRequestLine(request: { id: string; feeType: string; amountCents: number }): DraftLine {
  return {
    feeType: request.feeType,
    kind: 'fee',
    quantity: 1,
    unitCents: request.amountCents,
    amountCents: request.amountCents,
    // Its approval is its request's (lineApproval); whether a rate needed approval first is not known here.
    needsApproval: false,
    debtorBillable: true,
    unpriced: false,
    feeRequestId: request.id,
    derivedCode: null,
  }
}

/** Storage from its start to its stop (or now), as a line. */
export function storageLine(
  rule: StorageRule,
  startAt: Date,
  stopAt: Date,
  rows: RateCardVersion['rows'] = [],
  place: CasePlace & { orderType: string | null } = { market: null, state: null, orderType: null },
): DraftLine {
  const charge = storageCharge(rule, startAt, stopAt)
  const row = rateRowFor(rows, 'STORAGE', place.orderType)
  return {
    feeType: 'STORAGE',
    kind: 'storage',
    quantity: charge.billableDays,
    unitCents: rule.dailyCents,
    amountCents: charge.amountCents,
    needsApproval: row?.needsApproval ?? false,
    debtorBillable: row ? priceLine(row, { days: 0 }, place).debtorBillable : true,
    unpriced: false,
    feeRequestId: null,
    derivedCode: null,
  }
}
