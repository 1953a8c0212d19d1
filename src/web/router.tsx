import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { screenForPath } from '../domain/auth/screens'
import { DASHBOARD_CHILDREN, type DashboardChild } from './app/dashboard-children'
import { lazyComponent, lazyPage } from './app/lazy-page'
import { NotFoundPage } from './app/screens/not-found-page'
import { PlaceholderScreen } from './app/screens/placeholder-screen'
import { caseDetailPath } from './features/cases/case-path'
import { forgetEarly, requestEarly } from './lib/early-requests'

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
const dashboardLayout = () => import('./app/layouts/dashboard-layout')
const dashboardShell = lazyPage(async () => {
  void dashboardScreens()
  return (await dashboardLayout()).DashboardLayout
})
const signInPage = () => import('./features/auth/sign-in-page')
const orderDetailPage = () => import('./features/orders/order-detail-page')
const caseDetailPage = () => import('./features/cases/case-detail-page')
const signIn = lazyPage(async () => (await signInPage()).SignInPage)
const signature = lazyPage(async () => (await import('./features/signature/signature-page')).SignaturePage)
const resetPassword = lazyPage(async () => (await import('./features/auth/reset-password-page')).ResetPasswordPage)
const orderDetail = lazyPage(async () => (await orderDetailPage()).OrderDetailPage)
const caseDetail = lazyPage(async () => (await caseDetailPage()).CaseDetailPage)

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

/**
 * A cold load starts downloading every chunk its first page needs side by side, instead of each
 * after the one that renders it (session layer, then shell, then page): issue 21's Lighthouse goal.
 * The signature page needs none of them.
 */
export function preloadFirstPage(pathname: string) {
  const [, top, segment] = pathname.split('/')
  const pages = new Map<string, () => Promise<unknown>>([
    ['', signInPage],
    ['auth', signInPage],
    ['reset-password', async () => {}],
    [
      'dashboard',
      async () => {
        const child = DASHBOARD_CHILDREN.find((name) => name === segment)
        await Promise.all([dashboardLayout(), child && (await dashboardScreens()).SCREEN_PAGES[child]()])
      },
    ],
    ['cases', caseDetailPage],
    ['order', orderDetailPage],
  ])
  const page = pages.get(top)
  if (!page) return
  requestEarly('/api/me')
  if (top === 'cases' && segment) requestEarly(caseDetailPath(segment))
  // A failed download is reported by the page's own load, which tries again.
  for (const load of [sessionLayer, page]) load().catch(() => {})
}

export function createRouter() {
  preloadFirstPage(window.location.pathname)
  const router = createBrowserRouter(routes)
  const opened = router.state.location.key
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key === opened) return
    forgetEarly()
    unsubscribe()
  })
  return router
}
