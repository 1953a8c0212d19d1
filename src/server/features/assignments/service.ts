import type { Kysely } from 'kysely'
import { BOARD_PAGE_SIZE, type BoardQuery, type CaseSource } from '../../../domain/assignments/board'
import { coversCase, suggestAgent } from '../../../domain/assignments/suggestion'
import { updateDueAt } from '../../../domain/assignments/update-due'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { badRequest, notFound } from '../../http/app-error'
import { listBoard } from './board-repository'
import { assignmentHistory, zipMarkets } from './history-repository'
import { agentFigures, type FieldPerson, fieldPeople, worksAnyMarket } from './people'
import { boardScope } from './scope'

const personRef = (person: FieldPerson | undefined) => (person ? { id: person.id, name: person.name } : null)

/**
 * A page of the Agent Assignment board (issue 19): the open orders and RDN cases of the viewer's
 * markets, unassigned and stale first, each with who is on it, when their next update is due, and
 * the suggested agent (by market ZIP coverage and load); with the people who can be chosen.
 */
export async function assignmentBoard(db: Kysely<DB>, viewer: Viewer, query: BoardQuery) {
  const scope = await boardScope(db, viewer)
  const people = await fieldPeople(db, viewer.companyId)
  const byId = new Map(people.map((person) => [person.id, person]))
  const filteredAgent = query.agent && query.agent !== 'unassigned' ? byId.get(query.agent) : undefined
  if (query.agent && query.agent !== 'unassigned' && filteredAgent?.role !== 'recovery_agent')
    throw badRequest('No active recovery agent with that id in your company.', 'agent')
  const { rows, total } = await listBoard(db, scope, query, filteredAgent?.rdnIds ?? [])
  // Suggested from the people the viewer can choose (those of their markets).
  const agents = people.filter((person) => person.role === 'recovery_agent' && worksAnyMarket(person, scope.markets))
  const rdnAgents = agents.filter((person) => person.rdnIds.length > 0)
  const marketOfZip = await zipMarkets(
    db,
    viewer.companyId,
    rows.map((row) => row.zip).filter((zip) => zip !== null),
  )
  return {
    page: query.page,
    pageSize: BOARD_PAGE_SIZE,
    total,
    markets: scope.markets,
    rows: rows.map((row) => {
      const coverage = (row.zip && marketOfZip.get(row.zip)) ?? row.market
      const agent = row.agent_id ? byId.get(row.agent_id) : undefined
      const covers = agent ? coversCase(agent, coverage) : null
      // A suggestion where it helps: nobody on the case, or an agent outside its coverage.
      const candidates = row.source === 'case' ? rdnAgents : agents
      const suggested =
        (row.agent_id === null && row.rdn_agent_id === null) || covers === false
          ? suggestAgent(candidates, coverage)
          : null
      return {
        source: row.source,
        id: row.id,
        href: row.source === 'order' ? `/order/${row.link_id}` : `/cases/${row.link_id}`,
        label: row.label,
        status: row.status,
        market: row.market,
        client: row.client,
        name: row.name,
        vehicle: row.vehicle,
        zip: row.zip,
        agent: agent ? personRef(agent) : row.agent_id ? { id: row.agent_id, name: 'Former agent' } : null,
        rdnAgentId: row.rdn_agent_id,
        agentCovers: covers,
        cameraDriver: row.camera_driver_id
          ? (personRef(byId.get(row.camera_driver_id)) ?? { id: row.camera_driver_id, name: 'Former driver' })
          : null,
        state: row.assignment_state,
        assignedAt: row.agent_assigned_at?.toISOString() ?? null,
        lastUpdateAt: row.last_agent_update_at?.toISOString() ?? null,
        cadenceDays: row.cadence_days,
        updateDueAt:
          updateDueAt({
            agentAssigned: Boolean(row.agent_id || row.rdn_agent_id),
            state: row.assignment_state,
            assignedAt: row.agent_assigned_at,
            lastUpdateAt: row.last_agent_update_at,
            cadenceDays: row.cadence_days,
          })?.toISOString() ?? null,
        updateDue: row.update_due,
        suggested: suggested && suggested.id !== row.agent_id ? { id: suggested.id, name: suggested.name } : null,
      }
    }),
  }
}

/** The people the viewer may choose (those working the viewer's markets), with their markets and open cases. */
export async function assignablePeople(db: Kysely<DB>, viewer: Viewer) {
  const scope = await boardScope(db, viewer)
  const people = (await fieldPeople(db, viewer.companyId)).filter((person) => worksAnyMarket(person, scope.markets))
  const shape = (person: FieldPerson) => ({
    id: person.id,
    name: person.name,
    markets: person.markets,
    load: person.load,
    hasRdnId: person.rdnIds.length > 0,
  })
  return {
    agents: people.filter((person) => person.role === 'recovery_agent').map(shape),
    cameraDrivers: people.filter((person) => person.role === 'camera_driver').map(shape),
  }
}

/** Per-agent figures for the viewer's markets. */
export async function assignmentFigures(db: Kysely<DB>, viewer: Viewer) {
  const scope = await boardScope(db, viewer)
  return { agents: await agentFigures(db, viewer.companyId, scope.markets) }
}

/** Who had a case, and when: its agent, camera car driver and state changes, newest first. */
export async function caseAssignmentHistory(db: Kysely<DB>, viewer: Viewer, source: CaseSource, id: string) {
  const scope = await boardScope(db, viewer)
  const history = await assignmentHistory(db, scope, source, id)
  if (!history) throw notFound('Case not found')
  return { history }
}
