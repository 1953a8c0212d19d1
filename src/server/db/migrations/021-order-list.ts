import { type Kysely, sql } from 'kysely'

/** The channel every server instance LISTENs on for changes to orders. */
export const ORDERS_CHANNEL = 'orders_changed'

/** An order without a client is counted under this id (a primary key cannot hold null). */
export const NO_CLIENT_ID = '00000000-0000-0000-0000-000000000000'

/**
 * The Orders list (issue 16): read in the database at a million orders, yet cheap for the import.
 *
 * - Exact totals without counting: orders per company, status, priority, market and client, kept
 *   by statement triggers (one grouped upsert per statement, sorted, so two writers cannot
 *   deadlock), which also NOTIFY once per company and statement for the live list.
 * - Indexes for the list's default order (order date, newest first) under each filter, and one
 *   per sortable column. Missing values sort as the lowest, so one index read either way serves
 *   both directions. The priority index skips 'medium', every imported order's priority, so an
 *   import does not pay for it; agent and camera driver indexes skip unassigned orders likewise.
 * - The search index (migration 012) also covers the case number and the license plate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table order_counts (
    company_id uuid not null,
    status text not null,
    priority text not null,
    market text not null,
    client_id uuid not null,
    orders bigint not null,
    primary key (company_id, status, priority, market, client_id)
  )`.execute(db)
  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table orders in share row exclusive mode`.execute(db)
  await sql`insert into order_counts
    select company_id, status, priority, coalesce(detected_market, 'Unknown'),
      coalesce(client_id, ${sql.lit(NO_CLIENT_ID)}::uuid), count(*)
    from orders group by 1, 2, 3, 4, 5`.execute(db)

  const facets = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select company_id, status, priority, coalesce(detected_market, 'Unknown') as market,
        coalesce(client_id, '${NO_CLIENT_ID}'::uuid) as client_id, ${sign}count(*) as orders
      from ${rows} group by 1, 2, 3, 4, 5`
  // One upsert per statement, its rows in key order: concurrent writers lock counts in the same order.
  const upsert = (deltas: string) =>
    sql.raw(`insert into order_counts
        select company_id, status, priority, market, client_id, sum(orders) from (${deltas}) deltas
        group by 1, 2, 3, 4, 5 having sum(orders) <> 0 order by 1, 2, 3, 4, 5
        on conflict (company_id, status, priority, market, client_id)
        do update set orders = order_counts.orders + excluded.orders;`)
  const notify = (rows: 'new_rows' | 'old_rows') =>
    sql.raw(`for company in select distinct company_id from ${rows} loop
          perform pg_notify('${ORDERS_CHANNEL}', json_build_object('companyId', company, 'op', tg_op)::text);
        end loop;`)
  await sql`create function count_and_notify_orders() returns trigger language plpgsql as $$
    declare company uuid;
    begin
      -- Each branch names only the transition tables its event has.
      if tg_op = 'INSERT' then
        ${upsert(facets('new_rows', ''))}
        ${notify('new_rows')}
      elsif tg_op = 'UPDATE' then
        ${upsert(`${facets('new_rows', '')} union all ${facets('old_rows', '-')}`)}
        ${notify('new_rows')}
      else
        ${upsert(facets('old_rows', '-'))}
        ${notify('old_rows')}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger orders_counted_inserted after insert on orders referencing new table as new_rows
    for each statement execute function count_and_notify_orders()`.execute(db)
  await sql`create trigger orders_counted_updated after update on orders
    referencing old table as old_rows new table as new_rows
    for each statement execute function count_and_notify_orders()`.execute(db)
  await sql`create trigger orders_counted_deleted after delete on orders referencing old table as old_rows
    for each statement execute function count_and_notify_orders()`.execute(db)
  // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
  await sql`create function clear_order_counts() returns trigger language plpgsql as $$
    begin
      delete from order_counts;
      perform pg_notify(${sql.lit(ORDERS_CHANNEL)}, json_build_object('op', tg_op)::text);
      return null;
    end $$`.execute(db)
  await sql`create trigger orders_counted_truncated after truncate on orders
    for each statement execute function clear_order_counts()`.execute(db)

  // The default order under each filter, and each sortable column.
  const sorted = (name: string, columns: ReturnType<typeof sql.raw>, where = '') =>
    sql`create index ${sql.id(name)} on orders (${columns}, order_date desc nulls last, id desc) ${sql.raw(where)}`.execute(
      db,
    )
  // Each date index carries the other date: a date sort under the other date's range sorts from the index alone.
  await sql`create index orders_list_order_date_idx on orders (company_id, order_date desc nulls last, id desc)
    include (due_date)`.execute(db)
  await sql`drop index orders_company_order_date_idx`.execute(db)
  await sorted('orders_list_status_idx', sql.raw('company_id, status'))
  await sorted('orders_list_priority_idx', sql.raw('company_id, priority'), `where priority <> 'medium'`)
  await sorted('orders_list_client_idx', sql.raw('client_id'))
  await sql`drop index orders_client_idx`.execute(db)
  await sorted('orders_list_agent_idx', sql.raw('assigned_agent_id'), 'where assigned_agent_id is not null')
  await sql`drop index orders_agent_idx`.execute(db)
  await sorted(
    'orders_list_camera_driver_idx',
    sql.raw('assigned_camera_driver_id'),
    'where assigned_camera_driver_id is not null',
  )
  await sql`drop index orders_camera_driver_idx`.execute(db)
  await sql`create index orders_list_due_date_idx on orders (company_id, due_date desc nulls last, id desc)
    include (order_date)`.execute(db)
  for (const column of ['case_number', 'order_number', 'borrower_name', 'make', 'vin', 'license_plate']) {
    await sql`create index ${sql.id(`orders_list_${column}_idx`)}
      on orders (company_id, ${sql.id(column)} desc nulls last, id desc)`.execute(db)
  }
  // The import's duplicate check (company and case number) reads the case number's sort index.
  await sql`drop index orders_company_case_number_idx`.execute(db)

  // Search covers the case number and the plate too: the text, the refresh trigger's columns, every entry.
  await sql`create or replace function order_search_text(o orders) returns text language sql immutable as $$
    select coalesce(o.order_number, '') || ' ' || coalesce(o.borrower_name, '') || ' ' || coalesce(o.make, '') || ' ' ||
      coalesce(o.model, '') || ' ' || coalesce(o.vin, '') || ' ' || coalesce(o.case_number, '') || ' ' ||
      coalesce(o.license_plate, '')
  $$`.execute(db)
  await sql`drop trigger orders_search_refresh on orders`.execute(db)
  await sql`create trigger orders_search_refresh
    after update of order_number, borrower_name, make, model, vin, case_number, license_plate on orders
    for each row when (order_search_text(old) is distinct from order_search_text(new))
    execute function order_search_refresh()`.execute(db)
  // Rewritten without the trigram index, then indexed in one bulk build (as migration 012 did).
  await sql`drop index order_search_trgm_idx`.execute(db)
  await sql`update order_search s set search_text = order_search_text(o) from orders o where o.id = s.order_id`.execute(
    db,
  )
  await sql`create index order_search_trgm_idx on order_search using gin (search_text gin_trgm_ops)`.execute(db)
}
