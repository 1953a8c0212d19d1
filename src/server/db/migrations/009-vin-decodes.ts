import { type Kysely, sql } from 'kysely'

/**
 * Decoded VINs. A VIN's make, model and body are public facts, the same for every company,
 * so this cache is shared (no company_id) and holds nothing about any debtor.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vin_decodes (
    vin text primary key check (char_length(vin) = 17),
    make text,
    model text,
    model_year integer,
    body_class text,
    drive_type text,
    check_digit_valid boolean not null,
    check_digit_expected text,
    problems jsonb not null default '[]',
    failed boolean not null,
    decoder text not null,
    decoded_at timestamptz not null default now()
  )`.execute(db)
}
