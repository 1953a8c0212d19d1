import { type RawBuilder, sql } from 'kysely'
import { OPEN_WORK_STATUSES } from '../../../domain/agent-work/open-work'
import { DEFAULT_CADENCE_DAYS } from '../../../domain/assignments/update-due'
import { notStoppedSql } from '../../queries/assignable-work-sql'

// The board's expressions for each of its sources (orders aliased `o`, RDN cases `c`), written as
// migration 050's indexes hold them, so a query in the board's order reads an index in that order.

/** Whose cases the board holds: a company's, in some markets (null: every market). */
export type BoardScope = { companyId: string; markets: string[] | null }

/** One case on the board, as its pages are keyed. */
export type BoardKey = { source: 'order' | 'case'; id: string; update_due: boolean }

/** Whether the case is still work to hand out (domain/agent-work), in literals a partial index can be matched on. */
export const openWorkLiteral = (column: string) =>
  sql<boolean>`${sql.raw(column)} in (${sql.join(OPEN_WORK_STATUSES.map((status) => sql.lit(status)))})`

/** Whether the case is work the board hands out: open work whose status does not stop field work (issue 44). */
export const assignableWorkLiteral = (column: string) =>
  sql<boolean>`(${openWorkLiteral(column)} and ${notStoppedSql(column)})`

export type BoardSource = {
  source: 'order' | 'case'
  table: 'orders' | 'rdn_cases'
  alias: 'o' | 'c'
  /** Work the board lists: open and not stopped (assignableWorkLiteral). */
  open: RawBuilder<unknown>
  /** The market a case is counted and ordered under ('' for an order without one). */
  market: RawBuilder<unknown>
  assigned: RawBuilder<unknown>
  unassigned: RawBuilder<unknown>
  /** Since when the case has had no word: its agent's last update, else their assignment, else its creation. */
  quiet: RawBuilder<unknown>
  /** When its update clock started: the agent's last update, else their assignment. */
  clockStart: RawBuilder<unknown>
  label: RawBuilder<unknown>
}

const quiet = (x: string) => sql.raw(`coalesce(${x}.last_agent_update_at, ${x}.agent_assigned_at, ${x}.created_at)`)
const clockStart = (x: string) => sql.raw(`coalesce(${x}.last_agent_update_at, ${x}.agent_assigned_at)`)

export const orderLabel = sql<string>`coalesce(nullif(o.order_number, ''), nullif(o.case_number, ''), o.id::text)`
export const caseLabel = sql<string>`coalesce(nullif(c.case_number, ''), c.case_id::text)`

export const ORDER_SOURCE: BoardSource = {
  source: 'order',
  table: 'orders',
  alias: 'o',
  open: assignableWorkLiteral('o.status'),
  market: sql`coalesce(o.detected_market, '')`,
  assigned: sql`o.assigned_agent_id is not null`,
  unassigned: sql`o.assigned_agent_id is null`,
  quiet: quiet('o'),
  clockStart: clockStart('o'),
  label: orderLabel,
}

export const CASE_SOURCE: BoardSource = {
  source: 'case',
  table: 'rdn_cases',
  alias: 'c',
  open: assignableWorkLiteral('c.status'),
  market: sql`c.detected_market`,
  assigned: sql`coalesce(c.assigned_agent_id, '') <> ''`,
  unassigned: sql`coalesce(c.assigned_agent_id, '') = ''`,
  quiet: quiet('c'),
  clockStart: clockStart('c'),
  label: caseLabel,
}

export const BOARD_SOURCES = [ORDER_SOURCE, CASE_SOURCE] as const

/** A client's update cadence in days, by the client's id (the default when it has none). */
export const cadence = (clientId: RawBuilder<unknown>) =>
  sql<number>`coalesce((select cl.update_cadence_days from clients cl where cl.id = ${clientId}), ${sql.lit(DEFAULT_CADENCE_DAYS)})`

/** A number of days as an interval: a cadence's length. */
export const days = (count: RawBuilder<unknown>) => sql`${count} * interval '24 hours'`
