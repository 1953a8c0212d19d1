import { type Kysely, sql } from 'kysely'

/**
 * An imported order no longer pays for foreign-key checks (docs/decisions/007): `orders.company_id`,
 * `orders.client_id` and `order_sub_statuses.company_id` were each checked by a lookup and a row
 * lock per inserted row, a third of an import's database time. The import now checks and locks
 * the company and the batch's clients once per batch (import/write-batch.ts), and the other side
 * is kept whole here: a client or company that orders point at cannot be deleted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders drop constraint orders_company_id_fkey, drop constraint orders_client_id_fkey`.execute(
    db,
  )
  await sql`alter table order_sub_statuses drop constraint order_sub_statuses_company_id_fkey`.execute(db)
  await sql`create function refuse_referenced_delete() returns trigger language plpgsql as $$
    begin
      if (tg_table_name = 'clients' and exists (select 1 from orders where client_id = old.id))
        or (tg_table_name = 'companies' and (exists (select 1 from orders where company_id = old.id)
          or exists (select 1 from order_sub_statuses where company_id = old.id))) then
        raise foreign_key_violation using message = format('%s %s still has orders', tg_table_name, old.id);
      end if;
      return old;
    end
  $$`.execute(db)
  await sql`create trigger clients_keep_orders before delete on clients
    for each row execute function refuse_referenced_delete()`.execute(db)
  await sql`create trigger companies_keep_orders before delete on companies
    for each row execute function refuse_referenced_delete()`.execute(db)
}
