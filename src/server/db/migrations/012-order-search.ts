import { type Kysely, sql } from 'kysely'

/**
 * The orders' global-search index moves to its own table, filled in the background (docs/decisions/006).
 * A trigram entry costs more than the rest of an order's insert; kept on `orders` it halved the
 * import's speed. New orders wait in `order_search_pending` (one narrow row each, written by a
 * statement trigger) until the indexer moves them in; search reads the pending ones directly, so
 * it never misses an order. An edit of a searched field refreshes the entry at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table order_search (
    order_id uuid primary key references orders (id) on delete cascade,
    company_id uuid not null,
    search_text text not null
  )`.execute(db)
  await sql`create table order_search_pending (
    order_id uuid primary key,
    company_id uuid not null
  )`.execute(db)

  await sql`create function order_search_text(o orders) returns text language sql immutable as $$
    select coalesce(o.order_number, '') || ' ' || coalesce(o.borrower_name, '') || ' ' || coalesce(o.make, '') || ' ' ||
      coalesce(o.model, '') || ' ' || coalesce(o.vin, '')
  $$`.execute(db)
  await sql`create function order_search_queue() returns trigger language plpgsql as $$
    begin
      insert into order_search_pending (order_id, company_id)
        select id, company_id from new_orders
        on conflict (order_id) do nothing;
      return null;
    end
  $$`.execute(db)
  await sql`create trigger orders_search_queue after insert on orders
    referencing new table as new_orders for each statement execute function order_search_queue()`.execute(db)
  await sql`create function order_search_refresh() returns trigger language plpgsql as $$
    begin
      insert into order_search (order_id, company_id, search_text)
        values (new.id, new.company_id, order_search_text(new))
        on conflict (order_id) do update set search_text = excluded.search_text;
      return null;
    end
  $$`.execute(db)
  await sql`create trigger orders_search_refresh after update of order_number, borrower_name, make, model, vin on orders
    for each row when (order_search_text(old) is distinct from order_search_text(new))
    execute function order_search_refresh()`.execute(db)

  await sql`insert into order_search (order_id, company_id, search_text)
    select o.id, o.company_id, order_search_text(o) from orders o`.execute(db)
  // Built after the backfill: one bulk build is far cheaper than growing the index row by row.
  await sql`create index order_search_trgm_idx on order_search using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`drop index orders_search_trgm_idx`.execute(db)
}
