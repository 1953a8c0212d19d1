import { type Kysely, sql } from 'kysely'

/** The channel every server instance LISTENs on. */
export const CASES_CHANNEL = 'rdn_cases_changed'

/**
 * Inserts, updates and deletes on rdn_cases NOTIFY once per statement and company (a batch
 * of thousands is one message), so live updates cross every instance on the database.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function notify_rdn_cases_changed() returns trigger language plpgsql as $$
    declare company uuid;
    begin
      if tg_op = 'DELETE' then
        for company in select distinct company_id from old_rows loop
          perform pg_notify(${sql.lit(CASES_CHANNEL)}, json_build_object('companyId', company, 'op', tg_op)::text);
        end loop;
      else
        for company in select distinct company_id from new_rows loop
          perform pg_notify(${sql.lit(CASES_CHANNEL)}, json_build_object('companyId', company, 'op', tg_op)::text);
        end loop;
      end if;
      return null;
    end $$`.execute(db)
  // A trigger with transition tables takes one event, hence three.
  await sql`create trigger rdn_cases_inserted after insert on rdn_cases referencing new table as new_rows
    for each statement execute function notify_rdn_cases_changed()`.execute(db)
  await sql`create trigger rdn_cases_updated after update on rdn_cases referencing new table as new_rows
    for each statement execute function notify_rdn_cases_changed()`.execute(db)
  await sql`create trigger rdn_cases_deleted after delete on rdn_cases referencing old table as old_rows
    for each statement execute function notify_rdn_cases_changed()`.execute(db)
}
