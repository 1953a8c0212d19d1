import { formatWallClock } from '../../../domain/formats/dates'
import type { RecoveryActCorrection } from '../../../domain/holds/on-hook'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { setChangeActor } from '../../records/change-actor'
import { checkMayRecordActs, mayRecordOn } from './act-access'
import { findRecoveryAct, insertRecoveryAct, lockActCase } from './repository'

export const ACT_NOT_FOUND = 'The requested On-Hook or Yield could not be found.'

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
    const ref = act.order_id ? { orderId: act.order_id } : { rdnCaseId: act.rdn_case_id ?? '' }
    const found = await lockActCase(trx, viewer.companyId, ref)
    if (!found || !(await mayRecordOn(trx, viewer, found))) throw notFound(ACT_NOT_FOUND)
    const recorded = await insertRecoveryAct(trx, viewer.companyId, found.target, {
      kind: act.kind,
      recordedBy: viewer.profileId,
      address: input.address ?? act.address ?? undefined,
      note: input.note ?? act.note ?? undefined,
      yieldReason: act.yield_reason ?? undefined,
      correctsId: act.id,
      correctionReason: input.reason,
    })
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found.ids,
      act.kind,
      `${act.kind === 'on_hook' ? 'On-Hook' : 'Yield'} of ${formatWallClock(act.recorded_at)} corrected: ${input.reason}`,
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
