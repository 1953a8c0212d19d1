import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { screenForPath } from '../domain/auth/screens'
import { DASHBOARD_CHILDREN, type DashboardChild } from './app/dashboard-children'
import { lazyComponent, lazyPage } from './app/lazy-page'
import { NotFoundPage } from './app/screens/not-found-page'
import { PlaceholderScreen } from './app/screens/placeholder-screen'

// The query cache and the session guards load with the first page that reads the API (one chunk,
// fetched once): the public signature page goes without them (issue 21).
const sessionLayer = () => import('./app/session-layer')
const withQueries = lazyPage(async () => (await sessionLayer()).QueryLayout)
const requireSession = lazyPage(async () => (await sessionLayer()).RequireSession)
const redirectSignedIn = lazyPage(async () => (await sessionLayer()).RedirectSignedIn)
const dashboardIndex = lazyPage(async () => (await sessionLayer()).DashboardIndexRedirect)
const ScreenGate = lazy(async () => ({ default: (await sessionLayer()).ScreenGate }))

// The shell (sidebar, header, search, bell, menus) loads once signed in, not with the sign-in page,
// and with it (at once, not after it) the table of the screens' pages.
const dashboardScreens = () => import('./app/dashboard-screens')
const dashboardShell = lazyPage(async () => {
  void dashboardScreens()
  return (await import('./app/layouts/dashboard-layout')).DashboardLayout
})
const signIn = lazyPage(async () => (await import('./features/auth/sign-in-page')).SignInPage)
const signature = lazyPage(async () => (await import('./features/signature/signature-page')).SignaturePage)
const resetPassword = lazyPage(async () => (await import('./features/auth/reset-password-page')).ResetPasswordPage)
const orderDetail = lazyPage(async () => (await import('./features/orders/order-detail-page')).OrderDetailPage)
const caseDetail = lazyPage(async () => (await import('./features/cases/case-detail-page')).CaseDetailPage)

/**
 * Each /dashboard child is gated by its screen permission (SPEC.md section 6); its title shows in
 * the shell while the gate's and the page's code load.
 */
function dashboardChild(segment: DashboardChild): RouteObject {
  const screen = screenForPath(segment)
  if (!screen) throw new Error(`No screen lives at /dashboard/${segment}`)
  const Page = lazyComponent(async () => (await dashboardScreens()).SCREEN_PAGES[segment]())
  const element = (
    <Suspense fallback={<PlaceholderScreen title={screen} />}>
      <ScreenGate screen={screen}>
        <Page />
      </ScreenGate>
    </Suspense>
  )
  return { path: segment, element }
}

/** SPEC.md section 2's route table. No errorElement: the router's default is the spec's error screen. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/auth" replace /> },
  { path: '/signature', element: signature },
  { path: '/signature/:token', element: signature },
  {
    element: withQueries,
    children: [
      { element: redirectSignedIn, children: [{ path: '/auth', element: signIn }] },
      { path: '/reset-password', element: resetPassword },
      {
        element: requireSession,
        children: [
          {
            path: '/dashboard',
            element: dashboardShell,
            children: [{ index: true, element: dashboardIndex }, ...DASHBOARD_CHILDREN.map(dashboardChild)],
          },
          { path: '/order', element: orderDetail },
          { path: '/order/:id', element: orderDetail },
          { path: '/cases/:caseId', element: caseDetail },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
