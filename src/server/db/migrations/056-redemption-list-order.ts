import { type Kysely, sql } from 'kysely'
import { AGENCY_TIME_ZONE } from '../../../domain/formats/agency-time'

/**
 * The Vehicle Redemptions list (issue 42) reads each source's recovered vehicles in the list's own
 * order (recovery day newest first, then label, then key) from an index partial on what the list
 * shows, so a page is the first rows of two indexes merged instead of a sort of every case, and
 * the list's total is an index-only count. A timestamp's recovery day is the agency's day (issue
 * 41), read in its zone named as a literal so the index may hold it (a day in the session's zone is
 * not immutable); the list (list-service.ts) reads the same expressions from the same constant.
 */
const agencyDay = (column: string) => sql`(${sql.ref(column)} at time zone ${sql.lit(AGENCY_TIME_ZONE)})::date`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rdn_cases_redemption_list_idx on rdn_cases (
      company_id,
      coalesce(repo_date, ${agencyDay('time_marked_repossessed')}, ${agencyDay('updated_at')})
        desc nulls last,
      coalesce(case_number, case_id::text),
      ('rdn:' || id::text))
    where status = 'Repossessed' or repo_date is not null or time_marked_repossessed is not null`.execute(db)
  await sql`create index if not exists orders_redemption_list_idx on orders (
      company_id,
      coalesce(recovery_date, ${agencyDay('updated_at')}) desc nulls last,
      coalesce(order_number, case_number, ''),
      ('order:' || id::text))
    where status = 'Repossessed' or recovery_date is not null`.execute(db)
  // A search reads the few recovered cases whose label, VIN or debtor hold the text from this (the
  // case's search text holds its make and more: 'ford' matched a tenth of all cases). Orders keep no
  // trigram index (docs/decisions/006: it halved their import); their recovered ones are read whole.
  await sql`create index if not exists rdn_cases_redemption_search_idx on rdn_cases using gin ((
      lower(coalesce(case_number, case_id::text)) || ' ' || lower(coalesce(vin, '')) || ' '
        || lower(coalesce(debtor_display_name, ''))) gin_trgm_ops)
    where status = 'Repossessed' or repo_date is not null or time_marked_repossessed is not null`.execute(db)
  // A release is counted (and a page filtered by its state sorted) against its recovered case by
  // this index alone, not by a read of each case: it holds what the list's order reads.
  await sql`create index if not exists rdn_cases_recovered_id_idx on rdn_cases (company_id, id)
    include (repo_date, time_marked_repossessed, updated_at, case_number, case_id)
    where status = 'Repossessed' or repo_date is not null or time_marked_repossessed is not null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rdn_cases_recovered_id_idx`.execute(db)
  await sql`drop index if exists rdn_cases_redemption_search_idx`.execute(db)
  await sql`drop index if exists orders_redemption_list_idx`.execute(db)
  await sql`drop index if exists rdn_cases_redemption_list_idx`.execute(db)
}
