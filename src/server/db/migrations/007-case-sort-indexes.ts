import { type Kysely, sql } from 'kysely'

/**
 * The case list sorts by any column and pages 50 at a time: an index per sortable column lets
 * the database read just the first page in order instead of sorting every matching case.
 */
const SORTED_COLUMNS = [
  'case_number',
  'debtor_name',
  'status',
  'make',
  'model',
  'year',
  'color',
  'vin',
  'lender_name',
  'detected_market',
  'repo_date',
  'updated_at',
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SORTED_COLUMNS) {
    await sql`create index ${sql.id(`rdn_cases_company_${column}_sort_idx`)} on rdn_cases (company_id, ${sql.id(column)}, id)`.execute(
      db,
    )
  }
  // The list's most common filter: status and market, newest first, often within a date range.
  await sql`create index rdn_cases_company_status_market_date_idx on rdn_cases (company_id, status, detected_market, order_date desc nulls last, id desc)`.execute(
    db,
  )
  await sql`drop index if exists rdn_cases_company_order_date_idx`.execute(db)
  await sql`drop index if exists rdn_cases_company_status_idx`.execute(db)
  await sql`drop index if exists rdn_cases_company_market_idx`.execute(db)
}
