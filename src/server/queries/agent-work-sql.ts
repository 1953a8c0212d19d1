import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import { OPEN_WORK_STATUSES } from '../../domain/agent-work/open-work'
import type { DB } from '../db/schema'

// Issue 41: the domain's meaning of open work and of days to recovery (src/domain/agent-work), in
// SQL once for every screen that counts an agent's work. Migration 044 writes the same day
// arithmetic into the RDN cases' per-agent counts (rdn_case_group_counts).

type Db = Kysely<DB> | Transaction<DB>

/** The open-work statuses, for `where status in (...)` in Kysely. */
export const OPEN_WORK: string[] = [...OPEN_WORK_STATUSES]

/** Whether the status column `column` (e.g. 'o.status') is open work. */
export const openWorkSql = (column: string) => sql<boolean>`${sql.raw(column)} in (${sql.join(OPEN_WORK)})`

/**
 * The day an order's vehicle was repossessed (its repossession moment's day): the recovery date.
 * One place, so a repossession moment that is always stamped slots in here.
 */
export const orderRecoveredOn = (alias: string) => sql<string | null>`${sql.raw(alias)}.recovery_date`
/** The day an RDN case's vehicle was repossessed: its repo date, else the day it was marked repossessed. */
export const caseRecoveredOn = (alias: string) =>
  sql<
    string | null
  >`coalesce(${sql.raw(alias)}.repo_date, (${sql.raw(alias)}.time_marked_repossessed at time zone 'UTC')::date)`

/** Whether the case (of alias, with its recovered day) is recovered: a repossession day or the Repossessed status. */
export const recoveredSql = (alias: string, recoveredOn: RawBuilder<string | null>) =>
  sql<boolean>`(${recoveredOn} is not null or ${sql.raw(alias)}.status = 'Repossessed')`

/**
 * The day a recovery is counted from (domain recoveryStart): the day the agent was put on it when
 * that is not after the recovery, else the order date when that is not; null otherwise.
 */
export const recoveryStartSql = (alias: string, recoveredOn: RawBuilder<string | null>) => {
  const assignedOn = sql`(${sql.raw(alias)}.agent_assigned_at at time zone 'UTC')::date`
  const orderedOn = sql`${sql.raw(alias)}.order_date`
  return sql<string | null>`case when ${assignedOn} <= ${recoveredOn} then ${assignedOn}
    when ${orderedOn} <= ${recoveredOn} then ${orderedOn} end`
}

/** Whole days to recovery (domain daysToRecovery); null when not timed. */
export const daysToRecoverySql = (alias: string, recoveredOn: RawBuilder<string | null>) =>
  sql<number | null>`(${recoveredOn} - ${recoveryStartSql(alias, recoveredOn)})`

/**
 * Open work per agent: orders by person, RDN cases by RDN agent id. The orders come from their
 * agent index; the RDN cases from the per-agent counts (migration 016), not from the cases.
 */
export async function openWorkByAgent(db: Db, companyId: string) {
  const [orders, cases] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => ['assigned_agent_id as agent', eb.fn.countAll<string>().as('count')])
      .where('company_id', '=', companyId)
      .where('status', 'in', OPEN_WORK)
      .where('assigned_agent_id', 'is not', null)
      .groupBy('assigned_agent_id')
      .execute(),
    db
      .selectFrom('rdn_case_group_counts')
      .select(['assigned_agent_id as agent', sql<string>`sum(cases)`.as('count')])
      .where('company_id', '=', companyId)
      .where('status', 'in', OPEN_WORK)
      .where('assigned_agent_id', '!=', '')
      .groupBy('assigned_agent_id')
      .execute(),
  ])
  return {
    orders: new Map(orders.map((row) => [row.agent as string, Number(row.count)])),
    cases: new Map(cases.filter((row) => Number(row.count) > 0).map((row) => [row.agent, Number(row.count)])),
  }
}

/** Open work of one agent: their orders and the RDN cases of their RDN agent ids. */
export async function openWorkOf(db: Db, companyId: string, profileId: string, rdnIds: readonly string[]) {
  const [orders, cases] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', companyId)
      .where('assigned_agent_id', '=', profileId)
      .where('status', 'in', OPEN_WORK)
      .executeTakeFirstOrThrow(),
    rdnIds.length === 0
      ? { count: '0' }
      : db
          .selectFrom('rdn_case_group_counts')
          .select(sql<string>`coalesce(sum(cases), 0)`.as('count'))
          .where('company_id', '=', companyId)
          .where('assigned_agent_id', 'in', [...rdnIds])
          .where('status', 'in', OPEN_WORK)
          .executeTakeFirstOrThrow(),
  ])
  return Number(orders.count) + Number(cases.count)
}

export type AgentOutcomeRow = {
  agent: string
  assigned: string
  recovered: string
  timed: string
  days: string | null
}

/**
 * Per agent, every case they are on (orders by person, RDN cases by RDN agent id): how many, how
 * many recovered, and the whole days to recovery summed over those timed (domain daysToRecovery).
 * The RDN cases' come from their per-agent counts, kept by migration 044's triggers.
 */
export async function agentOutcomes(db: Db, companyId: string) {
  const recoveredOn = orderRecoveredOn('o')
  const days = daysToRecoverySql('o', recoveredOn)
  const [orders, cases] = await Promise.all([
    sql<AgentOutcomeRow>`
      select o.assigned_agent_id::text as agent, count(*) as assigned,
        count(*) filter (where ${recoveredSql('o', recoveredOn)}) as recovered,
        count(${days}) as timed, coalesce(sum(${days}), 0) as days
      from orders o where o.company_id = ${companyId} and o.assigned_agent_id is not null
      group by o.assigned_agent_id`.execute(db),
    sql<AgentOutcomeRow>`
      select assigned_agent_id as agent, sum(cases) as assigned, sum(repossessed) as recovered,
        sum(timed) as timed, sum(days) as days
      from rdn_case_group_counts where company_id = ${companyId} and assigned_agent_id <> ''
      group by assigned_agent_id having sum(cases) > 0`.execute(db),
  ])
  return { orders: orders.rows, cases: cases.rows }
}

/** The window the share of Agent Updates with evidence is counted over (issue 44). */
export const EVIDENCE_WINDOW_DAYS = 30

/**
 * Per person, their Agent Updates of the last 30 days and how many carried evidence (GPS or a
 * photo, migration 067): one index range per person (case_timeline_agent_updates_idx).
 */
export async function updateEvidenceByAgent(db: Db, companyId: string, profileIds: readonly string[]) {
  if (profileIds.length === 0) return new Map<string, { updates: number; withEvidence: number }>()
  const rows = await db
    .selectFrom('case_timeline')
    .select([
      'actor_profile_id as agent',
      sql<string>`count(*)`.as('updates'),
      sql<string>`count(*) filter (where evidence is not null)`.as('with_evidence'),
    ])
    .where('company_id', '=', companyId)
    .where('note_type', '=', 'Agent Update')
    .where('actor_profile_id', 'in', [...profileIds])
    .where('created_at', '>=', sql<Date>`now() - make_interval(days => ${EVIDENCE_WINDOW_DAYS})`)
    .groupBy('actor_profile_id')
    .execute()
  return new Map(
    rows.map((row) => [String(row.agent), { updates: Number(row.updates), withEvidence: Number(row.with_evidence) }]),
  )
}
