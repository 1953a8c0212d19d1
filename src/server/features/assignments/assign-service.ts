import type { Kysely } from 'kysely'
import type { AssignInput, CaseRef, StateInput } from '../../../domain/assignments/board'
import { coversCase } from '../../../domain/assignments/suggestion'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { badRequest } from '../../http/app-error'
import { checkFieldWorkAllowedForAll } from '../../queries/field-stop-many'
import { type AuditEntry, recordAudits } from '../../records/audit'
import { setChangeActor } from '../../records/change-actor'
import { type BoardCase, findBoardCases } from './board-repository'
import { type FieldPerson, fieldPeople } from './people'
import { boardScope } from './scope'
import { writeAssignments, writeStates } from './write-repository'

const ROLE_LABEL = { recovery_agent: 'recovery agent', camera_driver: 'camera car driver' } as const

/** The person chosen for a role: an active one of the company (another company's reads as no such person). */
function chosenPerson(people: FieldPerson[], id: string | null | undefined, role: FieldPerson['role'], field: string) {
  if (id === undefined || id === null) return id
  const person = people.find((candidate) => candidate.id === id)
  if (!person) throw badRequest(`No active ${ROLE_LABEL[role]} with that id in your company.`, field)
  if (person.role !== role) throw badRequest(`That person is not a ${ROLE_LABEL[role]}.`, field)
  return person
}

/** The named cases, each once; every one must be on the viewer's board, or nothing happens. */
async function casesToChange(db: Kysely<DB>, viewer: Viewer, refs: readonly CaseRef[]) {
  const unique = [...new Map(refs.map((ref) => [`${ref.source}:${ref.id}`, ref])).values()]
  const found = await findBoardCases(db, await boardScope(db, viewer), unique)
  if (found.length !== unique.length) {
    const missing = unique.length - found.length
    throw badRequest(
      `${missing === 1 ? 'One case is' : `${missing} cases are`} not yours to assign (not found, outside your markets, or no longer open); nothing was changed.`,
      'cases',
    )
  }
  return found
}

/** A case whose address the agent does not cover: said, not refused (issue 19). */
const coverageWarning = (row: BoardCase, agent: FieldPerson) =>
  `${agent.name} does not cover ${row.label}${row.zip ? ` (ZIP ${row.zip}${row.zip_market ? `, ${row.zip_market}` : ''})` : ''}.`

const MAX_WARNINGS_LISTED = 20

/** The cases a person is put on (not taken off, not chosen again): field work, refused on a stopped case (issue 44). */
function casesGainingSomeone(
  rows: readonly BoardCase[],
  agent: FieldPerson | null | undefined,
  rdnId: string | null,
  driver: FieldPerson | null | undefined,
) {
  return rows.filter((row) => {
    const newAgent = agent ? (row.source === 'order' ? row.agent_id !== agent.id : row.rdn_agent_id !== rdnId) : false
    const newDriver = driver ? row.camera_driver_id !== driver.id : false
    return newAgent || newDriver
  })
}

/**
 * Puts a recovery agent and/or a camera car driver on up to 1,000 cases at once, all or nothing:
 * an unknown case, a person of another company, or an agent with no RDN agent id for an RDN case
 * refuses the whole request. An agent who does not cover a case's address is warned about, not
 * refused. Each case's change lands on its timeline (the triggers) and in the audit log.
 */
export async function assignCases(db: Kysely<DB>, viewer: Viewer, input: AssignInput, ip?: string) {
  const people = await fieldPeople(db, viewer.companyId)
  const agent = chosenPerson(people, input.agentId, 'recovery_agent', 'agentId')
  const driver = chosenPerson(people, input.cameraDriverId, 'camera_driver', 'cameraDriverId')
  const rows = await casesToChange(db, viewer, input.cases)
  const rdnId = agent?.rdnIds[0]
  if (agent && rdnId === undefined && rows.some((row) => row.source === 'case')) {
    throw badRequest(
      `${agent.name} has no RDN agent id, so cannot take RDN cases; map one in Agent Mapping first. Nothing was changed.`,
      'agentId',
    )
  }
  const warnings = agent ? rows.filter((row) => !coversCase(agent, row.zip_market ?? row.market)) : []
  await db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'dashboard' })
    await checkFieldWorkAllowedForAll(trx, viewer.companyId, casesGainingSomeone(rows, agent, rdnId ?? null, driver))
    await writeAssignments(trx, viewer.companyId, rows, {
      agent: agent ? { id: agent.id, rdnId: rdnId ?? null } : agent,
      cameraDriverId: driver ? driver.id : driver,
    })
    await recordAudits(
      trx,
      rows.map(
        (row): AuditEntry => ({
          action: row.source === 'order' ? 'order.assigned' : 'rdn_case.assigned',
          companyId: viewer.companyId,
          actorUserId: viewer.userId,
          target: `${row.source === 'order' ? 'order' : 'rdn_case'}:${row.id}`,
          detail: {
            ...(agent !== undefined && { agent: { from: row.agent_id ?? row.rdn_agent_id, to: agent?.id ?? null } }),
            ...(driver !== undefined && { cameraDriver: { from: row.camera_driver_id, to: driver?.id ?? null } }),
            bulk: rows.length > 1,
          },
          ip,
        }),
      ),
    )
  })
  return {
    assigned: rows.length,
    uncovered: warnings.length,
    warnings: agent ? warnings.slice(0, MAX_WARNINGS_LISTED).map((row) => coverageWarning(row, agent)) : [],
  }
}

/**
 * Sets the assignment state (Active, On Hold, Closed) of up to 1,000 cases, all or nothing. Making
 * an assignment Active again is field work: refused on a stopped case (issue 44).
 */
export async function setAssignmentState(db: Kysely<DB>, viewer: Viewer, input: StateInput, ip?: string) {
  const rows = await casesToChange(db, viewer, input.cases)
  const changed = rows.filter((row) => row.assignment_state !== input.state)
  await db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'dashboard' })
    if (input.state === 'Active') await checkFieldWorkAllowedForAll(trx, viewer.companyId, changed)
    await writeStates(trx, viewer.companyId, changed, input.state)
    await recordAudits(
      trx,
      changed.map((row) => ({
        action: 'assignment.state',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `${row.source === 'order' ? 'order' : 'rdn_case'}:${row.id}`,
        detail: { from: row.assignment_state, to: input.state },
        ip,
      })),
    )
  })
  return { changed: changed.length, state: input.state }
}
