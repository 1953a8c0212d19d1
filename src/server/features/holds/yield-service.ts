import { YIELD_REASONS, type YieldInput } from '../../../domain/holds/on-hook'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { checkEvidencePhoto } from '../../queries/evidence-photo'
import { CASE_NOT_FOUND } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { setChangeActor } from '../../records/change-actor'
import { checkMayRecordActs, evidenceText, mayRecordOn } from './act-access'
import { type CaseRef, insertRecoveryAct, lockActCase } from './repository'

/** Yield (issue 44): an address gave nothing (new resident, vacant, ...), recorded as an On-Hook is; the case stays open. */
export async function recordYield(deps: AppDeps, viewer: Viewer, ref: CaseRef, input: YieldInput, ip: string | null) {
  checkMayRecordActs(viewer)
  await checkEvidencePhoto(deps.db, viewer.companyId, input.photoFileId, 'photoFileId')
  return deps.db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
    const found = await lockActCase(trx, viewer.companyId, ref)
    if (!found || !(await mayRecordOn(trx, viewer, found))) throw notFound(CASE_NOT_FOUND)
    const { reason, address, note, ...evidence } = input
    const act = {
      kind: 'yield' as const,
      recordedBy: viewer.profileId,
      ...evidence,
      address,
      yieldReason: reason,
      note,
    }
    const recorded = await insertRecoveryAct(trx, viewer.companyId, found.target, act)
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found.ids,
      'yield',
      `Yield at ${address}: ${YIELD_REASONS[reason]}${evidenceText(act)}${note ? ` (${note})` : ''}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'case.yield',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: found.caseKey,
      detail: { actId: recorded.id, reason, impersonatedBy: viewer.impersonatorUserId ?? undefined },
      ip,
    })
    return { id: recorded.id, recordedAt: recorded.recorded_at.toISOString() }
  })
}
