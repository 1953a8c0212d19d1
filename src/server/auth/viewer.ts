import type { MiddlewareHandler } from 'hono'
import { canOpenScreen, normalizeRole, type Screen } from '../../domain/auth'
import type { AppDeps, AppEnv, Viewer } from '../app-env'
import { forbidden, unauthorized } from '../lib/app-error'
import { recordAudit } from '../lib/audit'

/**
 * Resolves the session cookie to a Viewer (or null) for every /api request. A deactivated
 * profile or banned account counts as signed out. When better-auth extends the session's life,
 * its refreshed cookie goes out with our response.
 */
export function viewerMiddleware({ auth, db }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { headers: refreshed, response: session } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    })
    let viewer: Viewer | null = null
    const user = session?.user as
      | ({ banned?: boolean | null; mustChangePassword?: boolean | null } & object)
      | undefined
    if (session && !user?.banned) {
      const profile = await db
        .selectFrom('profiles')
        .select(['id', 'company_id', 'role', 'active'])
        .where('user_id', '=', session.user.id)
        .executeTakeFirst()
      if (profile?.active) {
        viewer = {
          userId: session.user.id,
          email: session.user.email,
          profileId: profile.id,
          companyId: profile.company_id,
          role: normalizeRole(profile.role),
          rawRole: profile.role,
          mustChangePassword: Boolean(user?.mustChangePassword),
          sessionId: session.session.id,
          impersonatorUserId: (session.session as { impersonatedBy?: string | null }).impersonatedBy ?? null,
        }
      }
    }
    c.set('viewer', viewer)
    await next()
    for (const cookie of refreshed.getSetCookie()) c.res.headers.append('set-cookie', cookie)
  }
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
  await next()
}

/**
 * Route guard: the viewer's role must be allowed the screen, or one of the screens, that the call
 * serves (SPEC.md section 6); refusals are audited.
 */
export function requireScreen(db: AppDeps['db'], screen: Screen | readonly Screen[]): MiddlewareHandler<AppEnv> {
  const screens: readonly Screen[] = typeof screen === 'string' ? [screen] : screen
  return async (c, next) => {
    const viewer = requireViewer(c)
    if (!screens.some((allowed) => canOpenScreen(viewer.role, allowed))) {
      await recordAudit(db, {
        action: 'request.refused',
        companyId: viewer.companyId,
        actorUserId: viewer.userId,
        target: `${c.req.method} ${c.req.path}`,
        detail: { screen, role: viewer.rawRole },
        ip: c.get('clientIp'),
      })
      throw forbidden()
    }
    await next()
  }
}
