import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../lib/like-pattern'

/**
 * The company's clients with how many orders (by client) and RDN cases (by lender name) each has,
 * searched over name, lienholder, display name and code: Client Management's list and its export
 * add their own order and limit.
 */
export function clientsWithCounts(db: Kysely<DB>, companyId: string, q: string | undefined) {
  let select = db
    .selectFrom('clients as client')
    .select([
      'client.id',
      'client.name',
      'client.lienholder_name',
      'client.display_name',
      'client.client_code',
      'client.active',
      'client.update_cadence_days',
      'client.release_needs_lender_authorization',
      'client.hand_over_needs_payment',
      'client.condition_photo_slots',
      'client.billing_address',
      'client.payment_terms_days',
      'client.created_at',
      (eb) =>
        eb
          .selectFrom('orders')
          .select((count) => count.fn.countAll<string>().as('count'))
          .whereRef('orders.client_id', '=', 'client.id')
          .as('order_count'),
      (eb) =>
        eb
          .selectFrom('rdn_cases')
          .select((count) => count.fn.countAll<string>().as('count'))
          .whereRef('rdn_cases.company_id', '=', 'client.company_id')
          .whereRef('rdn_cases.client_id', '=', 'client.id')
          .as('case_count'),
    ])
    .where('client.company_id', '=', companyId)
  const search = q?.trim()
  if (search) {
    const pattern = containsPattern(search)
    select = select.where((eb) =>
      eb.or([
        eb('client.name', 'ilike', pattern),
        eb('client.lienholder_name', 'ilike', pattern),
        eb('client.display_name', 'ilike', pattern),
        eb('client.client_code', 'ilike', pattern),
      ]),
    )
  }
  return select
}
