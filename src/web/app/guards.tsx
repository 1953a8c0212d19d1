import { Navigate, Outlet, useLocation } from 'react-router'
import { useMe } from '../features/auth/session'
import { HoldNotices } from '../features/notifications/hold-notices'
import { AuthErrorScreen } from './screens/auth-error-screen'
import { LoadingScreen } from './screens/loading-screen'

/**
 * Signed-in routes (SPEC.md section 2): 'Loading...' while the session loads; a password-reset
 * session goes to /reset-password first; signed out goes to /auth.
 */
export function RequireSession() {
  const me = useMe()
  const location = useLocation()
  if (me.isPending) return <LoadingScreen />
  if (me.isError) return <AuthErrorScreen error={me.error} />
  if (me.data?.mustChangePassword) return <Navigate to="/reset-password" replace />
  if (!me.data) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />
  return (
    <>
      {/* A hold reaches every signed-in screen at once (issue 44), the shell's or a detail page's. */}
      <HoldNotices />
      <Outlet />
    </>
  )
}

/** The sign-in screen's guard: a signed-in user goes on to /dashboard. */
export function RedirectSignedIn() {
  const me = useMe()
  if (me.isPending) return <LoadingScreen />
  if (me.data?.mustChangePassword) return <Navigate to="/reset-password" replace />
  if (me.data) return <Navigate to="/dashboard" replace />
  return <Outlet />
}

/** /dashboard's index: the user's default screen (SPEC.md section 2's mapping). */
export function DashboardIndexRedirect() {
  const me = useMe()
  return <Navigate to={me.data?.defaultRoute ?? '/dashboard/recovery-agent'} replace />
}
