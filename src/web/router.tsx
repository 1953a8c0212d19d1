import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { SCREENS, type Screen } from '../domain/auth/screens'
import { DashboardIndexRedirect, RedirectSignedIn, RequireSession } from './app/guards'
import { DashboardLayout } from './app/layouts/dashboard-layout'
import { NotFoundPage } from './app/screens/not-found-page'
import { PlaceholderScreen } from './app/screens/placeholder-screen'
import { ResetPasswordPage } from './features/auth/reset-password-page'
import { SignInPage } from './features/auth/sign-in-page'

/** The children of /dashboard, in SPEC.md section 2's order, titled by their screen names. */
const DASHBOARD_CHILDREN = [
  'management',
  'recovery-agent',
  'camera-driver',
  'field-manager',
  'lot-manager',
  'key-manager',
  'transport-manager',
  'locksmith',
  'compliance-manager',
  'post-recovery-manager',
  'orders',
  'users',
  'profile',
  'assignments',
  'markets',
  'payroll',
  'invoice-management',
  'fees',
  'maps',
  'import',
  'clients',
  'vendors',
  'agent-mapping',
] as const

function titleOf(segment: string): string {
  const screen = (Object.keys(SCREENS) as Screen[]).find((name) => SCREENS[name] === segment)
  return screen ?? segment
}

function dashboardChild(segment: (typeof DASHBOARD_CHILDREN)[number]): RouteObject {
  if (segment === 'assignments') {
    return { path: segment, element: <PlaceholderScreen title="Agent Assignment - Coming soon" /> }
  }
  return { path: segment, element: <PlaceholderScreen title={titleOf(segment)} /> }
}

/** SPEC.md section 2's route table. No errorElement: the router's default is the spec's error screen. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/auth" replace /> },
  { element: <RedirectSignedIn />, children: [{ path: '/auth', element: <SignInPage /> }] },
  { path: '/signature/:token', element: <PlaceholderScreen title="Document Signature" /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [{ index: true, element: <DashboardIndexRedirect /> }, ...DASHBOARD_CHILDREN.map(dashboardChild)],
      },
      { path: '/order/:id', element: <PlaceholderScreen title="Order Details" /> },
      { path: '/cases/:caseId', element: <PlaceholderScreen title="Case Details" /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
