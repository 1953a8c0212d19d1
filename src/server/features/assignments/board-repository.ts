import { type Kysely, type RawBuilder, sql } from 'kysely'
import type { AssignmentState } from '../../../domain/assignments/assignment-state'
import {
  BOARD_CASE_STATUSES,
  BOARD_ORDER_STATUSES,
  BOARD_PAGE_SIZE,
  type BoardQuery,
  type CaseRef,
} from '../../../domain/assignments/board'
import { DEFAULT_CADENCE_DAYS } from '../../../domain/assignments/update-due'
import type { DB } from '../../db/schema'
import { caseZipSql, orderZipSql } from '../../lib/case-place'

/** Whose cases the board holds: a company's, in some markets (null: every market). */
export type BoardScope = { companyId: string; markets: string[] | null }

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
  total: string
}

const cadence = (clientId: RawBuilder<unknown>) =>
  sql`coalesce((select cl.update_cadence_days from clients cl where cl.id = ${clientId}), ${sql.lit(DEFAULT_CADENCE_DAYS)})`

/** The person an RDN agent id is: a mapping first, else the profile carrying that RDN id (as the case list resolves them). */
const rdnAgentProfile = sql`coalesce(
  (select m.profile_id from rdn_agent_mappings m where m.company_id = c.company_id and m.rdn_agent_id = c.assigned_agent_id order by m.created_at limit 1),
  (select p.id from profiles p where p.company_id = c.company_id and p.rdn_id_number = c.assigned_agent_id order by p.created_at limit 1))`

/** The client an RDN case bills: the one its lender (else lienholder) name is, an active one first. */
const rdnCaseClient = sql`(select cl.id from clients cl where cl.company_id = c.company_id
  and lower(cl.name) = lower(coalesce(c.lender_name, c.lienholder_name)) order by cl.active desc limit 1)`

const vehicle = (table: string) =>
  sql.raw(`nullif(concat_ws(' ', ${table}.year::text, nullif(${table}.make, ''), nullif(${table}.model, '')), '')`)

const marketIn = (column: string, markets: string[] | null) =>
  markets === null ? sql`true` : sql`${sql.raw(column)} in (${sql.join(markets.length ? markets : [''])})`

/** The board's open orders and RDN cases as one set of rows (the scope applied inside each half). */
function boardCases(scope: BoardScope) {
  return sql`
    select 'order' as source, o.id::text as id, o.id::text as link_id,
      coalesce(nullif(o.order_number, ''), nullif(o.case_number, ''), o.id::text) as label,
      o.status, o.detected_market as market, (select cl.name from clients cl where cl.id = o.client_id) as client,
      o.borrower_name as name, ${vehicle('o')} as vehicle, ${orderZipSql('o.')} as zip,
      o.assigned_agent_id::text as agent_id, null::text as rdn_agent_id,
      o.assigned_camera_driver_id::text as camera_driver_id, o.assignment_state, o.agent_assigned_at,
      o.last_agent_update_at, ${cadence(sql`o.client_id`)} as cadence_days, o.created_at
    from orders o
    where o.company_id = ${scope.companyId} and o.status in (${sql.join([...BOARD_ORDER_STATUSES])})
      and ${marketIn('o.detected_market', scope.markets)}
    union all
    select 'case', c.id::text, c.case_id::text,
      coalesce(nullif(c.case_number, ''), c.case_id::text),
      c.status, c.detected_market, c.lender_name,
      c.debtor_display_name, ${vehicle('c')}, ${caseZipSql('c.')},
      ${rdnAgentProfile}::text, nullif(c.assigned_agent_id, ''),
      c.assigned_camera_driver_id::text, c.assignment_state, c.agent_assigned_at,
      c.last_agent_update_at, ${cadence(rdnCaseClient)}, c.created_at
    from rdn_cases c
    where c.company_id = ${scope.companyId} and c.status in (${sql.join([...BOARD_CASE_STATUSES])})
      and ${marketIn('c.detected_market', scope.markets)}`
}

/** Whether a board row `b` has an agent: a person, or an RDN agent id nobody is mapped to yet. */
const assigned = sql`(b.agent_id is not null or b.rdn_agent_id is not null)`
const updateDue = sql`(${assigned} and b.assignment_state = 'Active'
  and coalesce(b.last_agent_update_at, b.agent_assigned_at) + b.cadence_days * interval '1 day' <= now())`

/**
 * A page of the board: unassigned first, then those due an update, then the longest without a
 * word from their agent; with the total under the filters.
 */
export async function listBoard(db: Kysely<DB>, scope: BoardScope, query: BoardQuery) {
  const where: RawBuilder<unknown>[] = [sql`true`]
  if (query.market) where.push(sql`b.market = ${query.market}`)
  if (query.agent === 'unassigned') where.push(sql`not ${assigned}`)
  else if (query.agent) where.push(sql`b.agent_id = ${query.agent}`)
  if (query.state) where.push(sql`b.assignment_state = ${query.state}`)
  if (query.due === 'yes') where.push(updateDue)
  if (query.q) {
    const like = `%${query.q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
    where.push(sql`(b.label ilike ${like} or b.name ilike ${like} or b.vehicle ilike ${like} or b.zip like ${like})`)
  }
  const result = await sql<BoardRow>`
    select b.*, ${updateDue} as update_due, count(*) over () as total
    from (${boardCases(scope)}) b
    where ${sql.join(where, sql` and `)}
    order by ${assigned} asc, ${updateDue} desc,
      coalesce(b.last_agent_update_at, b.agent_assigned_at, b.created_at) asc, b.label, b.id
    limit ${BOARD_PAGE_SIZE} offset ${(query.page - 1) * BOARD_PAGE_SIZE}`.execute(db)
  return result.rows
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

/** The named cases of the board's scope (any status), with the market their ZIP is covered by. */
export async function findBoardCases(db: Kysely<DB>, scope: BoardScope, refs: readonly CaseRef[]) {
  const orderIds = refs.filter((ref) => ref.source === 'order').map((ref) => ref.id)
  const caseIds = refs.filter((ref) => ref.source === 'case').map((ref) => ref.id)
  const zipMarket = (zip: RawBuilder<unknown>) => sql`(select z.market from market_zip_codes z
    where z.company_id = ${scope.companyId} and z.zip_code = ${zip} and z.active order by z.market limit 1)`
  const parts: RawBuilder<unknown>[] = []
  if (orderIds.length)
    parts.push(sql`select 'order' as source, o.id::text as id,
        coalesce(nullif(o.order_number, ''), nullif(o.case_number, ''), o.id::text) as label,
        o.detected_market as market, ${orderZipSql('o.')} as zip, ${zipMarket(orderZipSql('o.'))} as zip_market,
        o.assigned_agent_id::text as agent_id, null::text as rdn_agent_id,
        o.assigned_camera_driver_id::text as camera_driver_id, o.assignment_state
      from orders o where o.company_id = ${scope.companyId} and o.id in (${sql.join(orderIds)})
        and ${marketIn('o.detected_market', scope.markets)}`)
  if (caseIds.length)
    parts.push(sql`select 'case', c.id::text, coalesce(nullif(c.case_number, ''), c.case_id::text),
        c.detected_market, ${caseZipSql('c.')}, ${zipMarket(caseZipSql('c.'))},
        ${rdnAgentProfile}::text, nullif(c.assigned_agent_id, ''),
        c.assigned_camera_driver_id::text, c.assignment_state
      from rdn_cases c where c.company_id = ${scope.companyId} and c.id in (${sql.join(caseIds)})
        and ${marketIn('c.detected_market', scope.markets)}`)
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
 * The update clocks of some orders (by id) and RDN cases (by RDN case id): their state, when the
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
        ${cadence(sql`o.client_id`)} as cadence_days, o.assigned_agent_id is not null as assigned
      from orders o where o.company_id = ${companyId} and o.id in (${sql.join([...orderIds])})`)
  if (caseIds.length)
    parts.push(sql`select 'case:' || c.case_id, c.assignment_state, c.agent_assigned_at, c.last_agent_update_at,
        ${cadence(rdnCaseClient)}, coalesce(c.assigned_agent_id, '') <> ''
      from rdn_cases c where c.company_id = ${companyId} and c.case_id in (${sql.join([...caseIds])})`)
  if (parts.length === 0) return []
  return (await sql<ClockRow>`${sql.join(parts, sql` union all `)}`.execute(db)).rows
}
