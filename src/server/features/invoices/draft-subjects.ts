import type { Transaction } from 'kysely'
import type { CaseToDraft } from '../../../domain/billing/draft-plan'
import { parseSubstatuses } from '../../../domain/cases/case-view'
import { mapStorageLocation } from '../../../domain/cases/storage-location'
import type { OrderSubStatusLink } from '../../../domain/orders/fee-requests'
import type { DB } from '../../db/schema'
import { orderRepossession, rdnRepossession } from '../../queries/repossession-moment'
import { loadOrdersToDraft, loadRdnCasesToDraft, loadSubStatuses } from './drafting-repository'

// What drafting reads of the cases it drafts: an order or an RDN case, in one shape.

/** A case as drafting reads it, from an order or an RDN case. */
export type DraftSubject = {
  caseKey: string
  orderId: string | null
  rdnCaseId: string | null
  label: string
  clientId: string | null
  lienholderName: string | null
  /** The repossession day, the version's day; the completion day the client's window counts from. */
  repossessedOn: string | null
  completedOn: string | null
  vin: string | null
  vehicle: string | null
  debtorName: string | null
  lotName: string | null
  subStatuses: OrderSubStatusLink[]
  facts: Omit<CaseToDraft, 'derivedRequests' | 'approvedRequests'>
}

const vehicleOf = (row: { year: number | null; make: string | null; model: string | null }) =>
  [row.year, row.make, row.model].filter(Boolean).join(' ') || null

export async function loadSubjects(
  db: Transaction<DB>,
  companyId: string,
  queued: { order_id: string | null; rdn_case_id: string | null }[],
) {
  const orderIds = queued.flatMap((row) => (row.order_id ? [row.order_id] : []))
  const rdnIds = queued.flatMap((row) => (row.rdn_case_id ? [row.rdn_case_id] : []))
  const [orders, rdnCases] = await Promise.all([
    loadOrdersToDraft(db, companyId, orderIds),
    loadRdnCasesToDraft(db, companyId, rdnIds),
  ])
  const caseNumbers = [...new Set(orders.flatMap((order) => (order.case_number ? [order.case_number] : [])))]
  const links = await loadSubStatuses(db, companyId, caseNumbers)
  const subjects: DraftSubject[] = orders.map((order) => {
    const { repossessed, repossessedAt, repossessedOn } = orderRepossession(order)
    return {
      caseKey: `order:${order.id}`,
      orderId: order.id,
      rdnCaseId: null,
      label: order.order_number || order.case_number || order.id,
      clientId: order.client_id,
      lienholderName: order.lienholder_name,
      repossessedOn,
      completedOn: repossessedOn ?? order.close_date,
      vin: order.vin,
      vehicle: vehicleOf(order),
      debtorName: order.borrower_name,
      lotName: order.recovery_location,
      subStatuses: links.filter((link) => link.case_number === order.case_number),
      facts: {
        orderType: order.repo_type,
        market: order.detected_market,
        state: order.recovery_state ?? order.borrower_state,
        repossessed,
        repossessedAt,
      },
    }
  })
  for (const rdnCase of rdnCases) {
    const { repossessed, repossessedAt, repossessedOn } = rdnRepossession(rdnCase)
    subjects.push({
      caseKey: `rdn:${rdnCase.id}`,
      orderId: null,
      rdnCaseId: rdnCase.id,
      label: rdnCase.case_number || String(rdnCase.case_id),
      clientId: rdnCase.client_id,
      lienholderName: rdnCase.lienholder_name,
      repossessedOn,
      completedOn: repossessedOn ?? rdnCase.close_date,
      vin: rdnCase.vin,
      vehicle: vehicleOf(rdnCase),
      debtorName: rdnCase.debtor_name,
      lotName: mapStorageLocation('Repossessed', rdnCase.storage_location_name),
      subStatuses: parseSubstatuses(rdnCase.substatus).map((code) => ({
        sub_status_code: code,
        assigned_at: rdnCase.updated_at,
        active: true,
      })),
      facts: {
        orderType: rdnCase.order_type,
        market: rdnCase.detected_market,
        state: rdnCase.recovery_state ?? rdnCase.debtor_state,
        repossessed,
        repossessedAt,
      },
    })
  }
  return subjects
}
