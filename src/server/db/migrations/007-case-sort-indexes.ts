import { type Kysely, sql } from 'kysely'

/**
 * The case list sorts by any column, either way, and pages 50 at a time. Missing values sort as
 * the lowest (last when descending, first when ascending), so one index per column, read forwards
 * or backwards, serves both directions: the database reads just the first page in order.
 * (case_id needs none: its unique index serves both directions.)
 */
const SORTED_COLUMNS = [
  'order_date',
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
    const name = `rdn_cases_company_${column}_sort_idx`
    await sql`create index ${sql.id(name)} on rdn_cases (company_id, ${sql.id(column)} desc nulls last, id desc)`.execute(
      db,
    )
  }
  // The list's most common filter: status and market, newest first, often within a date range.
  await sql`create index rdn_cases_company_status_market_date_idx
    on rdn_cases (company_id, status, detected_market, order_date desc nulls last, id desc)`.execute(db)
  await sql`drop index if exists rdn_cases_company_order_date_idx`.execute(db)
  await sql`drop index if exists rdn_cases_company_status_idx`.execute(db)
  await sql`drop index if exists rdn_cases_company_market_idx`.execute(db)
}
