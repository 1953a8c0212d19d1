import { type Kysely, sql } from 'kysely'

/** The Orders list's text sorts whose keys (and indexes) live in `order_search`, not on `orders`. */
export const SEARCH_SORT_COLUMNS = ['order_number', 'borrower_name', 'make', 'vin', 'license_plate'] as const

/** Those columns as a SQL list, each qualified by `row` when given (`o.order_number, o.borrower_name, ...`). */
export const searchSortColumns = (row?: string) =>
  sql.raw(SEARCH_SORT_COLUMNS.map((column) => (row ? `${row}.${column}` : column)).join(', '))
const columns = searchSortColumns()
const columnsOf = searchSortColumns

/**
 * Five of the Orders list's sort indexes (order number, borrower, make, VIN, plate) cost every
 * imported order five index inserts, a quarter of the import's time (docs/decisions/015). Their
 * keys move to `order_search`, which the background indexer fills after an import answers, and
 * their indexes with them; a sort reads that index plus the orders still queued, sorted on the
 * spot, as search does.
 *
 * Every order is in exactly one of `order_search` and `order_search_pending`: the indexer moves it
 * in one statement, and an edit of a searched or sorted field writes its entry at once and takes it
 * off the queue, so a sort never sees an order twice nor a stale key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of SEARCH_SORT_COLUMNS) {
    await sql`alter table order_search add column ${sql.id(column)} text`.execute(db)
  }
  await sql`update order_search s set (${columns}) = (${columnsOf('o')}) from orders o where o.id = s.order_id`.execute(
    db,
  )
  // An order queued and edited before this migration could be in both: the entry wins.
  await sql`delete from order_search_pending p where exists (select 1 from order_search s where s.order_id = p.order_id)`.execute(
    db,
  )
  for (const column of SEARCH_SORT_COLUMNS) {
    await sql`drop index ${sql.id(`orders_list_${column}_idx`)}`.execute(db)
    // As on `orders` (migration 021): missing values sort as the lowest, one index serves both directions.
    await sql`create index ${sql.id(`order_search_${column}_idx`)}
      on order_search (company_id, ${sql.id(column)} desc nulls last, order_id desc)`.execute(db)
  }

  // A new order is queued once: its id is new, so the queue's conflict check (a second index probe
  // per imported order) can never fire.
  await sql`create or replace function order_search_queue() returns trigger language plpgsql as $$
    begin
      insert into order_search_pending (order_id, company_id) select id, company_id from new_orders;
      return null;
    end
  $$`.execute(db)
  await sql`create or replace function order_search_refresh() returns trigger language plpgsql as $$
    begin
      insert into order_search (order_id, company_id, search_text, ${columns})
        values (new.id, new.company_id, order_search_text(new), ${columnsOf('new')})
        on conflict (order_id) do update set (search_text, ${columns}) =
          (excluded.search_text, ${columnsOf('excluded')});
      delete from order_search_pending where order_id = new.id;
      return null;
    end
  $$`.execute(db)
  await sql`drop trigger orders_search_refresh on orders`.execute(db)
  // The text alone could stay the same while two fields trade words: the sort keys are compared too.
  await sql`create trigger orders_search_refresh
    after update of order_number, borrower_name, make, model, vin, case_number, license_plate on orders
    for each row when ((order_search_text(old), ${columnsOf('old')}) is distinct from (order_search_text(new), ${columnsOf('new')}))
    execute function order_search_refresh()`.execute(db)
}
