import { sql } from 'kysely'

const isoText = (column: string) => sql`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * A timestamp column read as the very text a Date of it becomes in JSON (Date's toISOString: UTC,
 * milliseconds truncated; an infinite one null, as JSON gives the driver's Infinity), made by the
 * database. A list that only sends its rows on as JSON then builds no Date for each: parsing them
 * and turning them back into text took a quarter of the case list's serialization (issue 21).
 */
export const isoTimestamp = <Column extends string>(column: Column) => isoText(column).$castTo<string>().as(column)

/** `isoTimestamp` of a column that may be null. */
export const isoTimestampOrNull = <Column extends string>(column: Column) =>
  isoText(column).$castTo<string | null>().as(column)
