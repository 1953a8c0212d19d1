import { type Kysely, sql } from 'kysely'
import type { DB } from '../../db/schema'
import { caseZip, orderZip } from '../../queries/case-place'
import { type CaseFilter, filterCases, filterOrders, matchesNothing } from './repository'

/** The filtered cases of these ZIPs, only what names them (up to `limit` of each source, the most recently updated first). */
export async function casesInZips(db: Kysely<DB>, filter: CaseFilter, zips: string[], limit: number) {
  if (zips.length === 0 || matchesNothing(filter)) return { orders: [], cases: [] }
  const [orders, cases] = await Promise.all([
    filterOrders(db.selectFrom('orders'), filter)
      .where(orderZip, '=', sql<string>`any(${zips}::text[])`)
      .select(['id', 'order_number', 'case_number'])
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute(),
    filterCases(db.selectFrom('rdn_cases'), filter)
      .where(caseZip, '=', sql<string>`any(${zips}::text[])`)
      .select(['id', 'case_id', 'case_number'])
      .orderBy('updated_at', 'desc')
      .limit(limit)
      .execute(),
  ])
  return { orders, cases }
}
