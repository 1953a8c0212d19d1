import type { Kysely, Transaction } from 'kysely'
import { averageDaysToRecovery } from '../../../domain/agent-work/days-to-recovery'
import { profileMarkets } from '../../../domain/dashboards/markets'
import { recoveryRate } from '../../../domain/dashboards/work-statuses'
import { displayName } from '../../../domain/profiles/display'
import type { DB } from '../../db/schema'
import { agentOutcomes, openWorkByAgent, updateEvidenceByAgent } from '../../queries/agent-work-sql'
import { listFieldPeople } from './agents-repository'

type Db = Kysely<DB> | Transaction<DB>

export type FieldPerson = {
  id: string
  name: string
  role: 'recovery_agent' | 'camera_driver'
  markets: string[]
  /** The RDN agent ids that are theirs: mappings first (the first is the one an assignment writes), then their own. */
  rdnIds: string[]
  /** Open work they are on (domain/agent-work: orders and RDN cases alike). */
  load: number
}

/** RDN agent id -> person: a mapping names the person first, else the profile carrying the id. */
function rdnOwners(
  people: { id: string; rdn_id_number: string | null }[],
  mappings: { rdn_agent_id: string; profile_id: string }[],
) {
  const owner = new Map<string, string>()
  for (const person of people) if (person.rdn_id_number) owner.set(person.rdn_id_number, person.id)
  for (const mapping of mappings) owner.set(mapping.rdn_agent_id, mapping.profile_id)
  return owner
}

/** The company's active recovery agents and camera car drivers, with their markets, RDN ids and open cases. */
export async function fieldPeople(db: Db, companyId: string): Promise<FieldPerson[]> {
  const [{ people, mappings }, loads] = await Promise.all([
    listFieldPeople(db, companyId),
    openWorkByAgent(db, companyId),
  ])
  const owner = rdnOwners(people, mappings)
  const idsOf = new Map<string, string[]>()
  for (const [rdnId, profileId] of owner) idsOf.set(profileId, [...(idsOf.get(profileId) ?? []), rdnId])
  return people.map((person) => {
    const mapped = mappings.filter((mapping) => mapping.profile_id === person.id).map((mapping) => mapping.rdn_agent_id)
    const rdnIds = [...new Set([...mapped, ...(idsOf.get(person.id) ?? [])])]
    const caseLoad = rdnIds.reduce((sum, rdnId) => sum + (loads.cases.get(rdnId) ?? 0), 0)
    return {
      id: person.id,
      name: displayName(person),
      role: person.role as FieldPerson['role'],
      markets: profileMarkets(person.market),
      rdnIds,
      load: (loads.orders.get(person.id) ?? 0) + caseLoad,
    }
  })
}

/** Whether a person works any of the markets (null: every market). */
export const worksAnyMarket = (person: Pick<FieldPerson, 'markets'>, markets: string[] | null) =>
  markets === null || person.markets.some((market) => markets.includes(market))

/**
 * Issue 19's per-agent figures, for the recovery agents of the markets: open cases, every case
 * they have been on, how many recovered, the rate, the mean days from assignment to recovery, and
 * their Agent Updates of the last 30 days with how many carried evidence.
 */
export async function agentFigures(db: Db, companyId: string, markets: string[] | null) {
  const [people, outcomes] = await Promise.all([fieldPeople(db, companyId), agentOutcomes(db, companyId)])
  const orderRows = new Map(outcomes.orders.map((row) => [row.agent, row]))
  const caseRows = new Map(outcomes.cases.map((row) => [row.agent, row]))
  const agents = people.filter((person) => person.role === 'recovery_agent' && worksAnyMarket(person, markets))
  const evidence = await updateEvidenceByAgent(
    db,
    companyId,
    agents.map((person) => person.id),
  )
  return agents
    .map((person) => {
      const rows = [orderRows.get(person.id), ...person.rdnIds.map((rdnId) => caseRows.get(rdnId))].filter(
        (row) => row !== undefined,
      )
      const sum = (pick: (row: (typeof rows)[number]) => unknown) =>
        rows.reduce((total, row) => total + Number(pick(row) ?? 0), 0)
      const assigned = sum((row) => row.assigned)
      const recovered = sum((row) => row.recovered)
      const timed = sum((row) => row.timed)
      return {
        id: person.id,
        name: person.name,
        markets: person.markets,
        open: person.load,
        assigned,
        recovered,
        recoveryRate: recoveryRate(recovered, assigned),
        averageDaysToRecovery: averageDaysToRecovery(
          sum((row) => row.days),
          timed,
        ),
        // Issue 44: the share of their Agent Updates (last 30 days) that carried GPS or a photo.
        updates: evidence.get(person.id)?.updates ?? 0,
        updatesWithEvidence: evidence.get(person.id)?.withEvidence ?? 0,
      }
    })
    .sort((a, b) => b.open - a.open || a.name.localeCompare(b.name))
}
