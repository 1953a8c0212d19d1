import { type Kysely, sql } from 'kysely'

/**
 * Hold receipts follow the notice (issue 44 item 3): a hold notification marked read (one at a
 * time or all at once, on any path) stamps the person's receipt read, and delivered if no open
 * screen had stamped it yet (a notice read has reached a screen). Opening the case stamps it in
 * the service (features/holds/receipts-service.ts); delivery to an open stream, in the SSE route.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create function hold_receipts_read() returns trigger language plpgsql as $$
    begin
      update hold_receipts r set read_at = n.read_at, delivered_at = coalesce(r.delivered_at, n.read_at)
        from new_rows n join old_rows o on o.id = n.id
        where n.kind = 'hold' and n.read_at is not null and o.read_at is null and n.dedupe_key like 'hold:%'
          and r.hold_id = substring(n.dedupe_key from 6)::uuid and r.profile_id = n.profile_id and r.read_at is null;
      return null;
    end $$`.execute(db)
  await sql`create trigger hold_receipts_read after update on notifications
    referencing old table as old_rows new table as new_rows
    for each statement execute function hold_receipts_read()`.execute(db)
  // The office's open holds, and a person's receipts still waiting for delivery.
  await sql`create index case_holds_open_idx on case_holds (company_id, placed_at desc) where lifted_at is null`.execute(
    db,
  )
  await sql`create index hold_receipts_undelivered_idx on hold_receipts (profile_id) where delivered_at is null`.execute(
    db,
  )
}
