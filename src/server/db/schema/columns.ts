import type { ColumnType } from 'kysely'

/** Timestamps are read as Date and may be written as Date or ISO text. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>
export type Json = ColumnType<unknown, string, string>
/** Has a database default, and may be set later. */
export type Defaulted<T> = ColumnType<T, T | string | undefined, T | string>
export type Text = string | null
/** A `date` column, read and written as 'YYYY-MM-DD'. */
export type DateText = ColumnType<string | null, string | null | undefined, string | null>
