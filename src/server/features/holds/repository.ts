import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { FieldCase } from '../../queries/field-stop'

type Db = Kysely<DB> | Transaction<DB>

/** A path's case: an order by id, an RDN case by its number (or, from a stored row, its row id). */
export type CaseRef = { orderId: string } | { caseId: number } | { rdnCaseId: string }

const stopped = sql<boolean>`field_work_stopped(c.status)`.as('stopped')
const photoRequired = sql<boolean>`coalesce(cl.on_hook_photo_required, false)`.as('photoRequired')

/**
 * The case an On-Hook or Yield is recorded on, its row locked to the end of the transaction (unless
 * only read): its status, whether it stops field work, its agent (a profile id for an order; the
 * RDN agent id of an RDN case), market, label and link, and whether its client wants a photo with
 * every On-Hook.
 */
export async function lockActCase(db: Db, companyId: string, ref: CaseRef, { lock = true } = {}) {
  if ('orderId' in ref) {
    const query = db
      .selectFrom('orders as c')
      .leftJoin('clients as cl', 'cl.id', 'c.client_id')
      .select([
        'c.id',
        'c.status',
        stopped,
        'c.assigned_agent_id as agentProfileId',
        sql<string | null>`null`.as('rdnAgentId'),
        'c.detected_market as market',
        photoRequired,
        sql<string>`coalesce(c.case_number, c.order_number)`.as('label'),
      ])
      .where('c.company_id', '=', companyId)
      .where('c.id', '=', ref.orderId)
    const row = await (lock ? query.forUpdate('c') : query).executeTakeFirst()
    return (
      row && {
        ...row,
        target: { orderId: row.id } as FieldCase,
        ids: { orderId: row.id, rdnCaseId: null },
        caseKey: `order:${row.id}`,
        href: `/order/${row.id}`,
      }
    )
  }
  const query = db
    .selectFrom('rdn_cases as c')
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .select([
      'c.id',
      'c.case_id',
      'c.status',
      stopped,
      sql<string | null>`null`.as('agentProfileId'),
      'c.assigned_agent_id as rdnAgentId',
      'c.detected_market as market',
      photoRequired,
      sql<string>`coalesce(c.case_number, c.case_id::text)`.as('label'),
    ])
    .where('c.company_id', '=', companyId)
    .where((eb) => ('caseId' in ref ? eb('c.case_id', '=', ref.caseId) : eb('c.id', '=', ref.rdnCaseId)))
  const row = await (lock ? query.forUpdate('c') : query).executeTakeFirst()
  return (
    row && {
      ...row,
      target: { rdnCaseId: row.id } as FieldCase,
      ids: { orderId: null, rdnCaseId: row.id },
      caseKey: `rdn:${row.id}`,
      href: `/cases/${row.case_id}`,
    }
  )
}
export type ActCase = NonNullable<Awaited<ReturnType<typeof lockActCase>>>

/** The column of a per-case table (by its alias) that names the case, and its value. */
const caseColumn = (alias: string, target: FieldCase) =>
  'orderId' in target
    ? { column: sql.ref(`${alias}.order_id`), id: target.orderId }
    : { column: sql.ref(`${alias}.rdn_case_id`), id: target.rdnCaseId }

const caseColumns = (target: FieldCase) =>
  'orderId' in target
    ? { order_id: target.orderId, rdn_case_id: null }
    : { order_id: null, rdn_case_id: target.rdnCaseId }

/** The case's first On-Hook (not a correction), when one is recorded. */
export function findOnHook(db: Db, companyId: string, target: FieldCase) {
  const { column, id } = caseColumn('a', target)
  return db
    .selectFrom('recovery_acts as a')
    .select(['a.id', 'a.recorded_at'])
    .where('a.company_id', '=', companyId)
    .where(column, '=', id)
    .where('a.kind', '=', 'on_hook')
    .where('a.corrects_id', 'is', null)
    .executeTakeFirst()
}

export type ActValues = {
  kind: 'on_hook' | 'yield'
  recordedBy: string
  deviceTime?: string
  latitude?: number
  longitude?: number
  accuracyM?: number
  photoFileId?: string
  address?: string
  yieldReason?: string
  note?: string
  correctsId?: string
  correctionReason?: string
}

/** Records an act; its moment is the database's now(). */
export function insertRecoveryAct(db: Db, companyId: string, target: FieldCase, act: ActValues) {
  return db
    .insertInto('recovery_acts')
    .values({
      company_id: companyId,
      ...caseColumns(target),
      kind: act.kind,
      recorded_by_profile_id: act.recordedBy,
      device_time: act.deviceTime ?? null,
      latitude: act.latitude ?? null,
      longitude: act.longitude ?? null,
      accuracy_m: act.accuracyM ?? null,
      photo_file_id: act.photoFileId ?? null,
      address: act.address ?? null,
      yield_reason: act.yieldReason ?? null,
      note: act.note ?? null,
      corrects_id: act.correctsId ?? null,
      correction_reason: act.correctionReason ?? null,
    })
    .returning(['id', 'recorded_at'])
    .executeTakeFirstOrThrow()
}

/**
 * Moves the case to Repossessed at the On-Hook's moment (migration 039's trigger writes the old day
 * and clock columns; migration 063's refuses it on a stopped case), with the recovery address given.
 */
export async function markRepossessed(db: Db, target: FieldCase, moment: Date, address: string | undefined) {
  const now = sql<Date>`date_trunc('milliseconds', now())`
  if ('orderId' in target) {
    await db
      .updateTable('orders')
      .set({
        status: 'Repossessed',
        repossessed_at: moment,
        updated_at: now,
        ...(address ? { recovery_location: address } : {}),
      })
      .where('id', '=', target.orderId)
      .execute()
    return
  }
  await db
    .updateTable('rdn_cases')
    .set({
      status: 'Repossessed',
      time_marked_repossessed: moment,
      updated_at: now,
      ...(address ? { recovery_address: address } : {}),
    })
    .where('id', '=', target.rdnCaseId)
    .execute()
}

/** One act of the company, with its case, for a correction. */
export function findRecoveryAct(db: Db, companyId: string, actId: string) {
  return db
    .selectFrom('recovery_acts')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', '=', actId)
    .executeTakeFirst()
}

/** The case's acts, oldest first, with who recorded each. */
export function listRecoveryActs(db: Db, companyId: string, target: FieldCase) {
  const { column, id } = caseColumn('a', target)
  return db
    .selectFrom('recovery_acts as a')
    .leftJoin('profiles as p', 'p.id', 'a.recorded_by_profile_id')
    .select([
      'a.id',
      'a.kind',
      'a.recorded_at',
      'a.device_time',
      'a.latitude',
      'a.longitude',
      'a.accuracy_m',
      'a.photo_file_id',
      'a.address',
      'a.yield_reason',
      'a.note',
      'a.corrects_id',
      'a.correction_reason',
      sql<string | null>`coalesce(nullif(trim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email)`.as(
        'recorded_by',
      ),
    ])
    .where('a.company_id', '=', companyId)
    .where(column, '=', id)
    .orderBy('a.recorded_at')
    .orderBy('a.id')
    .execute()
}

/** The case's holds, newest first, with who placed each. */
export function listCaseHolds(db: Db, companyId: string, target: FieldCase) {
  const { column, id } = caseColumn('h', target)
  return db
    .selectFrom('case_holds as h')
    .leftJoin('profiles as p', 'p.id', 'h.placed_by_profile_id')
    .select([
      'h.id',
      'h.status',
      'h.reason',
      'h.source',
      'h.placed_at',
      'h.lifted_at',
      'h.arrived_after_recovery',
      sql<string | null>`nullif(trim(concat_ws(' ', p.first_name, p.last_name)), '')`.as('placed_by'),
    ])
    .where('h.company_id', '=', companyId)
    .where(column, '=', id)
    .orderBy('h.placed_at', 'desc')
    .limit(50)
    .execute()
}

/** The active field managers of a market, to tell of a recovery. */
export function findMarketFieldManagers(db: Db, companyId: string, market: string | null) {
  if (!market) return Promise.resolve([])
  return db
    .selectFrom('profiles as p')
    .select('p.id')
    .where('p.company_id', '=', companyId)
    .where('p.role', '=', 'field_manager')
    .where('p.active', '=', true)
    .where(sql<boolean>`${market} = any (select trim(m) from regexp_split_to_table(coalesce(p.market, ''), '[,;]') m)`)
    .execute()
}
