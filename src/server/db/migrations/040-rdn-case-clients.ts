import { type Kysely, sql } from 'kysely'

/**
 * An RDN case's client, resolved once and kept (issue 41): `rdn_cases.client_id` is the client its
 * lender's name (else its lienholder's) names, by the rule of src/domain/clients/rdn-case-client.ts,
 * so drafting, post-recovery work, payroll, accounting and the client list join on an id instead of
 * comparing text per row. Triggers keep it current: a case's names change -> it is resolved again; a
 * client is created, renamed, (de)activated or deleted -> the cases naming it (old or new name) are.
 * No foreign key (docs/decisions/007); a client's deletion re-resolves its cases here.
 *
 * A case whose client changes has its unsent drafts queued for repricing, as has every draft of a
 * client whose rate card changes (fees service): `invoice_reprice_queue`, worked in the background.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // normalizeClientName (src/domain/import/clients.ts, SPEC.md section 5) in SQL; the API test
  // rdn-case-client.test.ts checks both give the same key.
  await sql`create function client_match_key(name text) returns text language sql immutable parallel safe as $$
    select trim(regexp_replace(
      regexp_replace(
        regexp_replace(
          regexp_replace(lower(coalesce(name, '')), '(\\s*(-\\s*hand keyed|\\(primary\\))\\s*)+$', ''),
          '[^[:alnum:][:space:]]', ' ', 'g'),
        '\\y(inc|llc|lp|corp|ltd)\\y', ' ', 'g'),
      '\\s+', ' ', 'g'))
  $$`.execute(db)
  await sql`create index clients_name_key_idx on clients (company_id, client_match_key(name))`.execute(db)
  await sql`create index clients_lienholder_key_idx on clients (company_id, client_match_key(lienholder_name))
    where lienholder_name is not null`.execute(db)

  // The client of a case with these names: see rdnCaseClientRank for the order.
  await sql`create function rdn_case_client_id(company uuid, lender text, lienholder text) returns uuid
    language sql stable parallel safe as $$
    select cl.id
    from (select nullif(client_match_key(lender), '') as lender_key, nullif(client_match_key(lienholder), '') as lien_key) k
    join clients cl on cl.company_id = company
      and (client_match_key(cl.name) in (k.lender_key, k.lien_key)
        or (cl.lienholder_name is not null and client_match_key(cl.lienholder_name) in (k.lender_key, k.lien_key)))
    order by case
        when client_match_key(cl.name) = k.lender_key then
          case when client_match_key(cl.lienholder_name) = k.lien_key then 0 else 1 end
        when client_match_key(cl.name) = k.lien_key then 2
        when client_match_key(cl.lienholder_name) = k.lender_key then 3
        else 4 end,
      cl.active desc, cl.created_at, cl.id
    limit 1
  $$`.execute(db)

  await sql`alter table rdn_cases add column client_id uuid`.execute(db)
  // Each distinct pair of names resolved once, then every case of it set by a join (the same
  // answer as resolving case by case, which took 28 minutes at 1,000,000 cases; migration 047).
  await sql`update rdn_cases c set client_id = resolved.client_id
    from (
      select company_id, lender_name, lienholder_name, rdn_case_client_id(company_id, lender_name, lienholder_name) as client_id
      from (select distinct company_id, lender_name, lienholder_name from rdn_cases
        where coalesce(lender_name, lienholder_name) is not null) names
    ) resolved
    where resolved.client_id is not null and c.company_id = resolved.company_id
      and c.lender_name is not distinct from resolved.lender_name
      and c.lienholder_name is not distinct from resolved.lienholder_name`.execute(db)
  await sql`create index rdn_cases_client_idx on rdn_cases (company_id, client_id)`.execute(db)
  // A client's name finds the cases that name it, as lender or as lienholder.
  await sql`create index rdn_cases_lender_key_idx on rdn_cases (company_id, client_match_key(lender_name))
    where lender_name is not null`.execute(db)
  await sql`create index rdn_cases_lienholder_key_idx on rdn_cases (company_id, client_match_key(lienholder_name))
    where lienholder_name is not null`.execute(db)

  await sql`create function rdn_cases_resolve_client() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.lender_name is distinct from old.lender_name
        or new.lienholder_name is distinct from old.lienholder_name or new.company_id is distinct from old.company_id then
        new.client_id := rdn_case_client_id(new.company_id, new.lender_name, new.lienholder_name);
      end if;
      return new;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_resolve_client before insert or update of lender_name, lienholder_name, company_id
    on rdn_cases for each row execute function rdn_cases_resolve_client()`.execute(db)

  await sql`create function clients_resolve_cases() returns trigger language plpgsql as $$
    declare
      company uuid := coalesce(new.company_id, old.company_id);
      keys text[] := array_remove(array[
        nullif(client_match_key(new.name), ''), nullif(client_match_key(new.lienholder_name), ''),
        nullif(client_match_key(old.name), ''), nullif(client_match_key(old.lienholder_name), '')], null);
      gone uuid := case when tg_op = 'DELETE' then old.id end;
    begin
      update rdn_cases c set client_id = resolved.id
      from (
        select c2.id as case_row, rdn_case_client_id(c2.company_id, c2.lender_name, c2.lienholder_name) as id
        from rdn_cases c2
        where c2.company_id = company and (
          (c2.lender_name is not null and client_match_key(c2.lender_name) = any(keys))
          or (c2.lienholder_name is not null and client_match_key(c2.lienholder_name) = any(keys))
          or c2.client_id = gone)
      ) resolved
      where c.id = resolved.case_row and c.client_id is distinct from resolved.id;
      return null;
    end $$`.execute(db)
  await sql`create trigger clients_resolve_cases after insert or delete or update of name, lienholder_name, active
    on clients for each row execute function clients_resolve_cases()`.execute(db)

  await sql`create table invoice_reprice_queue (
    company_id uuid not null,
    invoice_id uuid not null references invoices (id) on delete cascade,
    queued_by_user_id uuid,
    queued_by_profile_id uuid,
    queued_at timestamptz not null default now(),
    primary key (company_id, invoice_id)
  )`.execute(db)
  // Drafts of RDN cases whose client the rule finds now but drafting did not: priced again.
  await sql`insert into invoice_reprice_queue (company_id, invoice_id)
    select i.company_id, i.id from invoices i join rdn_cases c on c.id = i.rdn_case_id
    where i.status = 'draft' and c.client_id is distinct from i.client_id`.execute(db)
  // A client's drafts, to queue them for repricing when its rate card changes.
  await sql`create index invoices_drafts_idx on invoices (company_id, client_id) where status = 'draft'`.execute(db)

  await sql`create function rdn_cases_client_changed() returns trigger language plpgsql as $$
    begin
      insert into invoice_reprice_queue (company_id, invoice_id)
        select i.company_id, i.id from invoices i where i.rdn_case_id = new.id and i.status = 'draft'
        on conflict do nothing;
      return null;
    end $$`.execute(db)
  await sql`create trigger rdn_cases_client_changed after update on rdn_cases
    for each row when (old.client_id is distinct from new.client_id) execute function rdn_cases_client_changed()`.execute(
    db,
  )
}
