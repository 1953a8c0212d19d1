import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, the Case Location Map and the Property Redemptions list at 1,000,000 RDN cases:
 *
 * - How many RDN cases each company has per place (the debtor's five-digit ZIP, '' for none) and
 *   status ('' for none), kept by the database as the per-status counts are (migration 008): the
 *   map with no filter but status sums these rows instead of grouping every case. Statement
 *   triggers add what each statement changed, one grouped upsert in key order under the
 *   per-company lock the other counts take, so writers cannot deadlock; a statement that moves no
 *   case between places or statuses writes nothing.
 * - The property list's page read in its order (newest inventories first, the ones with property)
 *   from an index, its cases then found by id, instead of joining every inventory to a million
 *   cases before sorting; an inventory's next scheduled pickup found by its inventory.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The places keyed as the map reads them (caseZip, src/server/queries/case-place.ts), frozen here.
  const fiveDigits = (column: string) => `case when ${column} ~ '^ *[0-9]{5}' then left(ltrim(${column}), 5) end`

  await sql`create index property_inventories_list_idx on property_inventories (company_id, inventoried_at desc, id)
    where not no_property`.execute(db)
  await sql`create index property_appointments_inventory_idx on property_appointments (inventory_id, status, starts_at)`.execute(
    db,
  )

  await sql`create table rdn_case_zip_counts (
    company_id uuid not null references companies (id),
    zip text not null,
    status text not null,
    cases bigint not null,
    primary key (company_id, zip, status)
  )`.execute(db)
  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table rdn_cases in share row exclusive mode`.execute(db)
  const place = `coalesce(${fiveDigits('debtor_zip')}, '')`
  await sql`insert into rdn_case_zip_counts (company_id, zip, status, cases)
    select company_id, ${sql.raw(place)}, coalesce(status, ''), count(*) from rdn_cases group by 1, 2, 3`.execute(db)

  const places = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select company_id, ${place} as zip, coalesce(status, '') as status, ${sign}count(*) as cases from ${rows} group by 1, 2, 3`
  const upsert = (deltas: string) =>
    sql.raw(`insert into rdn_case_zip_counts (company_id, zip, status, cases)
        select company_id, zip, status, sum(cases) from (${deltas}) deltas
        group by 1, 2, 3 having sum(cases) <> 0 order by 1, 2, 3
        on conflict (company_id, zip, status) do update set cases = rdn_case_zip_counts.cases + excluded.cases;`)
  await sql`create function count_rdn_case_zips() returns trigger language plpgsql as $$
    begin
      -- One writer of a company's counts at a time, companies locked in a fixed order.
      if tg_op = 'DELETE' then
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from old_rows order by company_id) changed;
      else
        perform pg_advisory_xact_lock(hashtext('rdn_case_counts:' || changed.company_id::text))
          from (select distinct company_id from new_rows order by company_id) changed;
      end if;
      -- Each branch names only the transition tables its event has.
      if tg_op = 'INSERT' then
        ${upsert(places('new_rows', ''))}
      elsif tg_op = 'UPDATE' then
        ${upsert(`${places('new_rows', '')} union all ${places('old_rows', '-')}`)}
      else
        ${upsert(places('old_rows', '-'))}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_zip_counts_inserted after insert on rdn_cases
    referencing new table as new_rows for each statement execute function count_rdn_case_zips()`.execute(db)
  await sql`create trigger rdn_cases_zip_counts_updated after update on rdn_cases
    referencing old table as old_rows new table as new_rows for each statement execute function count_rdn_case_zips()`.execute(
    db,
  )
  await sql`create trigger rdn_cases_zip_counts_deleted after delete on rdn_cases
    referencing old table as old_rows for each statement execute function count_rdn_case_zips()`.execute(db)
  // Planned without JIT, as rdn_cases' other statement triggers (migrations 048 and 052).
  await sql`alter function count_rdn_case_zips() set jit = off`.execute(db)
  // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
  await sql`create function clear_rdn_case_zip_counts() returns trigger language plpgsql as $$
    begin
      delete from rdn_case_zip_counts;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_zip_counts_truncated after truncate on rdn_cases
    for each statement execute function clear_rdn_case_zip_counts()`.execute(db)
}
