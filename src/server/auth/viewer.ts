import type { MiddlewareHandler } from 'hono'
import { canOpenScreen, normalizeRole, type Role, type Screen } from '../../domain/auth'
import type { AppDeps, AppEnv, Viewer } from '../app-env'
import { forbidden, unauthorized } from '../http/app-error'
import { recordAudit } from '../records/audit'
import { markAccessChecked } from './access-check'
import { createSessionLookup } from './session-lookup'

/**
 * Resolves the session cookie to a Viewer (or null) for every /api request. A deactivated
 * profile or banned account counts as signed out. When better-auth extends the session's life,
 * its refreshed cookie goes out with our response.
 */
export function viewerMiddleware({ auth, db }: AppDeps): MiddlewareHandler<AppEnv> {
  const lookUpSession = createSessionLookup({ auth, db })
  return async (c, next) => {
    const { session, profile, setCookies } = await lookUpSession(c.req.raw.headers)
    let viewer: Viewer | null = null
    if (session && !session.banned && profile) {
      const impersonatorUserId = session.impersonatedBy
      const allowed =
        profile.active &&
        (!impersonatorUserId || (await isActiveAdministrator(db, impersonatorUserId, profile.company_id)))
      if (allowed) {
        viewer = {
          userId: session.userId,
          email: session.email,
          profileId: profile.id,
          companyId: profile.company_id,
          role: normalizeRole(profile.role),
          rawRole: profile.role,
          mustChangePassword: session.mustChangePassword,
          sessionId: session.sessionId,
          impersonatorUserId,
        }
      }
    }
    c.set('viewer', viewer)
    await next()
    for (const cookie of setCookies) c.res.headers.append('set-cookie', cookie)
  }
}

/**
 * A 'view as' session lasts only while the administrator who opened it still is one, active, at
 * the same company: their sessions (and so this one) are also ended when that changes, and this
 * check holds even on a path that forgets to.
 */
async function isActiveAdministrator(db: AppDeps['db'], userId: string, companyId: string) {
  const impersonator = await db
    .selectFrom('profiles')
    .innerJoin('auth_user', 'auth_user.id', 'profiles.user_id')
    .select(['profiles.role', 'profiles.active', 'profiles.company_id', 'auth_user.banned'])
    .where('profiles.user_id', '=', userId)
    .executeTakeFirst()
  return Boolean(
    impersonator?.active &&
      !impersonator.banned &&
      impersonator.role === 'admin' &&
      impersonator.company_id === companyId,
  )
}

/** The signed-in viewer, or 401. Until a forced new password is set, only `allowPasswordReset` routes answer. */
export function requireViewer(
  c: { get: (key: 'viewer') => Viewer | null },
  options: { allowPasswordReset?: boolean } = {},
): Viewer {
  const viewer = c.get('viewer')
  if (!viewer) throw unauthorized()
  if (viewer.mustChangePassword && !options.allowPasswordReset) {
    throw forbidden('You must set a new password before continuing.')
  }
  return viewer
}

/** Route guard: any signed-in person (for the calls every role makes: detail pages, decode, geocode). */
export const requireSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireViewer(c)
  markAccessChecked(c)
  await next()
}

/**
 * Route guard: the viewer's role must be allowed the screen, or one of the screens, that the call
 * serves (SPEC.md section 6); refusals are audited.
 */
export function requireScreen(db: AppDeps['db'], screen: Screen | readonly Screen[]): MiddlewareHandler<AppEnv> {
  const screens: readonly Screen[] = typeof screen === 'string' ? [screen] : screen
  return refuseUnless(db, (viewer) => screens.some((allowed) => canOpenScreen(viewer.role, allowed)), { screen })
}

/** Route guard for the calls only some roles make (API keys: administrators), before any input is read. */
export function requireRole(db: AppDeps['db'], roles: readonly Role[], message?: string): MiddlewareHandler<AppEnv> {
  return refuseUnless(db, (viewer) => roles.includes(viewer.role), { roles }, message)
}

function refuseUnless(
  db: AppDeps['db'],
  allowed: (viewer: Viewer) => boolean,
  detail: Record<string, unknown>,
  message?: string,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const viewer = requireViewer(c)
    if (!allowed(viewer)) {
      await recordAudit(db, {
        action: 'request.refused',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `${c.req.method} ${c.req.path}`,
        detail: { ...detail, role: viewer.rawRole },
        ip: c.get('clientIp'),
      })
      throw forbidden(message)
    }
    markAccessChecked(c)
    await next()
  }
}
