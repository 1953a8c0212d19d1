import { redemptionQuote, type StorageFacts } from '../../../domain/redemption/quote'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { CASE_NOT_FOUND, type CaseTarget, recoveredCase } from '../../queries/recovered-case'
import { storageRuleOf } from '../invoices/invoice-view'
import { caseInvoices, invoiceDetail } from '../invoices/service'

const conflict = (message: string) => new AppError('conflict', message)

/** Stop events that end storage for the vehicle itself (sending the invoice stops only the lender's count). */
const VEHICLE_LEFT = ['release', 'transport', 'redemption']

/** When the vehicle was handed over (released or transported), if it was. */
async function vehicleLeftAt(deps: AppDeps, companyId: string, caseKey: string) {
  const row = await deps.db
    .selectFrom('vehicle_releases')
    .select('completed_at')
    .where('company_id', '=', companyId)
    .where('case_key', '=', caseKey)
    .where('status', '=', 'completed')
    .executeTakeFirst()
  return row?.completed_at ?? null
}

/**
 * The debtor's redemption quote for a repossessed case (issue 20): the fees of its invoices (the
 * newest revision of each, and any supplement) that may be passed on to the debtor in the case's
 * state, and storage counted to now or to the vehicle's release.
 */
export async function caseRedemptionQuote(deps: AppDeps, viewer: Viewer, target: CaseTarget, now = new Date()) {
  const found = await recoveredCase(deps.db, viewer.companyId, target)
  if (!found) throw notFound(CASE_NOT_FOUND)
  if (!found.recovered) throw conflict('A redemption quote is given only for a repossessed vehicle.')
  const { invoices, waitingForDraft } = await caseInvoices(deps, viewer, target, now)
  const superseded = new Set(invoices.flatMap((invoice) => (invoice.revision_of ? [invoice.revision_of] : [])))
  const billing = invoices.filter((invoice) => invoice.status !== 'rejected' && !superseded.has(invoice.id))
  if (billing.length === 0 && waitingForDraft)
    throw conflict('This case’s draft invoice is being written in the background: ask again in a moment.')
  if (billing.length === 0)
    throw conflict('No invoice prices this case yet: give its client a rate card in Fee Schedules first.')
  const details = await Promise.all(billing.map((invoice) => invoiceDetail(deps, viewer, invoice.id, now)))
  const lines = details.flatMap((detail) =>
    detail.lines.map((line) => ({
      feeType: line.fee_type,
      name: line.fee_name,
      kind: line.kind,
      amountCents: Number(line.billed_cents),
      debtorBillable: line.debtor_billable,
    })),
  )
  const priced = details.find((detail) => storageRuleOf(detail) && detail.storage_started_at)
  const rule = priced ? storageRuleOf(priced) : null
  // Storage counts from the case's repossession moment as it stands (a correction after drafting included).
  const startedAt = found.repossessedAt ?? priced?.storage_started_at ?? null
  const storage: StorageFacts | null =
    priced && rule && startedAt
      ? {
          rule,
          startedAt,
          stoppedAt:
            (await vehicleLeftAt(deps, viewer.companyId, found.caseKey)) ??
            (VEHICLE_LEFT.includes(priced.storage_stop_event ?? '') ? priced.storage_stopped_at : null),
          debtorBillable: priced.lines.find((line) => line.kind === 'storage')?.debtor_billable ?? true,
        }
      : null
  return {
    case: { label: found.label, state: details[0].case_state ?? null },
    asOf: now.toISOString(),
    invoices: details.map((detail) => detail.number),
    ...redemptionQuote(lines, storage, now),
  }
}
