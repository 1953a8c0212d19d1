import { hasFieldAccess } from '../../../domain/auth/roles'
import { formatRepossessedAt, type RepossessionCorrection } from '../../../domain/cases/repossession'
import type { AppDeps, Viewer } from '../../app-env'
import { AppError, forbidden, notFound } from '../../http/app-error'
import { CASE_NOT_FOUND, type CaseTarget } from '../../queries/recovered-case'
import { recordAudit } from '../../records/audit'
import { writeCaseEvent } from '../../records/case-event'
import { setChangeActor } from '../../records/change-actor'
import { findCaseMoment, moveDraftStorageStart, writeCaseMoment } from './repository'

export const CORRECTION_FORBIDDEN =
  'Only administrators, managers and field managers may set or correct when a vehicle was repossessed.'

/** Who may set or correct the moment: whoever may move an order to Repossessed (field access). */
export function checkMayCorrect(viewer: Viewer) {
  if (!hasFieldAccess(viewer.role)) throw forbidden(CORRECTION_FORBIDDEN)
}

/**
 * Sets or corrects when a repossessed case's vehicle was repossessed (issue 41), with the reason:
 * the moment changes once (the old day and clock columns follow it, and its draft invoices' storage
 * start), the case's timeline says
 * from what to what and why, and the audit log keeps the same.
 */
export async function correctRepossession(
  { db }: AppDeps,
  viewer: Viewer,
  target: CaseTarget,
  input: RepossessionCorrection,
  ip: string,
) {
  checkMayCorrect(viewer)
  return db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: viewer.profileId, source: 'person' })
    const found = await findCaseMoment(trx, viewer.companyId, target)
    if (!found) throw notFound(CASE_NOT_FOUND)
    if (found.status !== 'Repossessed' && found.moment === null) {
      throw new AppError('conflict', 'This case is not repossessed: move it to Repossessed first.')
    }
    const moment = new Date(input.repossessedAt)
    if (found.moment?.getTime() === moment.getTime()) return { repossessedAt: moment.toISOString() }
    await writeCaseMoment(trx, found, moment.toISOString())
    await moveDraftStorageStart(trx, viewer.companyId, found.caseKey, moment.toISOString())
    const from = formatRepossessedAt(found.moment)
    const to = formatRepossessedAt(moment)
    await writeCaseEvent(
      trx,
      viewer.companyId,
      found,
      'repossession',
      `${to} (was ${from}): ${input.reason}`,
      viewer.profileId,
    )
    await recordAudit(trx, {
      action: 'case.repossession_corrected',
      companyId: viewer.companyId,
      actorUserId: viewer.userId,
      target: found.caseKey,
      detail: {
        from: found.moment?.toISOString() ?? null,
        to: moment.toISOString(),
        reason: input.reason,
        impersonatedBy: viewer.impersonatorUserId ?? undefined,
      },
      ip,
    })
    return { repossessedAt: moment.toISOString() }
  })
}
