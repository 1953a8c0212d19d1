import { formatWallClock } from '../../../domain/formats/dates'
import { ON_HOOK_PHOTO_REQUIRED, type OnHookInput } from '../../../domain/holds/on-hook'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, badRequest, notFound } from '../../http/app-error'
import { checkEvidencePhoto } from '../../queries/evidence-photo'
import { stoppedCaseError } from '../../queries/field-stop'
import { CASE_NOT_FOUND } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { setChangeActor } from '../../records/change-actor'
import { insertNotifications } from '../../records/notify'
import { checkMayRecordActs, evidenceText, mayRecordOn } from './act-access'
import {
  type CaseRef,
  findMarketFieldManagers,
  findOnHook,
  insertRecoveryAct,
  lockActCase,
  markRepossessed,
} from './repository'

/**
 * On-Hook (issue 44): the vehicle is on the truck. Refused (409) on a stopped case or one already
 * on the hook; recorded at the server's moment with what the device adds; the case moves to
 * Repossessed at that moment (storage and the draft invoice start from it), its timeline and the
 * audit log say so, and the field managers of its market are told. The case's row lock orders it
 * against a hold arriving at the same moment (migration 063's trigger refuses any other writer).
 */
export async function recordOnHook(deps: AppDeps, viewer: Viewer, ref: CaseRef, input: OnHookInput, ip: string | null) {
  checkMayRecordActs(viewer)
  await checkEvidencePhoto(deps.db, viewer.companyId, input.photoFileId, 'photoFileId')
  return deps.db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
    const found = await lockActCase(trx, viewer.companyId, ref)
    if (!found || !(await mayRecordOn(trx, viewer, found))) throw notFound(CASE_NOT_FOUND)
    if (found.stopped) throw await stoppedCaseError(trx, viewer.companyId, found.target, found.status ?? '')
    const earlier = await findOnHook(trx, viewer.companyId, found.target)
    if (earlier || found.status === 'Repossessed') {
      const when = earlier ? ` at ${formatWallClock(earlier.recorded_at)}` : ''
      throw new AppError('conflict', `This case is already on the hook${when}: correct it with a reason instead.`)
    }
    if (found.photoRequired && !input.photoFileId) throw badRequest(ON_HOOK_PHOTO_REQUIRED, 'photoFileId')
    const { address, note, ...evidence } = input
    const act = { kind: 'on_hook' as const, recordedBy: viewer.profileId, ...evidence, address, note }
    const recorded = await insertRecoveryAct(trx, viewer.companyId, found.target, act)
    const when = formatWallClock(recorded.recorded_at)
    await markRepossessed(trx, found.target, recorded.recorded_at, address)
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found.ids,
      'on_hook',
      `On-Hook at ${when}${evidenceText(act)}${address ? `, ${address}` : ''}`,
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
          order_id: found.ids.orderId,
          rdn_case_id: found.ids.rdnCaseId,
          href: found.href,
          message: `On-Hook: ${found.label} was recovered at ${when}.`,
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
}
