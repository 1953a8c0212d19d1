import { formatCents } from '../../../domain/billing/money'
import {
  PAYMENT_METHOD_LABELS,
  type RedemptionPaymentInput,
  redemptionBalance,
} from '../../../domain/redemption/payment'
import type { ReleaseKind } from '../../../domain/redemption/release'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { CASE_NOT_FOUND, type CaseTarget, recoveredCase } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { payToday } from '../payroll/pay-day'
import { insertRedemptionPayment, paymentById, paymentsOfCase, releaseToHandOver } from './payment-repository'
import { caseRedemptionQuote } from './quote-service'

export const PAYMENT_NOT_FOUND = 'Payment not found.'

const conflict = (message: string) => new AppError('conflict', message)

type PaymentRow = Awaited<ReturnType<typeof paymentsOfCase>>[number]

const paymentView = (row: PaymentRow) => ({
  id: row.id,
  amountCents: Number(row.amount_cents),
  method: row.method,
  methodLabel: PAYMENT_METHOD_LABELS[row.method],
  reference: row.reference,
  receivedOn: row.received_on,
  recordedAt: row.recorded_at.toISOString(),
  recordedBy: row.recorded_by,
})

/** '$450.00 by Cashier's check (CK 1001)': the timeline reads it after its label, 'Redemption payment: '. */
const paymentText = (input: RedemptionPaymentInput) =>
  `${formatCents(input.amountCents)} by ${PAYMENT_METHOD_LABELS[input.method]}${input.reference ? ` (${input.reference})` : ''}`

async function caseOf(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await recoveredCase(deps.db, viewer.companyId, target)
  if (!found) throw notFound(CASE_NOT_FOUND)
  return found
}

/** What the debtor paid on a case, and whether its client hands the vehicle over only once the quote is paid. */
export async function casePayments(deps: AppDeps, viewer: Viewer, target: CaseTarget) {
  const found = await caseOf(deps, viewer, target)
  const payments = (await paymentsOfCase(deps.db, viewer.companyId, found.caseKey)).map(paymentView)
  return {
    handOverNeedsPayment: found.handOverNeedsPayment,
    collectedCents: payments.reduce((sum, payment) => sum + payment.amountCents, 0),
    payments,
  }
}

/** Records money collected from the debtor on a repossessed case: on its timeline and in the audit log. */
export async function recordRedemptionPayment(
  deps: AppDeps,
  viewer: Viewer,
  target: CaseTarget,
  input: RedemptionPaymentInput,
  ip: string | null,
) {
  const found = await caseOf(deps, viewer, target)
  if (!found.recovered) throw conflict('A redemption payment is taken only for a repossessed vehicle.')
  await deps.db.transaction().execute(async (trx) => {
    const payment = await insertRedemptionPayment(trx, {
      companyId: viewer.companyId,
      caseKey: found.caseKey,
      orderId: found.orderId,
      rdnCaseId: found.rdnCaseId,
      amountCents: input.amountCents,
      method: input.method,
      reference: input.reference,
      receivedOn: payToday(),
      recordedByProfileId: viewer.profileId,
    })
    await writeCaseEvent(trx, viewer.companyId, found, 'redemption_payment', paymentText(input), viewer.profileId)
    await recordAudit(trx, {
      action: 'redemption_payment.recorded',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `redemption_payment:${payment.id}`,
      detail: { caseKey: found.caseKey, amountCents: input.amountCents, method: input.method },
      ip,
    })
  })
  return casePayments(deps, viewer, target)
}

/** A payment of the company with the case it was taken on. */
export async function redemptionPayment(deps: AppDeps, viewer: Viewer, paymentId: string) {
  const row = await paymentById(deps.db, viewer.companyId, paymentId)
  if (!row) throw notFound(PAYMENT_NOT_FOUND)
  return { ...paymentView(row), caseKey: row.case_key, ids: { orderId: row.order_id, rdnCaseId: row.rdn_case_id } }
}

/**
 * A release (not a transport) of a client that hands its vehicles over only once paid: refused
 * while the debtor's payments do not cover today's quote, with what was collected and what is left.
 * Payments are only ever added, so a check before the hand-over's transaction holds.
 */
export async function requirePaymentForHandOver(
  deps: AppDeps,
  viewer: Viewer,
  releaseId: string,
  onlyKind?: ReleaseKind,
) {
  const release = await releaseToHandOver(deps.db, viewer.companyId, releaseId)
  if (release?.kind !== 'release' || release.status !== 'authorized') return
  if (onlyKind && release.kind !== onlyKind) return // not found, as the hand-over itself says
  const target: CaseTarget = release.order_id ? { orderId: release.order_id } : { caseId: release.case_id as number }
  const found = await caseOf(deps, viewer, target)
  if (!found.handOverNeedsPayment) return
  let quoteCents: number
  try {
    quoteCents = (await caseRedemptionQuote(deps, viewer, target)).totalCents
  } catch (error) {
    if (error instanceof AppError && error.code === 'conflict')
      throw conflict(
        `This client requires the redemption quote paid before the hand-over, and there is no quote yet: ${error.message}`,
      )
    throw error
  }
  const payments = await paymentsOfCase(deps.db, viewer.companyId, found.caseKey)
  const balance = redemptionBalance(
    quoteCents,
    payments.map((payment) => ({ amountCents: Number(payment.amount_cents) })),
  )
  if (!balance.covered)
    throw conflict(
      `This client requires the redemption quote paid before the hand-over: ${formatCents(balance.collectedCents)} collected of ${formatCents(quoteCents)}, ${formatCents(balance.balanceCents)} still due.`,
    )
}
