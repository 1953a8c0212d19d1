import { canOpenScreen } from '../../../domain/auth/permissions'
import { type Evidence, nearestPlaceText } from '../../../domain/holds/evidence'
import { displayName } from '../../../domain/profiles/display'
import { countNoteCharacters, type NoteInput } from '../../../domain/timeline/note'
import { type ChangeSource, type NoteType, TIMELINE_PAGE_SIZE } from '../../../domain/timeline/timeline'
import {
  BILLING_EVENT_FIELDS,
  type FieldValueKind,
  fieldValueFormat,
  plainFieldValue,
  type TimelineSubject,
  timelineField,
} from '../../../domain/timeline/timeline-fields'
import type { AppDeps, Viewer } from '../../app-env'
import { badRequest, notFound } from '../../http/app-error'
import { placedCaseAddresses } from '../../queries/case-places'
import { checkEvidencePhoto } from '../../queries/evidence-photo'
import { recordAudit } from '../../records/audit'
import {
  CREATION_ENTRY_ID,
  findCreation,
  findNames,
  findOrderId,
  findRdnCaseRowId,
  insertNote,
  listEntries,
  type NameRow,
  type TimelineColumn,
  type TimelineRow,
} from './repository'

export const ORDER_NOT_FOUND = 'Order not found'
export const CASE_NOT_FOUND = 'The requested case could not be found.'
/** A person an entry names who is no longer at the company (or never was). */
export const FORMER_USER = 'Former user'
export const FORMER_CLIENT = 'Former client'
export const EVIDENCE_NOT_UPDATE = 'GPS and photo evidence go with an Agent Update.'

/** An order by its id, or an RDN case by the case id the Case detail opens. */
export type TimelineTarget = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: number }

type Resolved = { subject: TimelineSubject; column: TimelineColumn; subjectId: string }

/** The order or case, if it is the viewer's company's: another company's is simply not found. */
async function resolveTarget(db: AppDeps['db'], viewer: Viewer, target: TimelineTarget): Promise<Resolved> {
  if (target.subject === 'order') {
    const id = await findOrderId(db, viewer.companyId, target.orderId)
    if (!id) throw notFound(ORDER_NOT_FOUND)
    return { subject: 'order', column: 'order_id', subjectId: id }
  }
  const id = await findRdnCaseRowId(db, viewer.companyId, target.caseId)
  if (!id) throw notFound(CASE_NOT_FOUND)
  return { subject: 'case', column: 'rdn_case_id', subjectId: id }
}

/**
 * One page of an order's or RDN case's timeline, newest first: the latest 50 entries, or the 50
 * before entry `before`, with the cursor of the next older page (null at the first entry). Who
 * may read it: everyone at the company, as everyone may open the order or case (SPEC.md section 2).
 */
export async function getTimelinePage({ db }: AppDeps, viewer: Viewer, target: TimelineTarget, before: number | null) {
  const resolved = await resolveTarget(db, viewer, target)
  const rows = await listEntries(db, {
    companyId: viewer.companyId,
    column: resolved.column,
    subjectId: resolved.subjectId,
    before,
    limit: TIMELINE_PAGE_SIZE + 1,
    // Money (invoices, fee requests, payments, pay, vendor costs) is for those who may open Invoice
    // Management; a condition report or a release is everyone's who sees the case.
    hiddenFields: canOpenScreen(viewer.role, 'Invoice') ? [] : [...BILLING_EVENT_FIELDS],
  })
  const stored: TimelineRow[] = rows.slice(0, TIMELINE_PAGE_SIZE)
  // The creation is older than every stored entry: it ends the last page, or is a page of its own
  // when the stored entries fill the one before exactly.
  const storedEnd = rows.length <= TIMELINE_PAGE_SIZE
  const creationFits =
    storedEnd && stored.length < TIMELINE_PAGE_SIZE && (before === null || before > Number(CREATION_ENTRY_ID))
  const creation = creationFits ? await findCreation(db, viewer.companyId, resolved.column, resolved.subjectId) : null
  const page = creation ? [...stored, creation] : stored
  return {
    entries: await describeEntries(db, viewer, resolved, page),
    nextBefore: creationFits || stored.length === 0 ? null : String(stored[stored.length - 1].id),
  }
}

/** Adds a note (already checked: a type of the three, 1 to 1,500 characters) with its audit row. */
export async function addNote({ db }: AppDeps, viewer: Viewer, target: TimelineTarget, note: NoteInput, ip: string) {
  if (note.evidence && note.type !== 'Agent Update') throw badRequest(EVIDENCE_NOT_UPDATE, 'evidence')
  await checkEvidencePhoto(db, viewer.companyId, note.evidence?.photoFileId, 'evidence.photoFileId')
  return db.transaction().execute(async (trx) => {
    const resolved = await resolveTarget(trx, viewer, target)
    const row = await insertNote(trx, {
      companyId: viewer.companyId,
      column: resolved.column,
      subjectId: resolved.subjectId,
      type: note.type,
      body: note.body,
      actorProfileId: viewer.profileId,
      evidence: note.evidence,
    })
    await recordAudit(trx, {
      action: 'timeline.note_added',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: `${resolved.subject === 'order' ? 'order' : 'rdn_case'}:${resolved.subjectId}`,
      detail: {
        entryId: String(row.id),
        noteType: note.type,
        characters: countNoteCharacters(note.body),
        evidence: note.evidence ? Object.keys(note.evidence) : undefined,
        impersonatedBy: viewer.impersonatorUserId ?? undefined,
      },
      ip,
    })
    const [entry] = await describeEntries(trx, viewer, resolved, [row])
    return entry
  })
}

export type TimelineEntry = Awaited<ReturnType<typeof describeEntries>>[number]

const LOOKED_UP: Partial<Record<FieldValueKind, 'profileIds' | 'clientIds' | 'agentIds'>> = {
  person: 'profileIds',
  client: 'clientIds',
  rdn_agent: 'agentIds',
}

/** Entries as the web shows them, every id a name: the names of a whole page come in one query. */
async function describeEntries(db: AppDeps['db'], viewer: Viewer, resolved: Resolved, rows: TimelineRow[]) {
  const { subject } = resolved
  const evidenceOf = await evidenceReader(db, viewer.companyId, resolved, rows)
  const fields = rows.map((row) => (row.field ? timelineField(subject, row.field) : null))
  const wanted = { profileIds: new Set<string>(), clientIds: new Set<string>(), agentIds: new Set<string>() }
  rows.forEach((row, index) => {
    if (row.actor_profile_id) wanted.profileIds.add(row.actor_profile_id)
    const list = fields[index] && LOOKED_UP[fields[index].value]
    if (!list) return
    for (const value of [row.old_value, row.new_value]) if (value) wanted[list].add(value)
  })
  const names = await findNames(db, viewer.companyId, {
    profileIds: [...wanted.profileIds],
    clientIds: [...wanted.clientIds],
    agentIds: [...wanted.agentIds],
  })
  const nameOf = namesByKind(names)

  const display = (kind: FieldValueKind, raw: string | null) => {
    if (raw === null) return null
    if (kind === 'person') return nameOf.profile.get(raw) ?? FORMER_USER
    if (kind === 'client') return nameOf.client.get(raw) ?? FORMER_CLIENT
    // An RDN agent nobody answers to yet is shown by the RDN id (Agent Mapping maps it).
    if (kind === 'rdn_agent') return nameOf.agent.get(raw) ?? `RDN agent ${raw}`
    return plainFieldValue(kind, raw)
  }

  return rows.map((row, index) => {
    const field = fields[index]
    return {
      id: String(row.id),
      kind: row.kind,
      field: row.field,
      label: field?.label ?? null,
      oldValue: field ? display(field.value, row.old_value) : null,
      newValue: field ? display(field.value, row.new_value) : null,
      valueFormat: field ? fieldValueFormat(field.value) : ('text' as const),
      noteType: row.note_type as NoteType | null,
      body: row.body,
      actor: row.actor_profile_id
        ? { id: row.actor_profile_id, name: nameOf.profile.get(row.actor_profile_id) ?? FORMER_USER }
        : null,
      source: row.source as ChangeSource,
      createdAt: new Date(row.created_at).toISOString(),
      evidence: evidenceOf(row),
    }
  })
}

function namesByKind(rows: NameRow[]) {
  const byKind = {
    profile: new Map<string, string>(),
    client: new Map<string, string>(),
    agent: new Map<string, string>(),
  }
  // The explicit Agent Mapping wins over a person's own RDN id number, as on the case detail.
  const ordered = [...rows].sort((a, b) => Number(b.mapped) - Number(a.mapped))
  for (const row of ordered) {
    const map = byKind[row.kind]
    if (map.has(row.key)) continue
    map.set(row.key, row.kind === 'client' ? (row.first_name ?? FORMER_CLIENT) : displayName(row))
  }
  return byKind
}

type StoredEvidence = Evidence & { latitude?: number; longitude?: number }

/**
 * Each entry's evidence as the timeline shows it, with how far its position is from the case's
 * nearest placed address ('0.1 mi from the home address'); the places are read once per page, and
 * only when an entry has a position.
 */
async function evidenceReader(db: AppDeps['db'], companyId: string, resolved: Resolved, rows: TimelineRow[]) {
  const stored = (row: TimelineRow) => (row.evidence ?? null) as StoredEvidence | null
  const placed = rows.some((row) => stored(row)?.latitude !== undefined)
  const target = resolved.column === 'order_id' ? { orderId: resolved.subjectId } : { rdnCaseId: resolved.subjectId }
  const places = placed ? await placedCaseAddresses(db, companyId, target) : []
  return (row: TimelineRow) => {
    const evidence = stored(row)
    if (!evidence) return null
    const position =
      evidence.latitude !== undefined && evidence.longitude !== undefined
        ? { lat: evidence.latitude, lng: evidence.longitude }
        : null
    return { ...evidence, distance: position ? nearestPlaceText(position, places) : null }
  }
}
