import { sql } from 'kysely'

// Where a case is, by ZIP: the one rule the map and the assignment board share.

/** A ZIP column's five digits, or null when it does not start with them (blank, 'N/A'). */
export const fiveDigits = (column: string) => `case when ${column} ~ '^ *[0-9]{5}' then left(ltrim(${column}), 5) end`

/**
 * An order's best address's ZIP: where it was last known, else home, else work (the first with a
 * ZIP). Null when none has one (typed as text: the queries that read it keep only placed cases).
 */
export const orderZipSql = (table = '') =>
  sql<string>`${sql.raw(
    `coalesce(${['last_known_zip', 'borrower_zip', 'borrower_work_zip'].map((column) => fiveDigits(`${table}${column}`)).join(', ')})`,
  )}`

/** An RDN case's: its debtor's. */
export const caseZipSql = (table = '') => sql<string>`${sql.raw(fiveDigits(`${table}debtor_zip`))}`

/** The same for a query on orders (or rdn_cases) alone, unqualified. */
export const orderZip = orderZipSql()
export const caseZip = caseZipSql()
