import { type RawBuilder, sql } from 'kysely'

/** A sort key's SQL type, to read back the cursor value (sent as text) as that type. */
export type KeyType = 'text' | 'date' | 'timestamptz' | 'integer' | 'bigint' | 'uuid' | 'boolean'

/** One part of a keyset: an expression that is never null where it is used, and its type. */
export type KeyPart = { expression: RawBuilder<unknown>; type: KeyType }

/** What one page query gets: where to start (null: from the first row), the order, the keys to select. */
export type KeysetPage = {
  after: RawBuilder<boolean> | null
  orderBy: RawBuilder<unknown>
  /** Select this as `export_keys`: the row's keys as text, the next page's cursor. */
  keys: RawBuilder<string[]>
  limit: number
}

export const EXPORT_KEYS = 'export_keys'

/**
 * Reads a query in keyset-paginated batches of `batchSize`: each page starts after the last row
 * of the one before by its key tuple (e.g. sort column, id), so every page is an index range
 * however deep, and only one batch is in memory. The keys travel as text so a timestamp's
 * microseconds survive the round trip (a JS Date would drop them and skip or repeat rows).
 */
export async function* keysetBatches<Row extends { [EXPORT_KEYS]: string[] }>(options: {
  keys: KeyPart[]
  dir: 'asc' | 'desc'
  batchSize: number
  page: (page: KeysetPage) => Promise<Row[]>
}): AsyncGenerator<Row[]> {
  const { keys, dir, batchSize } = options
  const tuple = sql.join(keys.map((key) => key.expression))
  // As the sort indexes hold them (migration 007: column desc nulls last, then id desc), so the
  // index is read in order, never sorted. Each page's keys are never null, so no order changes.
  const direction = (last: boolean) =>
    sql.raw(dir === 'asc' ? (last ? 'asc' : 'asc nulls first') : last ? 'desc' : 'desc nulls last')
  const orderBy = sql.join(keys.map((key, index) => sql`${key.expression} ${direction(index === keys.length - 1)}`))
  const keysSelect = sql<string[]>`array[${sql.join(keys.map((key) => sql`(${key.expression})::text`))}]`
  let cursor: string[] | null = null
  while (true) {
    const last = cursor
    const after =
      last === null
        ? null
        : sql<boolean>`(${tuple}) ${sql.raw(dir === 'asc' ? '>' : '<')} (${sql.join(
            keys.map((key, index) => sql`cast(${last[index]} as ${sql.raw(key.type)})`),
          )})`
    const rows = await options.page({ after, orderBy, keys: keysSelect, limit: batchSize })
    if (rows.length > 0) yield rows
    if (rows.length < batchSize) return
    cursor = rows[rows.length - 1][EXPORT_KEYS]
  }
}

/** Several sources one after another (e.g. a list's RDN cases, then its orders). */
export async function* concatBatches<Row>(...sources: (() => AsyncIterable<Row[]>)[]): AsyncGenerator<Row[]> {
  for (const source of sources) yield* source()
}

/**
 * Keyset batches by a sort column that may be null, then an id: the rows with a value by
 * (value, id), and the rows without one by id, first or last as the list puts missing values.
 * Each part is a plain index range (a row comparison cannot see nulls).
 */
export function sortedBatches<Row extends { [EXPORT_KEYS]: string[] }>(options: {
  sort: KeyPart
  id: KeyPart
  dir: 'asc' | 'desc'
  nullsFirst: boolean
  nullable?: boolean
  batchSize: number
  page: (page: KeysetPage, part: RawBuilder<boolean>) => Promise<Row[]>
}): AsyncGenerator<Row[]> {
  const { sort, id, dir, batchSize } = options
  const valued = () =>
    keysetBatches({
      keys: [sort, id],
      dir,
      batchSize,
      page: (page) => options.page(page, sql<boolean>`${sort.expression} is not null`),
    })
  if (options.nullable === false) return valued()
  const missing = () =>
    keysetBatches({
      keys: [id],
      dir,
      batchSize,
      page: (page) => options.page(page, sql<boolean>`${sort.expression} is null`),
    })
  return options.nullsFirst ? concatBatches(missing, valued) : concatBatches(valued, missing)
}

/** Each batch turned into the rows the columns read (e.g. with names looked up once per batch). */
export async function* mapBatches<From, To>(
  source: AsyncIterable<From[]>,
  map: (rows: From[]) => Promise<To[]> | To[],
): AsyncGenerator<To[]> {
  for await (const rows of source) yield await map(rows)
}
