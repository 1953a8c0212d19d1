import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../../db/schema'
import type { FieldCase } from '../../queries/field-stop'

type Db = Kysely<DB> | Transaction<DB>

/** A path's case: an order by id, an RDN case by its number. */
export type CaseRef = { orderId: string } | { caseId: number }

const stopped = sql<boolean>`field_work_stopped(c.status)`.as('stopped')

/**
 * The case an On-Hook or Yield is recorded on, its row locked to the end of the transaction (unless
 * only read): its
 * status, whether it stops field work, its agent (a profile id for an order; the RDN agent id of an
 * RDN case), market, recovery address, and whether its client wants a photo with every On-Hook.
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
        sql<boolean>`coalesce(cl.on_hook_photo_required, false)`.as('photoRequired'),
        sql<string>`coalesce(c.case_number, c.order_number)`.as('label'),
      ])
      .where('c.company_id', '=', companyId)
      .where('c.id', '=', ref.orderId)
    const row = await (lock ? query.forUpdate('c') : query).executeTakeFirst()
    return row && { ...row, target: { orderId: row.id } as FieldCase, caseKey: `order:${row.id}` }
  }
  const query = db
    .selectFrom('rdn_cases as c')
    .leftJoin('clients as cl', 'cl.id', 'c.client_id')
    .select([
      'c.id',
      'c.status',
      stopped,
      sql<string | null>`null`.as('agentProfileId'),
      'c.assigned_agent_id as rdnAgentId',
      'c.detected_market as market',
      sql<boolean>`coalesce(cl.on_hook_photo_required, false)`.as('photoRequired'),
      sql<string>`coalesce(c.case_number, c.case_id::text)`.as('label'),
    ])
    .where('c.company_id', '=', companyId)
    .where('c.case_id', '=', ref.caseId)
  const row = await (lock ? query.forUpdate('c') : query).executeTakeFirst()
  return row && { ...row, target: { rdnCaseId: row.id } as FieldCase, caseKey: `rdn:${row.id}` }
}
export type ActCase = NonNullable<Awaited<ReturnType<typeof lockActCase>>>

const caseColumns = (target: FieldCase) =>
  'orderId' in target
    ? { order_id: target.orderId, rdn_case_id: null }
    : { order_id: null, rdn_case_id: target.rdnCaseId }

/** The case's first On-Hook (not a correction), when one is recorded. */
export function findOnHook(db: Db, companyId: string, target: FieldCase) {
  const query = db
    .selectFrom('recovery_acts')
    .select(['id', 'recorded_at'])
    .where('company_id', '=', companyId)
    .where('kind', '=', 'on_hook')
    .where('corrects_id', 'is', null)
  return (
    'orderId' in target
      ? query.where('order_id', '=', target.orderId)
      : query.where('rdn_case_id', '=', target.rdnCaseId)
  ).executeTakeFirst()
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
  const query = db
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
    .orderBy('a.recorded_at')
    .orderBy('a.id')
  return (
    'orderId' in target
      ? query.where('a.order_id', '=', target.orderId)
      : query.where('a.rdn_case_id', '=', target.rdnCaseId)
  ).execute()
}

/** The case's holds, newest first, with who placed each. */
export function listCaseHolds(db: Db, companyId: string, target: FieldCase) {
  const query = db
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
    .orderBy('h.placed_at', 'desc')
    .limit(50)
  return (
    'orderId' in target
      ? query.where('h.order_id', '=', target.orderId)
      : query.where('h.rdn_case_id', '=', target.rdnCaseId)
  ).execute()
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
