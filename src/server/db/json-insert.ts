import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from './schema'

/**
 * Inserts many rows in one statement with one parameter: the rows as JSON, expanded by
 * json_populate_recordset into the table's own column types. Faster than a multi-row VALUES
 * list on PostgreSQL and PGlite, and free of the bind-parameter limits. Every row must have the
 * keys of the first.
 */
export async function insertJsonRows<Table extends keyof DB & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: Table,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return
  const columns = sql.join(Object.keys(rows[0]).map((column) => sql.ref(column)))
  await sql`insert into ${sql.table(table)} (${columns})
    select ${columns} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    db,
  )
}
