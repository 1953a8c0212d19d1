import type { Kysely } from 'kysely'
import { hasFieldAccess, hasManagementAccess } from '../../../domain/auth/roles'
import { formatWallClock } from '../../../domain/formats/dates'
import { nearestPlaceText } from '../../../domain/holds/evidence'
import {
  type OnHookInput,
  type RecoveryActCorrection,
  YIELD_REASONS,
  type YieldInput,
  type YieldReason,
} from '../../../domain/holds/on-hook'
import type { AppDeps, Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error'
import { placedCaseAddresses } from '../../queries/case-places'
import { checkEvidencePhoto } from '../../queries/evidence-photo'
import { isCaseStoppedError, stoppedCaseError } from '../../queries/field-stop'
import { CASE_NOT_FOUND } from '../../queries/recovered-case'
import { viewerMarkets, viewerRdnIds } from '../../queries/viewer-scope'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { setChangeActor } from '../../records/change-actor'
import { insertNotifications } from '../../records/notify'
import {
  type ActCase,
  type ActValues,
  type CaseRef,
  findMarketFieldManagers,
  findOnHook,
  findRecoveryAct,
  insertRecoveryAct,
  listCaseHolds,
  listRecoveryActs,
  lockActCase,
  markRepossessed,
} from './repository'

export const ON_HOOK_FORBIDDEN =
  'Only the assigned recovery agent, field managers, managers and administrators may record an On-Hook or a Yield.'
export const PHOTO_REQUIRED = 'This client wants a photo with every On-Hook (Yes with photo): add one.'
export const ACT_NOT_FOUND = 'The requested On-Hook or Yield could not be found.'

/**
 * Whether the viewer may record field acts on the case: management, a field manager of its market,
 * its agent. Read on `db`, the caller's transaction when it has one (PGlite's one connection is the
 * transaction's: a read beside it waits for ever).
 */
async function mayRecord(db: Kysely<DB>, viewer: Viewer, found: ActCase) {
  if (hasManagementAccess(viewer.role)) return true
  if (viewer.role === 'field_manager') {
    const markets = await viewerMarkets(db, viewer)
    return markets === null || (found.market !== null && markets.includes(found.market))
  }
  if (viewer.role !== 'recovery_agent') return false
  if (found.agentProfileId) return found.agentProfileId === viewer.profileId
  return found.rdnAgentId !== null && (await viewerRdnIds(db, viewer)).includes(found.rdnAgentId)
}

/** The role check before any input is read: only these roles may ever record one. */
export function checkMayRecordActs(viewer: Viewer) {
  if (!hasFieldAccess(viewer.role) && viewer.role !== 'recovery_agent') throw forbidden(ON_HOOK_FORBIDDEN)
}

const evidenceOf = (input: OnHookInput | YieldInput) => ({
  deviceTime: input.deviceTime,
  latitude: input.latitude,
  longitude: input.longitude,
  accuracyM: input.accuracyM,
  photoFileId: input.photoFileId,
})

/** 'with GPS (±12 m), with a photo' for the timeline. */
function evidenceText(act: Pick<ActValues, 'latitude' | 'accuracyM' | 'photoFileId'>) {
  const parts = []
  if (act.latitude !== undefined) {
    parts.push(act.accuracyM !== undefined ? `GPS ±${Math.round(act.accuracyM)} m` : 'GPS')
  }
  if (act.photoFileId) parts.push('a photo')
  return parts.length ? ` with ${parts.join(' and ')}` : ''
}

type RecordedBy = { source: 'person' | 'dashboard' }

/**
 * On-Hook (issue 44): the vehicle is on the truck. Refused (409) on a stopped case or one already
 * on the hook; recorded at the server's moment with what the device adds; the case moves to
 * Repossessed at that moment (storage and the draft invoice start from it), its timeline and the
 * audit log say so, and the field managers of its market are told.
 */
export async function recordOnHook(
  deps: AppDeps,
  viewer: Viewer,
  ref: CaseRef,
  input: OnHookInput,
  ip: string | null,
  { source }: RecordedBy = { source: 'person' },
) {
  checkMayRecordActs(viewer)
  await checkEvidencePhoto(deps.db, viewer.companyId, input.photoFileId, 'photoFileId')
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: viewer.profileId, source })
      const found = await lockActCase(trx, viewer.companyId, ref)
      if (!found || !(await mayRecord(trx, viewer, found))) throw notFound(CASE_NOT_FOUND)
      if (found.stopped) throw await stoppedCaseError(trx, viewer.companyId, found.target, found.status ?? '')
      const earlier = await findOnHook(trx, viewer.companyId, found.target)
      if (earlier || found.status === 'Repossessed') {
        const when = earlier ? ` at ${formatWallClock(earlier.recorded_at)}` : ''
        throw new AppError('conflict', `This case is already on the hook${when}: correct it with a reason instead.`)
      }
      if (found.photoRequired && !input.photoFileId) throw badRequest(PHOTO_REQUIRED, 'photoFileId')
      const act = {
        kind: 'on_hook' as const,
        recordedBy: viewer.profileId,
        ...evidenceOf(input),
        address: input.address,
        note: input.note,
      }
      const recorded = await insertRecoveryAct(trx, viewer.companyId, found.target, act)
      await markRepossessed(trx, found.target, recorded.recorded_at, input.address)
      const ids = caseIds(found)
      await writeCaseEvent(
        trx,
        viewer.companyId,
        ids,
        'on_hook',
        `On-Hook at ${formatWallClock(recorded.recorded_at)}${evidenceText(act)}${input.address ? `, ${input.address}` : ''}`,
        viewer.profileId,
      )
      const managers = await findMarketFieldManagers(trx, viewer.companyId, found.market)
      await insertNotifications(
        trx,
        managers
          .filter((manager) => manager.id !== viewer.profileId)
          .map((manager) => ({
            company_id: viewer.companyId,
            profile_id: manager.id,
            kind: 'on_hook',
            order_id: ids.orderId,
            rdn_case_id: ids.rdnCaseId,
            href: caseHref(found, ref),
            message: `On-Hook: ${found.label} was recovered at ${formatWallClock(recorded.recorded_at)}.`,
            dedupe_key: `on_hook:${recorded.id}`,
          })),
      )
      await recordAudit(trx, {
        action: 'case.on_hook',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: found.caseKey,
        detail: {
          actId: recorded.id,
          latitude: input.latitude,
          longitude: input.longitude,
          photoFileId: input.photoFileId,
          impersonatedBy: viewer.impersonatorUserId ?? undefined,
        },
        ip,
      })
      return { id: recorded.id, recordedAt: recorded.recorded_at.toISOString() }
    })
  } catch (error) {
    if (!isCaseStoppedError(error)) throw error
    // The lock orders a hold against this act, so only another path's write can meet the trigger's
    // refusal here: answered the same way.
    const found = await lockActCase(deps.db, viewer.companyId, ref, { lock: false })
    throw found
      ? await stoppedCaseError(deps.db, viewer.companyId, found.target, found.status ?? '')
      : notFound(CASE_NOT_FOUND)
  }
}

const caseIds = (found: ActCase) =>
  'orderId' in found.target
    ? { orderId: found.target.orderId, rdnCaseId: null }
    : { orderId: null, rdnCaseId: found.target.rdnCaseId }

const caseHref = (found: ActCase, ref: CaseRef) => ('orderId' in ref ? `/order/${found.id}` : `/cases/${ref.caseId}`)

/** Yield (issue 44): an address gave nothing (new resident, vacant, ...), recorded as an On-Hook is. */
export async function recordYield(
  deps: AppDeps,
  viewer: Viewer,
  ref: CaseRef,
  input: YieldInput,
  ip: string | null,
  { source }: RecordedBy = { source: 'person' },
) {
  checkMayRecordActs(viewer)
  await checkEvidencePhoto(deps.db, viewer.companyId, input.photoFileId, 'photoFileId')
  return deps.db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source })
    const found = await lockActCase(trx, viewer.companyId, ref)
    if (!found || !(await mayRecord(trx, viewer, found))) throw notFound(CASE_NOT_FOUND)
    const act = {
      kind: 'yield' as const,
      recordedBy: viewer.profileId,
      ...evidenceOf(input),
      address: input.address,
      yieldReason: input.reason,
      note: input.note,
    }
    const recorded = await insertRecoveryAct(trx, viewer.companyId, found.target, act)
    await writeCaseEvent(
      trx,
      viewer.companyId,
      caseIds(found),
      'yield',
      `Yield at ${input.address}: ${YIELD_REASONS[input.reason as YieldReason]}${evidenceText(act)}${input.note ? ` (${input.note})` : ''}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'case.yield',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: found.caseKey,
      detail: { actId: recorded.id, reason: input.reason, impersonatedBy: viewer.impersonatorUserId ?? undefined },
      ip,
    })
    return { id: recorded.id, recordedAt: recorded.recorded_at.toISOString() }
  })
}

/** A correction of a recorded act: a new entry naming it, with the reason, on the timeline and the audit log. */
export async function correctRecoveryAct(
  deps: AppDeps,
  viewer: Viewer,
  actId: string,
  input: RecoveryActCorrection,
  ip: string | null,
) {
  checkMayRecordActs(viewer)
  return deps.db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
    const act = await findRecoveryAct(trx, viewer.companyId, actId)
    if (!act) throw notFound(ACT_NOT_FOUND)
    const ref: CaseRef = act.order_id
      ? { orderId: act.order_id }
      : { caseId: await rdnCaseNumber(trx, act.rdn_case_id) }
    const found = await lockActCase(trx, viewer.companyId, ref)
    if (!found || !(await mayRecord(trx, viewer, found))) throw notFound(ACT_NOT_FOUND)
    const recorded = await insertRecoveryAct(trx, viewer.companyId, found.target, {
      kind: act.kind,
      recordedBy: viewer.profileId,
      address: input.address ?? act.address ?? undefined,
      note: input.note ?? act.note ?? undefined,
      yieldReason: act.yield_reason ?? undefined,
      correctsId: act.id,
      correctionReason: input.reason,
    })
    const what = act.kind === 'on_hook' ? 'On-Hook' : 'Yield'
    await writeCaseEvent(
      trx,
      viewer.companyId,
      caseIds(found),
      act.kind,
      `${what} of ${formatWallClock(act.recorded_at)} corrected: ${input.reason}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'case.recovery_act_corrected',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: found.caseKey,
      detail: {
        actId: act.id,
        correctionId: recorded.id,
        reason: input.reason,
        impersonatedBy: viewer.impersonatorUserId ?? undefined,
      },
      ip,
    })
    return { id: recorded.id, recordedAt: recorded.recorded_at.toISOString() }
  })
}

async function rdnCaseNumber(db: Kysely<DB>, rdnCaseId: string | null) {
  const row = await db
    .selectFrom('rdn_cases')
    .select('case_id')
    .where('id', '=', rdnCaseId ?? '00000000-0000-0000-0000-000000000000')
    .executeTakeFirst()
  return Number(row?.case_id ?? -1)
}

/**
 * What a case page shows of its field acts and holds: the acts (with how far each was from the
 * case's nearest placed address), the holds, and the stop if stopped.
 */
export async function caseFieldRecord(deps: AppDeps, viewer: Viewer, ref: CaseRef) {
  const found = await lockActCase(deps.db, viewer.companyId, ref, { lock: false })
  if (!found) throw notFound(CASE_NOT_FOUND)
  const [acts, holds, stop, canRecord, places] = await Promise.all([
    listRecoveryActs(deps.db, viewer.companyId, found.target),
    listCaseHolds(deps.db, viewer.companyId, found.target),
    found.stopped ? stoppedCaseError(deps.db, viewer.companyId, found.target, found.status ?? '') : null,
    mayRecord(deps.db, viewer, found),
    placedCaseAddresses(deps.db, viewer.companyId, found.target),
  ])
  return {
    status: found.status,
    stopped: found.stopped,
    stopMessage: stop?.message ?? null,
    canRecord,
    photoRequired: found.photoRequired,
    acts: acts.map((act) => ({
      ...act,
      distance:
        act.latitude !== null && act.longitude !== null
          ? nearestPlaceText({ lat: act.latitude, lng: act.longitude }, places)
          : null,
    })),
    holds,
  }
}
