import { type Kysely, sql } from 'kysely'
import type { CaseListQuery, CaseSortColumn } from '../../../../domain/cases/case-list-query'
import type { DB } from '../../../db/schema'
import { CASE_FIELDS } from '../../../queries/case-columns'
import { caseFilters } from '../../../queries/case-filters'
import { EXPORT_KEYS, type KeyType, sortedBatches } from '../keyset'

const SORT_TYPES: Partial<Record<CaseSortColumn, KeyType>> = {
  order_date: 'date',
  repo_date: 'date',
  updated_at: 'timestamptz',
  year: 'integer',
  case_id: 'bigint',
}

/** Sort columns that are never null. */
const NEVER_NULL: readonly CaseSortColumn[] = ['case_id', 'updated_at', 'detected_market']

/**
 * The case list's rows for its filters, in its order (missing values lowest: first ascending,
 * last descending, then by id the same way), in keyset batches over its sort indexes.
 */
export function caseListBatches(db: Kysely<DB>, companyId: string, query: CaseListQuery, batchSize: number) {
  // The list sorts by the debtor name it shows (migration 019).
  const column = query.sort === 'debtor_name' ? 'debtor_display_name' : query.sort
  const where = caseFilters(companyId, query)
  return sortedBatches({
    sort: { expression: sql.ref(`rdn_cases.${column}`), type: SORT_TYPES[query.sort] ?? 'text' },
    id: { expression: sql.ref('rdn_cases.id'), type: 'uuid' },
    dir: query.dir,
    nullsFirst: query.dir === 'asc',
    nullable: !NEVER_NULL.includes(query.sort),
    batchSize,
    page: ({ after, orderBy, keys, limit }, part) =>
      db
        .selectFrom('rdn_cases')
        .select(CASE_FIELDS)
        .select(keys.as(EXPORT_KEYS))
        .where(where)
        .where(part)
        .$if(after !== null, (qb) => qb.where(after as NonNullable<typeof after>))
        .orderBy(orderBy)
        .limit(limit)
        .execute(),
  })
}
