import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { AssignmentState } from '../../../domain/assignments/assignment-state'
import { BOARD_PAGE_SIZE, type BoardQuery, type CaseRef } from '../../../domain/assignments/board'
import { DEFAULT_CADENCE_DAYS } from '../../../domain/assignments/update-due'
import type { DB } from '../../db/schema'
import { caseZipSql, orderZipSql } from '../../queries/case-place'
import { containsPattern } from '../../queries/like-pattern'
import { rdnAgentProfile, rdnCaseClient } from '../../queries/rdn-case-sql'
import { boardKeysByGroup, readsByGroup } from './board-groups'
import {
  assignableWorkLiteral,
  type BoardKey,
  type BoardScope,
  cadence,
  caseLabel,
  openWorkLiteral,
  orderLabel,
} from './board-sql'

export type BoardRow = {
  source: 'order' | 'case'
  id: string
  /** What the case's page is found by: the order's id, the RDN case's number. */
  link_id: string
  label: string
  status: string | null
  market: string | null
  client: string | null
  name: string | null
  vehicle: string | null
  zip: string | null
  agent_id: string | null
  rdn_agent_id: string | null
  camera_driver_id: string | null
  assignment_state: AssignmentState
  agent_assigned_at: Date | null
  last_agent_update_at: Date | null
  cadence_days: number
  update_due: boolean
}

const vehicle = (table: string) =>
  sql.raw(`nullif(concat_ws(' ', ${table}.year::text, nullif(${table}.make, ''), nullif(${table}.model, '')), '')`)

const marketIn = (column: string, markets: string[] | null) =>
  markets === null ? sql`true` : sql`${sql.raw(column)} in (${sql.join(markets.length ? markets : [''])})`

/** Whether the case is still work to hand out (open work, domain/agent-work). */
const openOrder = openWorkLiteral('o.status')
const openCase = openWorkLiteral('c.status')
/** Whether the case is listed to hand out: open and not stopped (a held case is refused with its story, issue 44). */
const listedOrder = assignableWorkLiteral('o.status')
const listedCase = assignableWorkLiteral('c.status')

/** Whether a case `x` is past its cadence `cadenceDays` with an agent on it and the assignment Active. */
const dueSql = (x: string, assigned: RawBuilder<unknown>, cadenceDays: RawBuilder<unknown>) =>
  sql`coalesce(${assigned} and ${sql.raw(x)}.assignment_state = 'Active'
    and coalesce(${sql.raw(x)}.last_agent_update_at, ${sql.raw(x)}.agent_assigned_at) + ${cadenceDays} * interval '24 hours' <= now(), false)`

/** The board's filters for one of its halves; `agentRdnIds` are the RDN agent ids of the agent filtered on. */
function halfFilters(
  x: 'o' | 'c',
  query: BoardQuery,
  agentRdnIds: readonly string[],
  parts: {
    assigned: RawBuilder<unknown>
    due: RawBuilder<unknown>
    label: RawBuilder<unknown>
    name: string
    zip: RawBuilder<unknown>
  },
) {
  const where: RawBuilder<unknown>[] = []
  const column = (name: string) => sql.raw(`${x}.${name}`)
  if (query.market) where.push(sql`${column('detected_market')} = ${query.market}`)
  if (query.agent === 'unassigned') where.push(sql`not ${parts.assigned}`)
  else if (query.agent && x === 'o') where.push(sql`o.assigned_agent_id = ${query.agent}`)
  else if (query.agent)
    where.push(agentRdnIds.length ? sql`c.assigned_agent_id in (${sql.join([...agentRdnIds])})` : sql`false`)
  // A literal, so the index of held and closed assignments (migration 050) serves it.
  if (query.state) where.push(sql`${column('assignment_state')} = ${sql.lit(query.state)}`)
  if (query.due === 'yes') where.push(parts.due)
  if (query.q) {
    const like = containsPattern(query.q)
    where.push(sql`(${parts.label} ilike ${like} or ${column(parts.name)} ilike ${like} or ${vehicle(x)} ilike ${like}
      or ${parts.zip} like ${like})`)
  }
  return where.length ? sql`and ${sql.join(where, sql` and `)}` : sql``
}

/**
 * A page of the board's keys: unassigned first, then those due an update, then the longest
 * without a word from their agent; with the total under the filters. Every case under the filters
 * is sorted: for the filters that leave few (an agent's, held or closed assignments) or a search.
 */
async function sortedBoardKeys(db: Kysely<DB>, scope: BoardScope, query: BoardQuery, agentRdnIds: readonly string[]) {
  const defaultCadence = sql.lit(DEFAULT_CADENCE_DAYS)
  const orderAssigned = sql`(o.assigned_agent_id is not null)`
  const orderDue = dueSql('o', orderAssigned, sql`coalesce(cl.update_cadence_days, ${defaultCadence})`)
  const caseAssigned = sql`(coalesce(c.assigned_agent_id, '') <> '')`
  const caseDue = dueSql('c', caseAssigned, sql`coalesce(lc.update_cadence_days, ${defaultCadence})`)
  const result = await sql<BoardKey & { total: string }>`
    with keys as (
      select 'order' as source, o.id, ${orderAssigned} as assigned, ${orderDue} as update_due,
        coalesce(o.last_agent_update_at, o.agent_assigned_at, o.created_at) as quiet_since, ${orderLabel} as label
      from orders o left join clients cl on cl.id = o.client_id
      where o.company_id = ${scope.companyId} and ${listedOrder}
        and ${marketIn('o.detected_market', scope.markets)}
        ${halfFilters('o', query, agentRdnIds, { assigned: orderAssigned, due: orderDue, label: orderLabel, name: 'borrower_name', zip: orderZipSql('o.') })}
      union all
      select 'case', c.id, ${caseAssigned}, ${caseDue},
        coalesce(c.last_agent_update_at, c.agent_assigned_at, c.created_at), ${caseLabel}
      from rdn_cases c left join clients lc on lc.id = c.client_id
      where c.company_id = ${scope.companyId} and ${listedCase}
        and ${marketIn('c.detected_market', scope.markets)}
        ${halfFilters('c', query, agentRdnIds, { assigned: caseAssigned, due: caseDue, label: caseLabel, name: 'debtor_display_name', zip: caseZipSql('c.') })}
    )
    select source, id::text as id, update_due, count(*) over () as total from keys
    order by assigned asc, update_due desc, quiet_since asc, label, id
    limit ${BOARD_PAGE_SIZE} offset ${(query.page - 1) * BOARD_PAGE_SIZE}`.execute(db)
  return { keys: result.rows, total: result.rows.length ? Number(result.rows[0].total) : 0 }
}

/** What the board shows of its page's cases. */
async function boardDetails(db: Kysely<DB>, companyId: string, keys: readonly BoardKey[]) {
  const orderIds = keys.filter((key) => key.source === 'order').map((key) => key.id)
  const caseIds = keys.filter((key) => key.source === 'case').map((key) => key.id)
  const parts: RawBuilder<unknown>[] = []
  if (orderIds.length)
    parts.push(sql`select 'order' as source, o.id::text as id, o.id::text as link_id, ${orderLabel} as label,
        o.status, o.detected_market as market, (select cl.name from clients cl where cl.id = o.client_id) as client,
        o.borrower_name as name, ${vehicle('o')} as vehicle, ${orderZipSql('o.')} as zip,
        o.assigned_agent_id::text as agent_id, null::text as rdn_agent_id,
        o.assigned_camera_driver_id::text as camera_driver_id, o.assignment_state, o.agent_assigned_at,
        o.last_agent_update_at, ${cadence(sql`o.client_id`)} as cadence_days
      from orders o where o.company_id = ${companyId} and o.id in (${sql.join(orderIds)})`)
  if (caseIds.length)
    // Named as the orders' are: a page of RDN cases alone has no orders' part to name them.
    parts.push(sql`select 'case' as source, c.id::text as id, c.case_id::text as link_id, ${caseLabel} as label,
        c.status, c.detected_market as market, c.lender_name as client,
        c.debtor_display_name as name, ${vehicle('c')} as vehicle, ${caseZipSql('c.')} as zip,
        ${rdnAgentProfile}::text as agent_id, nullif(c.assigned_agent_id, '') as rdn_agent_id,
        c.assigned_camera_driver_id::text as camera_driver_id, c.assignment_state, c.agent_assigned_at,
        c.last_agent_update_at, ${cadence(rdnCaseClient)} as cadence_days
      from rdn_cases c where c.company_id = ${companyId} and c.id in (${sql.join(caseIds)})`)
  if (parts.length === 0) return []
  return (await sql<Omit<BoardRow, 'update_due' | 'total'>>`${sql.join(parts, sql` union all `)}`.execute(db)).rows
}

/** A page of the board, in the board's order, with the total under the filters. */
export async function listBoard(
  db: Kysely<DB>,
  scope: BoardScope,
  query: BoardQuery,
  agentRdnIds: readonly string[] = [],
): Promise<{ rows: BoardRow[]; total: number }> {
  const { keys, total } = readsByGroup(query)
    ? await boardKeysByGroup(db, scope, query, new Date())
    : await sortedBoardKeys(db, scope, query, agentRdnIds)
  const details = new Map(
    (await boardDetails(db, scope.companyId, keys)).map((row) => [`${row.source}:${row.id}`, row]),
  )
  const rows = keys.flatMap((key) => {
    const row = details.get(`${key.source}:${key.id}`)
    return row ? [{ ...row, update_due: key.update_due }] : []
  })
  return { rows, total }
}

export type BoardCase = {
  source: 'order' | 'case'
  id: string
  label: string
  market: string | null
  zip: string | null
  zip_market: string | null
  agent_id: string | null
  rdn_agent_id: string | null
  camera_driver_id: string | null
  assignment_state: AssignmentState
}

/** The named cases of the board's scope that are still open, with the market their ZIP is covered by. */
export async function findBoardCases(db: Kysely<DB>, scope: BoardScope, refs: readonly CaseRef[]) {
  const orderIds = refs.filter((ref) => ref.source === 'order').map((ref) => ref.id)
  const caseIds = refs.filter((ref) => ref.source === 'case').map((ref) => ref.id)
  const zipMarket = (zip: RawBuilder<unknown>) => sql`(select z.market from market_zip_codes z
    where z.company_id = ${scope.companyId} and z.zip_code = ${zip} and z.active order by z.market limit 1)`
  const parts: RawBuilder<unknown>[] = []
  if (orderIds.length)
    parts.push(sql`select 'order' as source, o.id::text as id, ${orderLabel} as label,
        o.detected_market as market, ${orderZipSql('o.')} as zip, ${zipMarket(orderZipSql('o.'))} as zip_market,
        o.assigned_agent_id::text as agent_id, null::text as rdn_agent_id,
        o.assigned_camera_driver_id::text as camera_driver_id, o.assignment_state
      from orders o where o.company_id = ${scope.companyId} and o.id in (${sql.join(orderIds)})
        and ${openOrder} and ${marketIn('o.detected_market', scope.markets)}`)
  if (caseIds.length)
    parts.push(sql`select 'case' as source, c.id::text as id, ${caseLabel} as label,
        c.detected_market as market, ${caseZipSql('c.')} as zip, ${zipMarket(caseZipSql('c.'))} as zip_market,
        ${rdnAgentProfile}::text as agent_id, nullif(c.assigned_agent_id, '') as rdn_agent_id,
        c.assigned_camera_driver_id::text as camera_driver_id, c.assignment_state
      from rdn_cases c where c.company_id = ${scope.companyId} and c.id in (${sql.join(caseIds)})
        and ${openCase} and ${marketIn('c.detected_market', scope.markets)}`)
  if (parts.length === 0) return []
  return (await sql<BoardCase>`${sql.join(parts, sql` union all `)}`.execute(db)).rows
}

export type ClockRow = {
  key: string
  assignment_state: AssignmentState
  agent_assigned_at: Date | null
  last_agent_update_at: Date | null
  cadence_days: number
  assigned: boolean
}

/**
 * The update clocks of some orders (by id) and RDN cases (by RDN case id), a case no longer open
 * reading as unassigned (it has no clock): their state, when the
 * agent was put on them, their last Agent Update and their client's cadence; keyed 'order:<id>'
 * and 'case:<case id>'.
 */
export async function findUpdateClocks(
  db: Kysely<DB>,
  companyId: string,
  orderIds: readonly string[],
  caseIds: readonly number[],
) {
  const parts: RawBuilder<unknown>[] = []
  if (orderIds.length)
    parts.push(sql`select 'order:' || o.id as key, o.assignment_state, o.agent_assigned_at, o.last_agent_update_at,
        ${cadence(sql`o.client_id`)} as cadence_days,
        o.assigned_agent_id is not null and ${openOrder} as assigned
      from orders o where o.company_id = ${companyId} and o.id in (${sql.join([...orderIds])})`)
  if (caseIds.length)
    parts.push(sql`select 'case:' || c.case_id as key, c.assignment_state, c.agent_assigned_at, c.last_agent_update_at,
        ${cadence(rdnCaseClient)} as cadence_days, coalesce(c.assigned_agent_id, '') <> '' and ${openCase} as assigned
      from rdn_cases c where c.company_id = ${companyId} and c.case_id in (${sql.join([...caseIds])})`)
  if (parts.length === 0) return []
  return (await sql<ClockRow>`${sql.join(parts, sql` union all `)}`.execute(db)).rows
}
