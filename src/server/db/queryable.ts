import type { Kysely, Transaction } from 'kysely'
import type { DB } from './schema'

/** The database, or a transaction on it: what a query that may run in either takes. */
export type Queryable = Kysely<DB> | Transaction<DB>
