import { type Kysely, sql } from 'kysely'

/**
 * Street-level places for the Case Location Map (issue 19): when GEOCODER_URL is set, the
 * addresses of the pins a person looks at are geocoded in the background, once, and kept here by
 * the address's normalised text, so the next look places them at the street, not the ZIP centre.
 * An address the geocoder could not find is kept too (found false), so it is not asked again and
 * again; a failed call is not kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table address_places (
    company_id uuid not null references companies (id) on delete cascade,
    address_key text not null check (char_length(address_key) <= 500),
    found boolean not null,
    latitude double precision,
    longitude double precision,
    geocoded_at timestamptz not null default now(),
    primary key (company_id, address_key),
    check (found = (latitude is not null and longitude is not null))
  )`.execute(db)
}
