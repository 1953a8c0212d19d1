import type { ReactNode } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { screenForPath } from '../domain/auth/screens'
import { DashboardIndexRedirect, RedirectSignedIn, RequireSession } from './app/guards'
import { lazyPage, lazyScreen } from './app/lazy-page'
import { ScreenGate } from './app/screen-gate'
import { NotFoundPage } from './app/screens/not-found-page'
import { PlaceholderScreen } from './app/screens/placeholder-screen'

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
  // Permitted screens with no sidebar item (docs/decisions/021-redemption-screen-paths.md).
  'vehicle-redemptions',
  'property-redemptions',
] as const

const SCREEN_PAGES: Partial<Record<(typeof DASHBOARD_CHILDREN)[number], ReactNode>> = {
  users: lazyScreen('User Management', async () => (await import('./features/users/users-page')).UsersPage),
  profile: lazyScreen('Profile Settings', async () => (await import('./features/profile/profile-page')).ProfilePage),
  orders: lazyScreen(
    'Order Management',
    async () => (await import('./features/order-list/order-management-page')).OrderManagementPage,
  ),
  import: lazyScreen('Data Import', async () => (await import('./features/import/import-page')).ImportPage),
  'compliance-manager': lazyScreen(
    'Compliance Manager',
    async () => (await import('./features/compliance/compliance-page')).CompliancePage,
  ),
  clients: lazyScreen('Client Management', async () => (await import('./features/clients/clients-page')).ClientsPage),
  'agent-mapping': lazyScreen(
    'Agent Mapping',
    async () => (await import('./features/agent-mapping/agent-mapping-page')).AgentMappingPage,
  ),
  markets: lazyScreen(
    'Market Configuration',
    async () => (await import('./features/markets/markets-page')).MarketsPage,
  ),
  vendors: lazyScreen('Vendor Management', async () => (await import('./features/vendors/vendors-page')).VendorsPage),
  fees: lazyScreen('Fee Schedules', async () => (await import('./features/fees/fees-page')).FeesPage),
  'invoice-management': lazyScreen(
    'Invoice',
    async () => (await import('./features/invoices/invoices-page')).InvoicesPage,
  ),
  assignments: lazyScreen(
    'Agent Assignment',
    async () => (await import('./features/assignments/assignments-page')).AssignmentsPage,
  ),
  management: lazyScreen(
    'Management Dashboard',
    async () => (await import('./features/dashboards/management-page')).ManagementPage,
  ),
  'recovery-agent': lazyScreen(
    'Recovery Agent',
    async () => (await import('./features/dashboards/recovery-agent-page')).RecoveryAgentPage,
  ),
  'camera-driver': lazyScreen(
    'Camera Car Driver',
    async () => (await import('./features/dashboards/camera-driver-page')).CameraDriverPage,
  ),
  'field-manager': lazyScreen(
    'Field Manager',
    async () => (await import('./features/dashboards/field-manager-page')).FieldManagerPage,
  ),
  'lot-manager': lazyScreen(
    'Lot Manager',
    async () => (await import('./features/dashboards/lot-manager-page')).LotManagerPage,
  ),
  'key-manager': lazyScreen('Key Manager', async () => {
    const { KeysPage } = await import('./features/dashboards/keys-page')
    return () => <KeysPage title="Key Manager" />
  }),
  locksmith: lazyScreen('Locksmith', async () => {
    const { KeysPage } = await import('./features/dashboards/keys-page')
    return () => <KeysPage title="Locksmith" />
  }),
  'transport-manager': lazyScreen(
    'Transport Manager',
    async () => (await import('./features/dashboards/transport-page')).TransportPage,
  ),
  'post-recovery-manager': lazyScreen(
    'Post Recovery Manager',
    async () => (await import('./features/dashboards/post-recovery-page')).PostRecoveryPage,
  ),
  maps: lazyScreen('Case Location Map', async () => (await import('./features/map/map-page')).MapPage),
  payroll: lazyScreen(
    'Payroll & Accounting',
    async () => (await import('./features/payroll/payroll-page')).PayrollPage,
  ),
  'vehicle-redemptions': lazyScreen(
    'Vehicle Redemptions',
    async () => (await import('./features/after-recovery/vehicle-redemptions-page')).VehicleRedemptionsPage,
  ),
  'property-redemptions': lazyScreen(
    'Property Redemptions',
    async () => (await import('./features/after-recovery/property-redemptions-page')).PropertyRedemptionsPage,
  ),
}

// The shell (sidebar, header, search, bell, menus) loads once signed in, not with the sign-in page.
const dashboardShell = lazyPage(async () => (await import('./app/layouts/dashboard-layout')).DashboardLayout)
const signIn = lazyPage(async () => (await import('./features/auth/sign-in-page')).SignInPage)
const signature = lazyPage(async () => (await import('./features/signature/signature-page')).SignaturePage)
const resetPassword = lazyPage(async () => (await import('./features/auth/reset-password-page')).ResetPasswordPage)
const orderDetail = lazyPage(async () => (await import('./features/orders/order-detail-page')).OrderDetailPage)
const caseDetail = lazyPage(async () => (await import('./features/cases/case-detail-page')).CaseDetailPage)

/** Each /dashboard child is gated by its screen permission (SPEC.md section 6). */
function dashboardChild(segment: (typeof DASHBOARD_CHILDREN)[number]): RouteObject {
  const screen = screenForPath(segment)
  if (!screen) throw new Error(`No screen lives at /dashboard/${segment}`)
  const page = SCREEN_PAGES[segment] ?? <PlaceholderScreen title={screen} />
  return { path: segment, element: <ScreenGate screen={screen}>{page}</ScreenGate> }
}

/** SPEC.md section 2's route table. No errorElement: the router's default is the spec's error screen. */
export const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/auth" replace /> },
  { element: <RedirectSignedIn />, children: [{ path: '/auth', element: signIn }] },
  { path: '/signature', element: signature },
  { path: '/signature/:token', element: signature },
  { path: '/reset-password', element: resetPassword },
  {
    element: <RequireSession />,
    children: [
      {
        path: '/dashboard',
        element: dashboardShell,
        children: [{ index: true, element: <DashboardIndexRedirect /> }, ...DASHBOARD_CHILDREN.map(dashboardChild)],
      },
      { path: '/order', element: orderDetail },
      { path: '/order/:id', element: orderDetail },
      { path: '/cases/:caseId', element: caseDetail },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
