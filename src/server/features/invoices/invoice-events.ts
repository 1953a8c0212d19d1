import type { Transaction } from 'kysely'
import type { ChangeSource } from '../../../domain/timeline/timeline'
import { copyRows } from '../../db/bulk-insert'
import type { DB } from '../../db/schema'

/**
 * An invoice, fee request or payment change as a case timeline entry (issue 17): a change of the
 * 'invoice', 'fee_request' or 'invoice_payment' field, written beside the case's own changes.
 */
export type InvoiceEvent = {
  company_id: string
  order_id: string | null
  rdn_case_id: string | null
  kind: 'change'
  field: 'invoice' | 'fee_request' | 'invoice_payment'
  old_value: string | null
  new_value: string
  actor_profile_id: string | null
  source: ChangeSource
}

export function invoiceEvent(
  companyId: string,
  subject: { orderId: string | null; rdnCaseId: string | null },
  change: { field: InvoiceEvent['field']; oldValue: string | null; newValue: string },
  actorProfileId: string | null,
  source: ChangeSource = 'person',
): InvoiceEvent {
  return {
    company_id: companyId,
    order_id: subject.orderId,
    rdn_case_id: subject.rdnCaseId,
    kind: 'change',
    field: change.field,
    old_value: change.oldValue,
    new_value: change.newValue,
    actor_profile_id: actorProfileId,
    source,
  }
}

/** Writes the entries of cases still on file (a deleted case's invoice keeps its history in the audit log). */
export function writeInvoiceEvents(trx: Transaction<DB>, events: InvoiceEvent[]) {
  return copyRows(
    trx,
    'case_timeline',
    events.filter((event) => event.order_id !== null || event.rdn_case_id !== null),
  )
}
