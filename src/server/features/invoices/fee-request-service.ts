import type { Transaction } from 'kysely'
import { approvedRequestLine } from '../../../domain/billing/draft-plan'
import { findFeeType } from '../../../domain/billing/fee-catalog'
import {
  canMoveFeeRequest,
  FEE_REQUEST_STATUS_LABELS,
  type FeeRequestState,
} from '../../../domain/billing/fee-request-status'
import { formatCents } from '../../../domain/billing/money'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { appendLines } from './draft-lines'
import { draftQueuedCase } from './drafting'
import { lockQueuedCase, queueCase } from './drafting-repository'
import {
  caseHasInvoice,
  countFeeRequests,
  insertFeeRequest,
  listFeeRequests,
  lockDraftOfCase,
  lockFeeRequest,
  updateFeeRequest,
} from './fee-request-repository'
import { invoiceEvent, writeInvoiceEvents } from './invoice-events'
import { findCaseKey } from './repository'

export const FEE_REQUEST_NOT_FOUND = 'No such fee request.'
export const FEE_REQUEST_PAGE_SIZE = 50
export const MANUAL_RULE = 'Added by hand: a fee the lender approves first'

const feeName = (feeType: string) => findFeeType(feeType)?.name ?? feeType

/** Fee requests in a state ('open': waiting and requested), newest first, optionally of one case. */
export async function feeRequests(
  deps: AppDeps,
  viewer: Viewer,
  query: {
    statuses: readonly FeeRequestState[]
    page: number
    target: { orderId: string } | { caseId: number } | null
  },
) {
  const { db } = deps
  const found = query.target ? await findCaseKey(db, viewer.companyId, query.target) : null
  if (query.target && !found) throw notFound('The requested case could not be found.')
  const rows = await listFeeRequests(db, {
    companyId: viewer.companyId,
    statuses: query.statuses,
    caseKey: found?.caseKey ?? null,
    limit: FEE_REQUEST_PAGE_SIZE + 1,
    offset: (query.page - 1) * FEE_REQUEST_PAGE_SIZE,
  })
  return {
    feeRequests: rows.slice(0, FEE_REQUEST_PAGE_SIZE).map((row) => ({
      ...row,
      fee_name: feeName(row.fee_type),
      amount_cents: Number(row.amount_cents),
      status_label: FEE_REQUEST_STATUS_LABELS[row.status],
      file_count: Number(row.file_count ?? 0),
    })),
    page: query.page,
    hasMore: rows.length > FEE_REQUEST_PAGE_SIZE,
  }
}

export async function feeRequestCounts({ db }: AppDeps, viewer: Viewer) {
  const rows = await countFeeRequests(db, viewer.companyId)
  const count = (status: FeeRequestState) => Number(rows.find((row) => row.status === status)?.count ?? 0)
  return {
    waiting: count('waiting'),
    requested: count('requested'),
    approved: count('approved'),
    declined: count('declined'),
  }
}

/** A fee a person asks the lender for on a case: Waiting until it is sent. */
export async function createFeeRequest(
  deps: AppDeps,
  viewer: Viewer,
  input: {
    target: { orderId: string } | { caseId: number }
    feeType: string
    amountCents: number
    note: string | null
  },
  ip: string,
) {
  const fee = findFeeType(input.feeType)
  if (!fee) throw badRequest(`Unknown fee type '${input.feeType}'.`, 'feeType')
  const found = await findCaseKey(deps.db, viewer.companyId, input.target)
  if (!found) throw notFound('orderId' in input.target ? 'Order not found' : 'The requested case could not be found.')
  return deps.db.transaction().execute(async (trx) => {
    const { id } = await insertFeeRequest(trx, {
      company_id: viewer.companyId,
      case_key: found.caseKey,
      order_id: found.orderId,
      rdn_case_id: found.rdnCaseId,
      fee_type: fee.code,
      amount_cents: input.amountCents,
      status: 'waiting',
      source: 'manual',
      rule: MANUAL_RULE,
      note: input.note,
      created_by_profile_id: viewer.profileId,
    })
    await writeInvoiceEvents(trx, [
      invoiceEvent(
        viewer.companyId,
        found,
        { field: 'fee_request', oldValue: null, newValue: `${fee.name} ${formatCents(input.amountCents)} Waiting` },
        viewer.profileId,
      ),
    ])
    await recordAudit(trx, {
      action: 'fee_request.created',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `fee_request:${id}`,
      detail: { feeType: fee.code, amountCents: input.amountCents, caseKey: found.caseKey },
      ip,
    })
    return { id }
  })
}

/**
 * Where an approved fee request goes: on the case's draft as a line; on a supplement (drafted once
 * this commits) when the invoice went out meanwhile; with no invoice yet, the first draft takes it.
 */
export async function placeApprovedRequest(
  trx: Transaction<DB>,
  companyId: string,
  request: {
    id: string
    case_key: string
    order_id: string | null
    rdn_case_id: string | null
    fee_type: string
    amount_cents: number | string
  },
) {
  // A batch drafting the case finishes first: what it wrote is seen below.
  await lockQueuedCase(trx, companyId, request.case_key)
  const draft = await lockDraftOfCase(trx, companyId, request.case_key)
  if (draft) {
    await appendLines(trx, companyId, draft, [
      approvedRequestLine({ id: request.id, feeType: request.fee_type, amountCents: Number(request.amount_cents) }),
    ])
    return { invoiceId: draft.id as string | null, supplement: false }
  }
  if (await caseHasInvoice(trx, companyId, request.case_key)) {
    await queueCase(trx, companyId, {
      caseKey: request.case_key,
      orderId: request.order_id,
      rdnCaseId: request.rdn_case_id,
    })
    return { invoiceId: null, supplement: true }
  }
  return { invoiceId: null, supplement: false }
}

/**
 * Moves a fee request: Waiting -> Requested (sent to the lender) -> Approved / Declined (its
 * answer). An approved request goes on the case's draft invoice as a line, when it has a draft.
 */
export async function moveFeeRequest(
  deps: AppDeps,
  viewer: Viewer,
  requestId: string,
  move: { status: FeeRequestState; note: string | null },
  ip: string,
) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const request = await lockFeeRequest(trx, viewer.companyId, requestId)
    if (!request) throw notFound(FEE_REQUEST_NOT_FOUND)
    if (!canMoveFeeRequest(request.status, move.status)) {
      throw new AppError(
        'conflict',
        `A fee request that is ${FEE_REQUEST_STATUS_LABELS[request.status]} cannot be made ${FEE_REQUEST_STATUS_LABELS[move.status]}.`,
        'status',
      )
    }
    const now = new Date()
    const decided = move.status === 'approved' || move.status === 'declined'
    let invoiceId = request.invoice_id
    let supplement = false
    if (move.status === 'approved') {
      const placed = await placeApprovedRequest(trx, viewer.companyId, request)
      invoiceId = placed.invoiceId
      supplement = placed.supplement
    }
    await updateFeeRequest(trx, request.id, {
      status: move.status,
      invoice_id: invoiceId,
      ...(move.note ? { note: move.note } : {}),
      ...(move.status === 'requested' ? { requested_at: now } : {}),
      ...(decided ? { decided_at: now, decided_by_profile_id: viewer.profileId } : {}),
    })
    const label = `${feeName(request.fee_type)} ${formatCents(Number(request.amount_cents))}`
    await writeInvoiceEvents(trx, [
      invoiceEvent(
        viewer.companyId,
        { orderId: request.order_id, rdnCaseId: request.rdn_case_id },
        {
          field: 'fee_request',
          oldValue: `${label} ${FEE_REQUEST_STATUS_LABELS[request.status]}`,
          newValue: `${label} ${FEE_REQUEST_STATUS_LABELS[move.status]}`,
        },
        viewer.profileId,
      ),
    ])
    await recordAudit(trx, {
      action: 'fee_request.status_changed',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `fee_request:${request.id}`,
      detail: { from: request.status, to: move.status, invoiceId },
      ip,
    })
    return { id: request.id, status: move.status, invoiceId, supplement, caseKey: request.case_key }
  })
  // The supplement of this one case, drafted now so it shows at once (else the background drafting would).
  if (result.supplement) await draftSupplement(deps, viewer, result.caseKey)
  return { id: result.id, status: result.status }
}

/** Drafts a case's supplement; a failure is logged (the background drafting tries again) and never fails the move. */
async function draftSupplement({ db, logger }: AppDeps, viewer: Viewer, caseKey: string) {
  try {
    await draftQueuedCase(db, viewer.companyId, caseKey)
  } catch (error) {
    logger.error({ err: error, companyId: viewer.companyId }, 'Drafting a supplement failed')
  }
}
