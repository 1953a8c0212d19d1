import { lazy, type ReactNode, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { screenForPath } from '../domain/auth/screens'
import { DashboardIndexRedirect, RedirectSignedIn, RequireSession } from './app/guards'
import { DashboardLayout } from './app/layouts/dashboard-layout'
import { ScreenGate } from './app/screen-gate'
import { NotFoundPage } from './app/screens/not-found-page'
import { PlaceholderScreen } from './app/screens/placeholder-screen'
import { VehicleRedemptionsPage } from './features/after-recovery/vehicle-redemptions-page'
import { AgentMappingPage } from './features/agent-mapping/agent-mapping-page'
import { AssignmentsPage } from './features/assignments/assignments-page'
import { ResetPasswordPage } from './features/auth/reset-password-page'
import { SignInPage } from './features/auth/sign-in-page'
import { CaseDetailPage } from './features/cases/case-detail-page'
import { ClientsPage } from './features/clients/clients-page'
import { CompliancePage } from './features/compliance/compliance-page'
import { CameraDriverPage } from './features/dashboards/camera-driver-page'
import { FieldManagerPage } from './features/dashboards/field-manager-page'
import { KeysPage } from './features/dashboards/keys-page'
import { LotManagerPage } from './features/dashboards/lot-manager-page'
import { ManagementPage } from './features/dashboards/management-page'
import { PostRecoveryPage } from './features/dashboards/post-recovery-page'
import { RecoveryAgentPage } from './features/dashboards/recovery-agent-page'
import { TransportPage } from './features/dashboards/transport-page'
import { FeesPage } from './features/fees/fees-page'
import { ImportPage } from './features/import/import-page'
import { InvoicesPage } from './features/invoices/invoices-page'
import { LazyMapPage } from './features/map/lazy-map-page'
import { MarketsPage } from './features/markets/markets-page'
import { OrderManagementPage } from './features/order-list/order-management-page'
import { OrderDetailPage } from './features/orders/order-detail-page'
import { LazyPayrollPage } from './features/payroll/lazy-payroll-page'
import { ProfilePage } from './features/profile/profile-page'
import { SignaturePage } from './features/signature/signature-page'
import { UsersPage } from './features/users/users-page'
import { VendorsPage } from './features/vendors/vendors-page'

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

const PropertyRedemptionsPage = lazy(async () => ({
  default: (await import('./features/after-recovery/property-redemptions-page')).PropertyRedemptionsPage,
}))

const SCREEN_PAGES: Partial<Record<(typeof DASHBOARD_CHILDREN)[number], ReactNode>> = {
  users: <UsersPage />,
  profile: <ProfilePage />,
  orders: <OrderManagementPage />,
  import: <ImportPage />,
  'compliance-manager': <CompliancePage />,
  clients: <ClientsPage />,
  'agent-mapping': <AgentMappingPage />,
  markets: <MarketsPage />,
  vendors: <VendorsPage />,
  fees: <FeesPage />,
  'invoice-management': <InvoicesPage />,
  assignments: <AssignmentsPage />,
  management: <ManagementPage />,
  'recovery-agent': <RecoveryAgentPage />,
  'camera-driver': <CameraDriverPage />,
  'field-manager': <FieldManagerPage />,
  'lot-manager': <LotManagerPage />,
  'key-manager': <KeysPage title="Key Manager" />,
  locksmith: <KeysPage title="Locksmith" />,
  'transport-manager': <TransportPage />,
  'post-recovery-manager': <PostRecoveryPage />,
  maps: <LazyMapPage />,
  payroll: <LazyPayrollPage />,
  'vehicle-redemptions': <VehicleRedemptionsPage />,
  'property-redemptions': (
    <Suspense fallback={<PlaceholderScreen title="Property Redemptions" />}>
      <PropertyRedemptionsPage />
    </Suspense>
  ),
}

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
  { element: <RedirectSignedIn />, children: [{ path: '/auth', element: <SignInPage /> }] },
  { path: '/signature', element: <SignaturePage /> },
  { path: '/signature/:token', element: <SignaturePage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  {
    element: <RequireSession />,
    children: [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: [{ index: true, element: <DashboardIndexRedirect /> }, ...DASHBOARD_CHILDREN.map(dashboardChild)],
      },
      { path: '/order', element: <OrderDetailPage /> },
      { path: '/order/:id', element: <OrderDetailPage /> },
      { path: '/cases/:caseId', element: <CaseDetailPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
