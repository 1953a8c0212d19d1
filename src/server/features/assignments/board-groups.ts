import { type Kysely, type RawBuilder, sql } from 'kysely'
import { BOARD_PAGE_SIZE, type BoardQuery } from '../../../domain/assignments/board'
import { DEFAULT_CADENCE_DAYS } from '../../../domain/assignments/update-due'
import type { DB } from '../../db/schema'
import { BOARD_SOURCES, type BoardKey, type BoardScope, type BoardSource, cadence, days } from './board-sql'

// Issue 42: a page of the board read from migration 050's indexes rather than by sorting every
// open case. The board's order is three groups one after the other (the unassigned; the assigned
// due an update; the other assigned), each by how long the case has been quiet, its label and id.
// A group's page is a merge: the first rows of each source and market (and, for those due, each
// client's cadence), each read from an index in that order, then sorted together. Each group's
// size comes from the counts the database keeps (board_case_counts) or, for those due, from the
// clock index's ranges, so a page skips the groups before it without reading them.

/** Whether the page can be read group by group: no search, no single agent, no held or closed state (those read few cases). */
export const readsByGroup = (query: BoardQuery) =>
  !query.q && !(query.agent && query.agent !== 'unassigned') && (!query.state || query.state === 'Active')

type Counted = { source: 'order' | 'case'; market: string; assigned: boolean; cases: string }

/** The open cases under the filters per source, market and assigned or not, from the kept counts. */
async function countedCases(db: Kysely<DB>, scope: BoardScope, query: BoardQuery) {
  let select = db
    .selectFrom('board_case_counts')
    .select(['source', 'market', 'assigned', sql<string>`sum(cases)`.as('cases')])
    .where('company_id', '=', scope.companyId)
    .groupBy(['source', 'market', 'assigned'])
    .having(sql`sum(cases)`, '>', 0)
  if (scope.markets !== null) select = select.where('market', 'in', scope.markets.length ? scope.markets : [''])
  if (query.market) select = select.where('market', '=', query.market)
  if (query.state) select = select.where('assignment_state', '=', query.state)
  return (await select.execute()) as Counted[]
}

type Group = {
  /** How many cases the group holds (the last group's is never needed). */
  size: () => Promise<number>
  page: (skip: number, take: number) => Promise<BoardKey[]>
}

type Part = (source: BoardSource, markets: string[], limit: number) => RawBuilder<unknown>

/** The group's cases from `skip`, `take` of them: each part's first skip + take, merged. */
async function groupPage(
  db: Kysely<DB>,
  parts: RawBuilder<unknown>[],
  skip: number,
  take: number,
): Promise<BoardKey[]> {
  if (parts.length === 0) return []
  const result =
    await sql<BoardKey>`select g.source, g.id::text as id, g.update_due from (${sql.join(parts, sql` union all `)}) g
    order by g.quiet_since, g.label, g.id offset ${skip} limit ${take}`.execute(db)
  return result.rows
}

const keyColumns = (x: BoardSource, flags: { assigned: boolean; due: boolean }, by: RawBuilder<unknown>) =>
  sql`${sql.lit(x.source)}::text as source, ${sql.raw(x.alias)}.id, ${sql.lit(flags.assigned)} as assigned,
    ${sql.lit(flags.due)} as update_due, ${by} as quiet_since, ${x.label} as label`

/**
 * Each market's first `limit` cases of a source under `where`, in the order `by` (the quiet
 * moment, label, id): one branch a market, each read in order from its index, so the database
 * merges them as they come rather than sorting them all.
 */
const byMarket = (
  x: BoardSource,
  markets: string[],
  limit: number,
  flags: { assigned: boolean; due: boolean },
  where: RawBuilder<unknown>,
) =>
  sql.join(
    markets.map(
      (market) => sql`(select ${keyColumns(x, flags, x.quiet)}
        from ${sql.table(x.table)} ${sql.raw(x.alias)}
        where ${where} and ${x.market} = ${market} and ${x.open}
        order by ${x.quiet}, ${x.label}, ${sql.raw(x.alias)}.id limit ${limit})`,
    ),
    sql` union all `,
  )

/** The same by market and client (`join` names the clients `cl`), in the order of the clock's start. */
const byMarketAndClient = (
  x: BoardSource,
  markets: string[],
  limit: number,
  where: RawBuilder<unknown>,
  join: RawBuilder<unknown> = sql``,
) => sql`select k.* from unnest(${markets}::text[]) m (market) ${join} cross join lateral (
    select ${keyColumns(x, { assigned: true, due: true }, x.clockStart)}
    from ${sql.table(x.table)} ${sql.raw(x.alias)}
    where ${where} and ${x.market} = m.market and ${x.open}
    order by ${x.clockStart}, ${x.label}, ${sql.raw(x.alias)}.id limit ${limit}) k`

/** The page of the board and its total, group by group, for a query readsByGroup accepts. */
export async function boardKeysByGroup(db: Kysely<DB>, scope: BoardScope, query: BoardQuery, now: Date) {
  const counted = await countedCases(db, scope, query)
  const marketsOf = (x: BoardSource) => [
    ...new Set(counted.filter((row) => row.source === x.source).map((row) => row.market)),
  ]
  const sum = (assigned: boolean) =>
    counted.filter((row) => row.assigned === assigned).reduce((total, row) => total + Number(row.cases), 0)
  const company = (x: BoardSource) => sql`${sql.raw(x.alias)}.company_id = ${scope.companyId}`
  const state = (x: BoardSource) =>
    query.state ? sql` and ${sql.raw(x.alias)}.assignment_state = ${sql.lit(query.state)}` : sql``

  const unassigned: Part = (x, markets, limit) =>
    byMarket(x, markets, limit, { assigned: false, due: false }, sql`${company(x)} and ${x.unassigned}${state(x)}`)
  // Those due, per client: a client's due ones are a range of the clock index, their clock
  // started a cadence or more ago (the clock start is the quiet moment of a case with a clock).
  /** Those whose clock started at `startedBy` or before: due a cadence after it. */
  const dueClock = (x: BoardSource, startedBy: RawBuilder<unknown>, client: RawBuilder<unknown>) =>
    sql`${company(x)} and ${client} and ${x.assigned} and ${sql.raw(x.alias)}.assignment_state = 'Active'
      and ${x.clockStart} is not null and ${x.clockStart} <= ${startedBy}`
  const startedBy = (cadenceDays: RawBuilder<unknown>) => sql`${now}::timestamptz - ${days(cadenceDays)}`
  // The same moment worked out here, so the database estimates the range from its statistics.
  const startedByDays = (cadenceDays: number) => sql`${new Date(now.getTime() - cadenceDays * 86_400_000)}::timestamptz`
  const clients = sql`cross join (select cl.id, coalesce(cl.update_cadence_days, ${sql.lit(DEFAULT_CADENCE_DAYS)}) as cadence
    from clients cl where cl.company_id = ${scope.companyId}) cl`
  const clientOf = (x: BoardSource) => sql`${sql.raw(x.alias)}.client_id = cl.id`
  const noClient = (x: BoardSource) => sql`${sql.raw(x.alias)}.client_id is null`
  const defaultCadence = sql.lit(DEFAULT_CADENCE_DAYS)
  const due: Part = (x, markets, limit) =>
    sql`${byMarketAndClient(x, markets, limit, dueClock(x, startedBy(sql`cl.cadence`), clientOf(x)), clients)}
      union all ${byMarketAndClient(x, markets, limit, dueClock(x, startedBy(defaultCadence), noClient(x)))}`
  // A cadence's due cases are one range of the clock index under the clients of that cadence.
  const dueCount = (x: BoardSource, markets: string[], byCadence: Map<number, string[]>) => {
    const count = (cadenceDays: number, client: RawBuilder<unknown>) =>
      sql`select count(*) as n from ${sql.table(x.table)} ${sql.raw(x.alias)}
        where ${dueClock(x, startedByDays(cadenceDays), client)} and ${x.market} = any(${markets}::text[]) and ${x.open}`
    return sql.join(
      [
        ...[...byCadence].map(([cadenceDays, ids]) =>
          count(cadenceDays, sql`${sql.raw(x.alias)}.client_id = any(${ids}::uuid[])`),
        ),
        count(DEFAULT_CADENCE_DAYS, noClient(x)),
      ],
      sql` union all `,
    )
  }
  const notDue: Part = (x, markets, limit) => {
    const isDue = sql`coalesce(${sql.raw(x.alias)}.assignment_state = 'Active'
      and ${x.clockStart} + ${days(cadence(sql.raw(`${x.alias}.client_id`)))} <= ${now}::timestamptz, false)`
    return byMarket(
      x,
      markets,
      limit,
      { assigned: true, due: false },
      sql`${company(x)} and ${x.assigned}${state(x)} and not ${isDue}`,
    )
  }

  const partsOf = (part: Part, limit: number) =>
    BOARD_SOURCES.flatMap((x) => {
      const markets = marketsOf(x)
      return markets.length ? [part(x, markets, limit)] : []
    })
  const group = (part: Part, size: () => Promise<number>): Group => ({
    size,
    page: (skip, take) => groupPage(db, partsOf(part, skip + take), skip, take),
  })
  let dueSize: Promise<number> | undefined
  const countDue = () => {
    dueSize ??= (async () => {
      const clientRows = await db
        .selectFrom('clients')
        .select(['id', 'update_cadence_days'])
        .where('company_id', '=', scope.companyId)
        .execute()
      const byCadence = new Map<number, string[]>()
      for (const client of clientRows) {
        const cadenceDays = client.update_cadence_days ?? DEFAULT_CADENCE_DAYS
        byCadence.set(cadenceDays, [...(byCadence.get(cadenceDays) ?? []), client.id])
      }
      const counts = BOARD_SOURCES.flatMap((x) => {
        const markets = marketsOf(x)
        return markets.length ? [dueCount(x, markets, byCadence)] : []
      })
      if (counts.length === 0) return 0
      const result = await sql<{ n: string }>`select coalesce(sum(n), 0) as n
        from (${sql.join(counts, sql` union all `)}) d`.execute(db)
      return Number(result.rows[0].n)
    })()
    return dueSize
  }
  const unassignedGroup = group(unassigned, async () => sum(false))
  const dueGroup = group(due, countDue)
  const notDueGroup = group(notDue, async () => sum(true) - (await countDue()))
  const groups =
    query.due === 'yes'
      ? query.agent === 'unassigned'
        ? []
        : [dueGroup]
      : query.agent === 'unassigned'
        ? [unassignedGroup]
        : [unassignedGroup, dueGroup, notDueGroup]

  const keys: BoardKey[] = []
  let skip = (query.page - 1) * BOARD_PAGE_SIZE
  for (const [index, one] of groups.entries()) {
    const take = BOARD_PAGE_SIZE - keys.length
    if (take === 0) break
    // The last group's size is only what is left: its page says where it ends.
    if (index < groups.length - 1) {
      const size = await one.size()
      if (skip >= size) {
        skip -= size
        continue
      }
    }
    keys.push(...(await one.page(skip, take)))
    skip = 0
  }
  const total =
    query.due === 'yes'
      ? groups.length
        ? await countDue()
        : 0
      : query.agent === 'unassigned'
        ? sum(false)
        : sum(false) + sum(true)
  return { keys, total }
}
