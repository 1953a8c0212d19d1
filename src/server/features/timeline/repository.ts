import { type Kysely, sql, type Transaction } from 'kysely'
import type { Evidence } from '../../../domain/holds/evidence'
import type { NoteType, TimelineKind } from '../../../domain/timeline/timeline'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/** The column of case_timeline that ties an entry to its order or RDN case. */
export type TimelineColumn = 'order_id' | 'rdn_case_id'

const entryColumns = [
  'id',
  'kind',
  'field',
  'old_value',
  'new_value',
  'note_type',
  'body',
  'actor_profile_id',
  'source',
  'created_at',
  'evidence',
] as const

export async function findOrderId(db: Db, companyId: string, orderId: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', companyId)
    .where('id', '=', orderId)
    .executeTakeFirst()
  return row?.id ?? null
}

/** The row id of the company's RDN case with this RDN case id (the number the Case detail opens). */
export async function findRdnCaseRowId(db: Db, companyId: string, caseId: number) {
  const row = await db
    .selectFrom('rdn_cases')
    .select('id')
    .where('company_id', '=', companyId)
    .where('case_id', '=', caseId)
    .executeTakeFirst()
  return row?.id ?? null
}

/**
 * Up to `limit` entries of one order or case, newest first, older than entry `before` when given:
 * one range of the (order_id, id desc) or (rdn_case_id, id desc) index (migration 022).
 */
export function listEntries(
  db: Db,
  scope: {
    companyId: string
    column: TimelineColumn
    subjectId: string
    before: number | null
    limit: number
    /** Fields whose entries this viewer does not see. */
    hiddenFields?: readonly string[]
  },
) {
  let query = db
    .selectFrom('case_timeline')
    .select(entryColumns)
    .where(scope.column, '=', scope.subjectId)
    .where('company_id', '=', scope.companyId)
  if (scope.before !== null) query = query.where('id', '<', String(scope.before))
  const hidden = scope.hiddenFields ?? []
  if (hidden.length > 0) {
    query = query.where((eb) => eb.or([eb('field', 'is', null), eb('field', 'not in', hidden)]))
  }
  return query.orderBy('id', 'desc').limit(scope.limit).execute()
}

/** An entry as stored, or the creation of its order or case (kind 'created', read from the row). */
export type TimelineRow = Omit<Awaited<ReturnType<typeof listEntries>>[number], 'kind'> & { kind: TimelineKind }

/** The id the creation entry goes by: below every stored entry's, as it is older than all of them. */
export const CREATION_ENTRY_ID = '0'

/**
 * The order's or case's creation as a timeline entry: when, by whom and how, as kept on the row
 * itself (migration 027), not as a stored entry.
 */
export async function findCreation(db: Db, companyId: string, column: TimelineColumn, subjectId: string) {
  const row = await db
    .selectFrom(column === 'order_id' ? 'orders' : 'rdn_cases')
    .select(['created_at', 'created_by_profile_id', 'created_source'])
    .where('company_id', '=', companyId)
    .where('id', '=', subjectId)
    .executeTakeFirst()
  if (!row) return null
  const entry: TimelineRow = {
    id: CREATION_ENTRY_ID,
    kind: 'created',
    field: null,
    old_value: null,
    new_value: null,
    note_type: null,
    body: null,
    actor_profile_id: row.created_by_profile_id,
    source: row.created_source,
    created_at: row.created_at,
    evidence: null,
  }
  return entry
}

export function insertNote(
  db: Db,
  note: {
    companyId: string
    column: TimelineColumn
    subjectId: string
    type: NoteType
    body: string
    actorProfileId: string
    evidence?: Evidence
  },
) {
  return db
    .insertInto('case_timeline')
    .values({
      company_id: note.companyId,
      [note.column]: note.subjectId,
      kind: 'note',
      note_type: note.type,
      body: note.body,
      actor_profile_id: note.actorProfileId,
      source: 'person',
      evidence: note.evidence ? JSON.stringify(note.evidence) : null,
    })
    .returning(entryColumns)
    .executeTakeFirstOrThrow()
}

export type NameRow = {
  kind: 'profile' | 'client' | 'agent'
  key: string
  first_name: string | null
  last_name: string | null
  email: string | null
  mapped: boolean
}

/**
 * In one query, the names a page of entries shows: the company's people (actors, assigned agents
 * and camera car drivers), clients, and the people RDN agent ids answer to (an Agent Mapping, or
 * a person's own RDN id number; `mapped` tells which, the mapping winning).
 */
export async function findNames(
  db: Db,
  companyId: string,
  ids: { profileIds: string[]; clientIds: string[]; agentIds: string[] },
): Promise<NameRow[]> {
  const parts = []
  if (ids.profileIds.length) {
    parts.push(sql`select 'profile' as kind, id::text as key, first_name, last_name, email, false as mapped
      from profiles where company_id = ${companyId} and id in (${sql.join(ids.profileIds)})`)
  }
  if (ids.clientIds.length) {
    parts.push(sql`select 'client' as kind, id::text as key, name as first_name, null as last_name, null as email, false as mapped
      from clients where company_id = ${companyId} and id in (${sql.join(ids.clientIds)})`)
  }
  if (ids.agentIds.length) {
    parts.push(sql`select 'agent' as kind, mapping.rdn_agent_id as key, profile.first_name, profile.last_name, profile.email, true as mapped
      from rdn_agent_mappings mapping join profiles profile on profile.id = mapping.profile_id
      where mapping.company_id = ${companyId} and profile.company_id = ${companyId}
        and mapping.rdn_agent_id in (${sql.join(ids.agentIds)})`)
    parts.push(sql`select 'agent' as kind, rdn_id_number as key, first_name, last_name, email, false as mapped
      from profiles where company_id = ${companyId} and rdn_id_number in (${sql.join(ids.agentIds)})`)
  }
  if (!parts.length) return []
  const result = await sql<NameRow>`${sql.join(parts, sql` union all `)}`.execute(db)
  return result.rows
}
