import type { AppDeps, Viewer } from '../../app-env'
import { AppError, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'
import { insertSubStatus, isCodeTaken, selectSubStatuses, updateSubStatus } from './repository'

export async function listSubStatuses({ db }: AppDeps, viewer: Viewer) {
  const rows = await selectSubStatuses(db, viewer.companyId)
  return rows.map((row) => ({ ...row, order_count: Number(row.order_count ?? 0) }))
}

/** A new sub-status; its code (already upper case) must be the company's only one. */
export async function createSubStatus(
  { db }: AppDeps,
  viewer: Viewer,
  input: { code: string; description: string; active?: boolean },
  ip: string,
) {
  if (await isCodeTaken(db, viewer.companyId, input.code))
    throw new AppError('conflict', `The code ${input.code} is already used.`, 'code')
  const created = await insertSubStatus(db, {
    company_id: viewer.companyId,
    code: input.code,
    description: input.description,
    active: input.active ?? true,
  })
  await recordAudit(db, {
    action: 'sub_status.created',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `sub_status:${created.code}`,
    ip,
  })
  return created
}

/** Changes a sub-status's description or active flag (its code is fixed once created). */
export async function changeSubStatus(
  { db }: AppDeps,
  viewer: Viewer,
  id: string,
  input: { description?: string; active?: boolean },
  ip: string,
) {
  const updated = await updateSubStatus(db, viewer.companyId, id, {
    ...(input.description === undefined ? {} : { description: input.description }),
    ...(input.active === undefined ? {} : { active: input.active }),
  })
  if (!updated) throw notFound('No such sub-status.')
  await recordAudit(db, {
    action: 'sub_status.updated',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: `sub_status:${updated.code}`,
    ip,
  })
  return updated
}
