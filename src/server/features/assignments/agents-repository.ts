import { type Kysely, sql, type Transaction } from 'kysely'
import { BOARD_CASE_STATUSES, BOARD_ORDER_STATUSES } from '../../../domain/assignments/board'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** The company's active recovery agents and camera car drivers, with the RDN agent ids that are theirs. */
export async function listFieldPeople(db: Db, companyId: string) {
  const [people, mappings] = await Promise.all([
    db
      .selectFrom('profiles')
      .select(['id', 'first_name', 'last_name', 'email', 'role', 'market', 'rdn_id_number'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .where('role', 'in', ['recovery_agent', 'camera_driver'])
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .execute(),
    listRdnMappings(db, companyId),
  ])
  return { people, mappings }
}

/** Every RDN agent id mapped to a person, oldest first (the first is the one new assignments use). */
export function listRdnMappings(db: Db, companyId: string) {
  return db
    .selectFrom('rdn_agent_mappings')
    .select(['rdn_agent_id', 'profile_id'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** Open cases per agent: orders by person, RDN cases by RDN agent id. */
export async function openLoads(db: Db, companyId: string) {
  const [orders, cases] = await Promise.all([
    db
      .selectFrom('orders')
      .select((eb) => ['assigned_agent_id as agent', eb.fn.countAll<string>().as('count')])
      .where('company_id', '=', companyId)
      .where('status', 'in', [...BOARD_ORDER_STATUSES])
      .where('assigned_agent_id', 'is not', null)
      .groupBy('assigned_agent_id')
      .execute(),
    db
      .selectFrom('rdn_cases')
      .select((eb) => ['assigned_agent_id as agent', eb.fn.countAll<string>().as('count')])
      .where('company_id', '=', companyId)
      .where('status', 'in', [...BOARD_CASE_STATUSES])
      .where('assigned_agent_id', 'is not', null)
      .where('assigned_agent_id', '!=', '')
      .groupBy('assigned_agent_id')
      .execute(),
  ])
  return {
    orders: new Map(orders.map((row) => [row.agent as string, Number(row.count)])),
    cases: new Map(cases.map((row) => [row.agent as string, Number(row.count)])),
  }
}

export type AgentOutcomeRow = {
  agent: string
  assigned: string
  recovered: string
  timed: string
  days: number | null
}

/**
 * Per agent, every case they are on (orders by person, RDN cases by RDN agent id): how many, how
 * many recovered, and the days from assignment to recovery summed over those timed.
 */
export async function agentOutcomes(db: Db, companyId: string) {
  const orders = await sql<AgentOutcomeRow>`
    select assigned_agent_id::text as agent, count(*) as assigned,
      count(*) filter (where recovery_date is not null or status = 'Repossessed') as recovered,
      count(*) filter (where recovery_date is not null and agent_assigned_at is not null) as timed,
      sum(greatest(0, recovery_date::date - (agent_assigned_at at time zone 'UTC')::date))
        filter (where recovery_date is not null and agent_assigned_at is not null)::float8 as days
    from orders where company_id = ${companyId} and assigned_agent_id is not null
    group by assigned_agent_id`.execute(db)
  const cases = await sql<AgentOutcomeRow>`
    select assigned_agent_id as agent, count(*) as assigned,
      count(*) filter (where time_marked_repossessed is not null or status = 'Repossessed') as recovered,
      count(*) filter (where time_marked_repossessed is not null and agent_assigned_at is not null) as timed,
      sum(greatest(0, extract(epoch from time_marked_repossessed - agent_assigned_at) / 86400))
        filter (where time_marked_repossessed is not null and agent_assigned_at is not null)::float8 as days
    from rdn_cases where company_id = ${companyId} and coalesce(assigned_agent_id, '') <> ''
    group by assigned_agent_id`.execute(db)
  return { orders: orders.rows, cases: cases.rows }
}
