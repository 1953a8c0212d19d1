import { nearestPlaceText } from '../../../domain/holds/evidence'
import type { AppDeps, Viewer } from '../../app-env'
import { notFound } from '../../http/app-error'
import { placedCaseAddresses } from '../../queries/case-places'
import { stoppedCaseError } from '../../queries/field-stop'
import { CASE_NOT_FOUND } from '../../queries/recovered-case'
import { mayRecordOn } from './act-access'
import { type CaseRef, listCaseHolds, listRecoveryActs, lockActCase } from './repository'

/**
 * What a case page shows of its field acts and holds (issue 44): the acts (with how far each was
 * from the case's nearest placed address), the holds, the stop if stopped, and whether the viewer
 * may record.
 */
export async function caseFieldRecord(deps: AppDeps, viewer: Viewer, ref: CaseRef) {
  const found = await lockActCase(deps.db, viewer.companyId, ref, { lock: false })
  if (!found) throw notFound(CASE_NOT_FOUND)
  const [acts, holds, stop, canRecord, places] = await Promise.all([
    listRecoveryActs(deps.db, viewer.companyId, found.target),
    listCaseHolds(deps.db, viewer.companyId, found.target),
    found.stopped ? stoppedCaseError(deps.db, viewer.companyId, found.target, found.status ?? '') : null,
    mayRecordOn(deps.db, viewer, found),
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
