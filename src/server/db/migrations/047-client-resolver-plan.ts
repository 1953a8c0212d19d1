import { type Kysely, sql } from 'kysely'

/**
 * An RDN case's client, resolved by the same rule as migration 040 (src/domain/clients/rdn-case-client.ts)
 * at a fraction of the cost: 040's SQL function was planned again on every call and worked out
 * every client's match key (four regular expressions) on each, ~1 ms a case, paid by the trigger
 * on every case imported or synced and 28 minutes of 040's backfill at 1,000,000 cases
 * (`npm run bench:migration-040`). Each client now keeps its two keys, worked out when its names
 * change, indexed; the resolver is PL/pgSQL, its statement planned once per connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clients
    add column name_key text generated always as (client_match_key(name)) stored,
    add column lienholder_key text generated always as (client_match_key(lienholder_name)) stored`.execute(db)
  await sql`drop index clients_name_key_idx`.execute(db)
  await sql`drop index clients_lienholder_key_idx`.execute(db)
  await sql`create index clients_name_key_idx on clients (company_id, name_key)`.execute(db)
  await sql`create index clients_lienholder_key_idx on clients (company_id, lienholder_key)
    where lienholder_name is not null`.execute(db)

  await sql`create or replace function rdn_case_client_id(company uuid, lender text, lienholder text) returns uuid
    language plpgsql stable parallel safe as $$
    declare
      lender_key text := nullif(client_match_key(lender), '');
      lien_key text := nullif(client_match_key(lienholder), '');
      resolved uuid;
    begin
      if lender_key is null and lien_key is null then
        return null;
      end if;
      select cl.id into resolved
      from clients cl
      where cl.company_id = company
        and (cl.name_key in (lender_key, lien_key)
          or (cl.lienholder_name is not null and cl.lienholder_key in (lender_key, lien_key)))
      order by case
          when cl.name_key = lender_key then case when cl.lienholder_key = lien_key then 0 else 1 end
          when cl.name_key = lien_key then 2
          when cl.lienholder_key = lender_key then 3
          else 4 end,
        cl.active desc, cl.created_at, cl.id
      limit 1;
      return resolved;
    end $$`.execute(db)
}
