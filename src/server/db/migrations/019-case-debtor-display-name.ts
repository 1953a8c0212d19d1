import { type Kysely, sql } from 'kysely'

/**
 * The case list shows a debtor name derived as SPEC.md section 3 says (debtor_name, else first,
 * middle initial and last joined: src/domain/cases/case-view.ts), so it searches and sorts by
 * that same name. A stored generated column keeps it in the row: the search text (and its
 * trigram index) is rebuilt over it, and the name's sort index moves to it, so the list stays
 * one indexed read. (PostgreSQL 15 cannot change a generated column's expression: dropped and
 * added again.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Declared immutable for the generated columns: array_to_string over text is, in fact.
  await sql`create function rdn_debtor_display_name(
      full_name text, first_name text, middle_initial text, last_name text
    ) returns text language sql immutable as $$
    select coalesce(
      nullif(btrim(full_name, E' \t\r\n'), ''),
      nullif(array_to_string(array_remove(array[
        nullif(btrim(first_name, E' \t\r\n'), ''),
        nullif(btrim(middle_initial, E' \t\r\n'), ''),
        nullif(btrim(last_name, E' \t\r\n'), '')
      ], null), ' '), '')
    )
  $$`.execute(db)
  await sql`alter table rdn_cases add column debtor_display_name text generated always as (
    rdn_debtor_display_name(debtor_name, debtor_first_name, debtor_middle_initial, debtor_last_name)
  ) stored`.execute(db)
  await sql`alter table rdn_cases drop column search_text`.execute(db)
  await sql`alter table rdn_cases add column search_text text generated always as (lower(
    coalesce(case_number, '') || ' ' ||
    coalesce(rdn_debtor_display_name(debtor_name, debtor_first_name, debtor_middle_initial, debtor_last_name), '') ||
    ' ' || coalesce(make, '') || ' ' || coalesce(model, '') || ' ' || coalesce(color, '') || ' ' ||
    coalesce(lender_name, '') || ' ' || coalesce(vin, '') || ' ' || coalesce(year::text, '') || ' ' || case_id::text
  )) stored`.execute(db)
  await sql`create index rdn_cases_search_trgm_idx on rdn_cases using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`create index rdn_cases_company_debtor_display_name_sort_idx
    on rdn_cases (company_id, debtor_display_name desc nulls last, id desc)`.execute(db)
  await sql`drop index if exists rdn_cases_company_debtor_name_sort_idx`.execute(db)
}
