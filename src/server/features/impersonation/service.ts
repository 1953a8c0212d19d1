import type { AppDeps, Viewer } from '../../app-env'
import { badRequest, forbidden, notFound } from '../../http/app-error'
import { recordAudit } from '../../records/audit'

export const VIEW_AS_ADMIN_ONLY = 'Only an administrator can view the product as someone else.'

/**
 * An administrator (the route's guard: VIEW_AS_ADMIN_ONLY) views the product as another active, non-administrator person of the same
 * company, for at most 30 minutes. Returns better-auth's response, whose cookies switch sessions.
 */
export async function startImpersonation(
  deps: AppDeps,
  viewer: Viewer,
  profileId: string,
  headers: Headers,
  ip: string,
) {
  if (viewer.impersonatorUserId) throw badRequest('Stop impersonating before viewing as someone else.')
  const target = await deps.db
    .selectFrom('profiles')
    .select(['user_id', 'role', 'active'])
    .where('company_id', '=', viewer.companyId)
    .where('id', '=', profileId)
    .executeTakeFirst()
  if (!target) throw notFound('User not found.')
  if (target.role === 'admin') throw forbidden('Administrators cannot be impersonated.')
  if (!target.active) throw badRequest('This account is deactivated.')
  const response = await deps.auth.api.impersonateUser({ body: { userId: target.user_id }, headers, asResponse: true })
  if (!response.ok) throw badRequest('The impersonation could not start. Sign in again and retry.')
  await recordAudit(deps.db, {
    action: 'user.impersonation_started',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    target: profileId,
    detail: { impersonatorUserId: viewer.userId, impersonatedUserId: target.user_id },
    ip,
  })
  return response
}

/** Ends the impersonation and returns to the administrator's own session. */
export async function stopImpersonation(deps: AppDeps, viewer: Viewer, headers: Headers, ip: string) {
  if (!viewer.impersonatorUserId) throw badRequest('You are not impersonating anyone.')
  const response = await deps.auth.api.stopImpersonating({ headers, asResponse: true })
  if (!response.ok) throw badRequest('The impersonation could not be ended. Sign out and sign in again.')
  await recordAudit(deps.db, {
    action: 'user.impersonation_stopped',
    companyId: viewer.companyId,
    actorUserId: viewer.impersonatorUserId,
    target: viewer.profileId,
    detail: { impersonatorUserId: viewer.impersonatorUserId, impersonatedUserId: viewer.userId },
    ip,
  })
  return response
}
