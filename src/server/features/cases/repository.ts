import { type Kysely, sql } from 'kysely'
import type { CaseListQuery } from '../../../domain/cases/case-list-query'
import type { DB } from '../../db/schema'
import { CASE_FIELDS } from '../../queries/case-columns'
import { caseFilters, countFromFacets } from '../../queries/case-filters'
import { isoTimestamp, isoTimestampOrNull } from '../../queries/iso-timestamp'

/** Beyond this many matches a search or date range says "10,000+" rather than count them all. */
export const COUNT_CAP = 10_000

/** Read as ISO text (`isoTimestamp`): the list and the detail only send them on as JSON. */
const CASE_TIMESTAMPS = ['updated_at', 'time_marked_repossessed', 'created_at'] as const
const notTimestamp = <Column extends string>(
  column: Column,
): column is Exclude<Column, (typeof CASE_TIMESTAMPS)[number]> =>
  !(CASE_TIMESTAMPS as readonly string[]).includes(column)

/** A list row: the case fields its export writes too, and what the list shows besides. */
const caseColumns = (
  [
    ...CASE_FIELDS,
    'lender_phone',
    'lender_type',
    'recovery_zip',
    'is_violent',
    'vendor_branch_name',
    'lot_processing_status',
    'market_confidence',
    'market_detection_method',
  ] as const
).filter(notTimestamp)
const caseTimestamps = [
  isoTimestamp('updated_at'),
  isoTimestampOrNull('time_marked_repossessed'),
  isoTimestamp('created_at'),
]

/** The list shows the derived debtor name (SPEC.md section 3), so it sorts by that (migration 019). */
const sortColumn = (sort: CaseListQuery['sort']) => (sort === 'debtor_name' ? 'debtor_display_name' : sort)

/** Counts matches up to the cap (searches and date ranges): exact below it, "10,000+" above. */
async function countCapped(db: Kysely<DB>, where: ReturnType<typeof caseFilters>) {
  const counted = await db
    .selectFrom((qb) =>
      qb
        .selectFrom('rdn_cases')
        .select(sql`1`.as('one'))
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  const count = Number(counted.count)
  return { total: Math.min(count, COUNT_CAP), totalIsCapped: count > COUNT_CAP }
}

export async function listCases(db: Kysely<DB>, companyId: string, query: CaseListQuery, pageSize: number) {
  const where = caseFilters(companyId, query)
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('rdn_cases')
      .select(caseColumns)
      .select(caseTimestamps)
      .where(where)
      // Missing values sort as the lowest, matching the sort indexes (migration 007) both ways.
      .orderBy(sortColumn(query.sort), (order) =>
        query.dir === 'asc' ? order.asc().nullsFirst() : order.desc().nullsLast(),
      )
      .orderBy('id', query.dir)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize)
      .execute(),
    countFromFacets(db, companyId, query).then((total) =>
      total === null ? countCapped(db, where) : { total, totalIsCapped: false },
    ),
  ])
  return { rows, ...counted }
}

export function findCase(db: Kysely<DB>, companyId: string, caseId: number) {
  return db
    .selectFrom('rdn_cases')
    .select(caseColumns)
    .select(caseTimestamps)
    .where('company_id', '=', companyId)
    .where('case_id', '=', caseId)
    .executeTakeFirst()
}

// The case detail, the case list and the exports resolve agents the same way.
export { findAgentProfiles } from '../../queries/agent-profiles'

/** The sub-statuses and markets the company's cases use, for the filter choices. */
export async function listCaseFilterChoices(db: Kysely<DB>, companyId: string) {
  const [subStatuses, markets] = await Promise.all([
    db
      .selectFrom('sub_statuses')
      .select('description')
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .orderBy('description')
      .execute(),
    db
      .selectFrom('market_zip_codes')
      .select('market')
      .distinct()
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .orderBy('market')
      .execute(),
  ])
  return {
    subStatuses: subStatuses.map((row) => row.description),
    markets: [...markets.map((row) => row.market), 'Unknown'],
  }
}
