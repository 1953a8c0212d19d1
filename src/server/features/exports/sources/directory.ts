import { type Kysely, sql } from 'kysely'
import type { DB } from '../../../db/schema'
import { clientsWithCounts } from '../../clients/repository'
import { filteredCompanyProfiles, type UserFilters } from '../../users/repository'
import { EXPORT_KEYS, keysetBatches } from '../keyset'

/**
 * User Management's people with its filters, in its order: active first, then by first name
 * (none last) and e-mail; keyset batches by that tuple and the id.
 */
export function peopleBatches(db: Kysely<DB>, companyId: string, filters: UserFilters, batchSize: number) {
  return keysetBatches({
    keys: [
      { expression: sql`(case when profiles.active then 0 else 1 end)`, type: 'integer' },
      { expression: sql`(case when profiles.first_name is null then 1 else 0 end)`, type: 'integer' },
      { expression: sql`coalesce(profiles.first_name, '')`, type: 'text' },
      { expression: sql.ref('profiles.email'), type: 'text' },
      { expression: sql.ref('profiles.id'), type: 'uuid' },
    ],
    dir: 'asc',
    batchSize,
    page: ({ after, orderBy, keys, limit }) => {
      // The list's own filters (users repository).
      let query = filteredCompanyProfiles(db, companyId, filters)
        .select(['first_name', 'last_name', 'email', 'role', 'market', 'rdn_id_number', 'active', 'created_at'])
        .select(keys.as(EXPORT_KEYS))
      if (after) query = query.where(after)
      return query.orderBy(orderBy).limit(limit).execute()
    },
  })
}

/**
 * Client Management's clients with its search, active first then by name, each with its orders
 * and RDN cases counted as the screen counts them.
 */
export function clientBatches(db: Kysely<DB>, companyId: string, filters: { q?: string }, batchSize: number) {
  return keysetBatches({
    keys: [
      { expression: sql`(case when client.active then 0 else 1 end)`, type: 'integer' },
      { expression: sql.ref('client.name'), type: 'text' },
      { expression: sql.ref('client.id'), type: 'uuid' },
    ],
    dir: 'asc',
    batchSize,
    page: ({ after, orderBy, keys, limit }) => {
      // The list's own query (clients repository), in keyset batches.
      let query = clientsWithCounts(db, companyId, filters.q).select(keys.as(EXPORT_KEYS))
      if (after) query = query.where(after)
      return query.orderBy(orderBy).limit(limit).execute()
    },
  })
}
