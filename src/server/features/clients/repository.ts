import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'
import { containsPattern } from '../../queries/like-pattern'

/**
 * The company's clients with how many orders and RDN cases (by the client resolved on each) each has,
 * searched over name, lienholder, display name and code: Client Management's list and its export
 * add their own order and limit.
 */
export function clientsWithCounts(db: Kysely<DB>, companyId: string, q: string | undefined) {
  // Both counts kept by the database, neither read from the orders or the cases: orders per client
  // (migration 021), RDN cases per client resolved on the case (migration 049).
  const orderTotals = db
    .selectFrom('order_counts')
    .select(['client_id', sql<string>`sum(orders)`.as('orders')])
    .where('company_id', '=', companyId)
    .groupBy('client_id')
  const caseTotals = db
    .selectFrom('rdn_case_client_counts')
    .select(['client_id', 'cases'])
    .where('company_id', '=', companyId)
  let select = db
    .selectFrom('clients as client')
    .leftJoin(orderTotals.as('order_totals'), 'order_totals.client_id', 'client.id')
    .leftJoin(caseTotals.as('case_totals'), 'case_totals.client_id', 'client.id')
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
      sql<string>`coalesce(order_totals.orders, 0)`.as('order_count'),
      sql<string>`coalesce(case_totals.cases, 0)`.as('case_count'),
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
