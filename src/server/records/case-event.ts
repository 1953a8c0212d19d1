import type { Transaction } from 'kysely'
import type { DB } from '../db/schema'

/** An event about a case (a pay entry, a vendor cost, a condition report), on its timeline beside its own changes. */
export async function writeCaseEvent(
  trx: Transaction<DB>,
  companyId: string,
  target: { orderId: string | null; rdnCaseId: string | null },
  field:
    | 'pay_entry'
    | 'vendor_cost'
    | 'condition_report'
    | 'vehicle_release'
    | 'redemption_payment'
    | 'property_inventory'
    | 'repossession'
    | 'on_hook'
    | 'yield',
  text: string,
  actorProfileId: string,
) {
  if (!target.orderId && !target.rdnCaseId) return
  await trx
    .insertInto('case_timeline')
    .values({
      company_id: companyId,
      order_id: target.orderId,
      rdn_case_id: target.rdnCaseId,
      kind: 'change',
      field,
      old_value: null,
      new_value: text,
      actor_profile_id: actorProfileId,
      source: 'person',
    })
    .execute()
}
