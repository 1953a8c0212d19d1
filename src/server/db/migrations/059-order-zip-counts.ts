import { type Kysely, sql } from 'kysely'

/**
 * Issue 42, the Case Location Map at 1,000,000 RDN cases: how many orders each company has per
 * place (the ZIP of the order's best address, '' for none) and status ('' for none), kept by the
 * database as the RDN cases' are (migration 054), so the map with no filter but status sums these
 * rows instead of grouping every order (100,000 at a million cases, the map's time growing with
 * them). Statement triggers add what each statement changed, one grouped upsert in key order, as
 * the orders' other counts do (migration 021): concurrent writers lock the counts in one order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The place as the map reads it (orderZipSql, src/server/queries/case-place.ts), frozen here.
  const fiveDigits = (column: string) => `case when ${column} ~ '^ *[0-9]{5}' then left(ltrim(${column}), 5) end`
  const place = `coalesce(${['last_known_zip', 'borrower_zip', 'borrower_work_zip'].map(fiveDigits).join(', ')}, '')`

  await sql`create table order_zip_counts (
    company_id uuid not null,
    zip text not null,
    status text not null,
    orders bigint not null,
    primary key (company_id, zip, status)
  )`.execute(db)
  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table orders in share row exclusive mode`.execute(db)
  await sql`insert into order_zip_counts (company_id, zip, status, orders)
    select company_id, ${sql.raw(place)}, coalesce(status, ''), count(*) from orders group by 1, 2, 3`.execute(db)

  const places = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select company_id, ${place} as zip, coalesce(status, '') as status, ${sign}count(*) as orders from ${rows} group by 1, 2, 3`
  const upsert = (deltas: string) =>
    sql.raw(`insert into order_zip_counts (company_id, zip, status, orders)
        select company_id, zip, status, sum(orders) from (${deltas}) deltas
        group by 1, 2, 3 having sum(orders) <> 0 order by 1, 2, 3
        on conflict (company_id, zip, status) do update set orders = order_zip_counts.orders + excluded.orders;`)
  await sql`create function count_order_zips() returns trigger language plpgsql as $$
    begin
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
  await sql`create trigger orders_zip_counts_inserted after insert on orders
    referencing new table as new_rows for each statement execute function count_order_zips()`.execute(db)
  await sql`create trigger orders_zip_counts_updated after update on orders
    referencing old table as old_rows new table as new_rows for each statement execute function count_order_zips()`.execute(
    db,
  )
  await sql`create trigger orders_zip_counts_deleted after delete on orders
    referencing old table as old_rows for each statement execute function count_order_zips()`.execute(db)
  await sql`alter function count_order_zips() set jit = off`.execute(db)
  // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
  await sql`create function clear_order_zip_counts() returns trigger language plpgsql as $$
    begin
      delete from order_zip_counts;
      return null;
    end $$`.execute(db)
  await sql`create trigger orders_zip_counts_truncated after truncate on orders
    for each statement execute function clear_order_zip_counts()`.execute(db)
}
