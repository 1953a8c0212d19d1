import type { Transaction } from 'kysely'
import { findFeeType } from '../../../domain/billing/fee-catalog'
import { FEE_REQUEST_STATUS_LABELS } from '../../../domain/billing/fee-request-status'
import { formatCents } from '../../../domain/billing/money'
import { priceLine, rateRowFor, versionInForce } from '../../../domain/billing/pricing'
import { agencyToday } from '../../../domain/formats/agency-time'
import type { DB } from '../../db/schema'
import { loadSubjects } from './draft-subjects'
import { loadCardsOfClients } from './drafting-repository'
import { insertFeeRequest } from './fee-request-repository'
import { placeApprovedRequest } from './fee-request-service'
import { invoiceEvent, writeInvoiceEvents } from './invoice-events'
import { cardFor } from './subject-plan'

/**
 * A fee the case's rate card prices, earned by work done on the case (issue 20: an accepted
 * condition report): an approved fee request at the card's rate, placed on the case's invoice
 * like any approved fee. Nothing when the client's card has no such fee, or when the case has
 * the fee already (an amendment earns it once).
 */
export async function addRateCardFee(
  trx: Transaction<DB>,
  companyId: string,
  target: { orderId: string | null; rdnCaseId: string | null },
  feeType: string,
  reason: string,
  profileId: string,
) {
  const [subject] = await loadSubjects(trx, companyId, [{ order_id: target.orderId, rdn_case_id: target.rdnCaseId }])
  if (!subject?.clientId) return null
  const card = cardFor(await loadCardsOfClients(trx, companyId, [subject.clientId]), subject)
  const version = card ? versionInForce(card.versions, subject.repossessedOn ?? agencyToday()) : null
  const row = version ? rateRowFor(version.rows, feeType, subject.facts.orderType) : null
  if (!version || !row) return null
  const already = await trx
    .selectFrom('fee_requests')
    .select('id')
    .where('company_id', '=', companyId)
    .where('case_key', '=', subject.caseKey)
    .where('fee_type', '=', feeType)
    .where('status', '!=', 'declined')
    .executeTakeFirst()
  if (already) return null
  const line = priceLine(row, {}, subject.facts)
  const now = new Date()
  const request = {
    case_key: subject.caseKey,
    order_id: subject.orderId,
    rdn_case_id: subject.rdnCaseId,
    fee_type: feeType,
    amount_cents: line.amountCents,
  }
  const { id } = await insertFeeRequest(trx, {
    company_id: companyId,
    ...request,
    status: 'approved',
    source: 'rate_card',
    rule: `Rate card version ${version.version}: ${reason}`,
    decided_at: now,
    decided_by_profile_id: profileId,
    created_by_profile_id: profileId,
  })
  const placed = await placeApprovedRequest(trx, companyId, { id, ...request })
  if (placed.invoiceId)
    await trx.updateTable('fee_requests').set({ invoice_id: placed.invoiceId }).where('id', '=', id).execute()
  const name = findFeeType(feeType)?.name ?? feeType
  await writeInvoiceEvents(trx, [
    invoiceEvent(
      companyId,
      subject,
      {
        field: 'fee_request',
        oldValue: null,
        newValue: `${name} ${formatCents(line.amountCents)} ${FEE_REQUEST_STATUS_LABELS.approved}`,
      },
      profileId,
    ),
  ])
  return { feeRequestId: id, amountCents: line.amountCents, supplement: placed.supplement }
}
