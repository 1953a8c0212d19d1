import { Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { screenForPath } from '../domain/auth/screens'
import { DASHBOARD_CHILDREN, type DashboardChild } from './app/dashboard-children'
import { type LazyComponent, lazyComponent, lazyPage } from './app/lazy-page'
import { NotFoundPage } from './app/screens/not-found-page'
import { PlaceholderScreen } from './app/screens/placeholder-screen'
import { caseDetailPath, casePagePath } from './features/cases/case-path'
import { forgetEarly, requestEarly } from './lib/early-requests'

// The query cache and the session guards load with the first page that reads the API (one chunk,
// fetched once): the public signature page goes without them (issue 21).
const sessionLayer = () => import('./app/session-layer')
const QueryLayout = lazyComponent(async () => (await sessionLayer()).QueryLayout)
const RequireSession = lazyComponent(async () => (await sessionLayer()).RequireSession)
const RedirectSignedIn = lazyComponent(async () => (await sessionLayer()).RedirectSignedIn)
const DashboardIndex = lazyComponent(async () => (await sessionLayer()).DashboardIndexRedirect)
const ScreenGate = lazyComponent(async () => (await sessionLayer()).ScreenGate)

// The shell (sidebar, header, search, bell, menus) loads once signed in, not with the sign-in page,
// and with it (at once, not after it) the table of the screens' pages.
const dashboardScreens = () => import('./app/dashboard-screens')
const DashboardShell = lazyComponent(async () => {
  void dashboardScreens()
  return (await import('./app/layouts/dashboard-layout')).DashboardLayout
})
const SignIn = lazyComponent(async () => (await import('./features/auth/sign-in-page')).SignInPage)
const Signature = lazyComponent(async () => (await import('./features/signature/signature-page')).SignaturePage)
const ResetPassword = lazyComponent(async () => (await import('./features/auth/reset-password-page')).ResetPasswordPage)
const OrderDetail = lazyComponent(async () => (await import('./features/orders/order-detail-page')).OrderDetailPage)
const CaseDetail = lazyComponent(async () => (await import('./features/cases/case-detail-page')).CaseDetailPage)
/** Each /dashboard screen's page as a lazy component, its code named by dashboard-screens' table. */
const screenPageComponents = new Map(
  DASHBOARD_CHILDREN.map((segment) => [
    segment,
    lazyComponent(async () => (await dashboardScreens()).SCREEN_PAGES[segment]()),
  ]),
)

/**
 * Each /dashboard child is gated by its screen permission (SPEC.md section 6); its title shows in
 * the shell while the gate's and the page's code load.
 */
function dashboardChild(segment: DashboardChild): RouteObject {
  const screen = screenForPath(segment)
  const Page = screenPageComponents.get(segment)
  if (!screen || !Page) throw new Error(`No screen lives at /dashboard/${segment}`)
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
  { path: '/signature', element: lazyPage(Signature) },
  { path: '/signature/:token', element: lazyPage(Signature) },
  {
    element: lazyPage(QueryLayout),
    children: [
      { element: lazyPage(RedirectSignedIn), children: [{ path: '/auth', element: lazyPage(SignIn) }] },
      { path: '/reset-password', element: lazyPage(ResetPassword) },
      {
        element: lazyPage(RequireSession),
        children: [
          {
            path: '/dashboard',
            element: lazyPage(DashboardShell),
            children: [{ index: true, element: lazyPage(DashboardIndex) }, ...DASHBOARD_CHILDREN.map(dashboardChild)],
          },
          { path: '/order', element: lazyPage(OrderDetail) },
          { path: '/order/:id', element: lazyPage(OrderDetail) },
          { path: '/cases/:caseId', element: lazyPage(CaseDetail) },
        ],
      },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

/**
 * A cold load starts loading every component its first page renders side by side, instead of each
 * after the one that renders it (session layer, then shell, then page), so that the page renders in
 * one go once they are in (lazy-page.tsx): issue 21's Lighthouse goal. The signature page needs
 * none of them.
 */
export function preloadFirstPage(pathname: string, search: string) {
  const [, top, segment] = pathname.split('/')
  const dashboardPage = segment ? screenPageComponents.get(segment as DashboardChild) : DashboardIndex
  const signedIn = [QueryLayout, RequireSession]
  const pages = new Map<string, Pick<LazyComponent, 'preload'>[]>([
    ['', [QueryLayout, RedirectSignedIn, SignIn]],
    ['auth', [QueryLayout, RedirectSignedIn, SignIn]],
    ['reset-password', [QueryLayout]],
    ['dashboard', [...signedIn, DashboardShell, ScreenGate, ...(dashboardPage ? [dashboardPage] : [])]],
    ['cases', [...signedIn, CaseDetail]],
    ['order', [...signedIn, OrderDetail]],
  ])
  const components = pages.get(top)
  if (!components) return
  requestEarly('/api/me')
  // A failed download is the guard's to report when it renders (lazyComponent), not an unhandled rejection here.
  sessionLayer().then(
    (layer) => layer.startSession(),
    () => {},
  )
  if (top === 'cases' && segment) requestEarly(caseDetailPath(segment))
  // Order Management opens on the RDN cases tab; with nothing in its query string, on its first page,
  // which is asked for now; else the list reads the query string with its schema, loaded now too.
  if (top === 'dashboard' && segment === 'orders') {
    if (search) import('../domain/cases/case-list-query').catch(() => {})
    else requestEarly(casePagePath())
  }
  for (const component of components) component.preload()
}

/** The app's router; `preloadFirstPage` has been called for the page it opens on (main.tsx). */
export function createRouter() {
  const router = createBrowserRouter(routes)
  const opened = router.state.location.key
  const unsubscribe = router.subscribe((state) => {
    if (state.location.key === opened) return
    forgetEarly()
    unsubscribe()
  })
  return router
}
