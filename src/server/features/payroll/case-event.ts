import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { CaseRef } from './case-ref'

/** A pay entry or vendor cost tied to a case, on that case's timeline beside its own changes. */
export async function writeCaseEvent(
  trx: Transaction<DB>,
  companyId: string,
  target: CaseRef,
  field: 'pay_entry' | 'vendor_cost',
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
