import { type Kysely, sql } from 'kysely'
import { ORDER_PRIORITIES, ORDER_STATUSES } from './003-reference-data'

/**
 * An order's status and priority are checked against SPEC.md's fixed lists by CHECK constraints
 * instead of foreign keys to order_statuses / order_priorities (which keep the badge colours). A
 * foreign key costs a lookup and a row lock per inserted order: a fifth of an import's database
 * time (docs/decisions/006). No screen edits those lists; a new status is a migration either way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const names = (rows: ReadonlyArray<readonly [string, string]>) => sql.join(rows.map(([name]) => sql.lit(name)))
  await sql`alter table orders
    drop constraint orders_status_fkey,
    drop constraint orders_priority_fkey,
    add constraint orders_status_check check (status in (${names(ORDER_STATUSES)})),
    add constraint orders_priority_check check (priority in (${names(ORDER_PRIORITIES)}))`.execute(db)
}
