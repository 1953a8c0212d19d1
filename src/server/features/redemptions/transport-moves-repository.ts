import type { Kysely } from 'kysely'
import type { DB } from '../../db/schema'

const liveTransports = (db: Kysely<DB>, companyId: string) =>
  db
    .selectFrom('vehicle_releases as r')
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'transport')
    .where('r.status', '=', 'authorized')

/**
 * A page of the company's live transport authorizations, oldest authorization first, with the
 * vehicle, its case and where it goes. The page is cut from their partial index (migration 057)
 * before anything is joined, so a late page skips index entries, not joined rows.
 */
export function transportMovesPage(db: Kysely<DB>, companyId: string, page: { limit: number; offset: number }) {
  const pageOfMoves = liveTransports(db, companyId)
    .selectAll('r')
    .orderBy('r.authorized_at')
    .orderBy('r.id')
    .limit(page.limit)
    .offset(page.offset)
  return db
    .selectFrom(pageOfMoves.as('r'))
    .leftJoin('vendors as v', 'v.id', 'r.vendor_id')
    .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'r.order_id').onRef('o.company_id', '=', 'r.company_id'))
    .leftJoin('rdn_cases as c', (join) =>
      join.onRef('c.id', '=', 'r.rdn_case_id').onRef('c.company_id', '=', 'r.company_id'),
    )
    .select([
      'r.id',
      'r.authorized_at',
      'r.order_id',
      'c.case_id',
      'v.name as vendor_name',
      (eb) => eb.fn.coalesce('o.order_number', 'o.case_number', 'c.case_number').as('label'),
      (eb) => eb.fn.coalesce('o.year', 'c.year').as('year'),
      (eb) => eb.fn.coalesce('o.make', 'c.make').as('make'),
      (eb) => eb.fn.coalesce('o.model', 'c.model').as('model'),
      (eb) => eb.fn.coalesce('o.vin', 'c.vin').as('vin'),
    ])
    .orderBy('r.authorized_at')
    .orderBy('r.id')
}

/** How many live transport authorizations the company has (counted from their partial index). */
export async function countTransportMoves(db: Kysely<DB>, companyId: string) {
  const row = await liveTransports(db, companyId)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
