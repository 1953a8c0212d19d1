import type { ComponentType } from 'react'
import type { DashboardChild } from './dashboard-children'

type Load = () => Promise<ComponentType>

/**
 * Each /dashboard screen's page, loaded when first opened. This table (with the file lists of its
 * imports) loads with the dashboard shell, not with the sign-in or signature page (issue 21).
 */
export const SCREEN_PAGES: Record<DashboardChild, Load> = {
  management: async () => (await import('../features/dashboards/management-page')).ManagementPage,
  'recovery-agent': async () => (await import('../features/dashboards/recovery-agent-page')).RecoveryAgentPage,
  'camera-driver': async () => (await import('../features/dashboards/camera-driver-page')).CameraDriverPage,
  'field-manager': async () => (await import('../features/dashboards/field-manager-page')).FieldManagerPage,
  'lot-manager': async () => (await import('../features/dashboards/lot-manager-page')).LotManagerPage,
  'key-manager': async () => {
    const { KeysPage } = await import('../features/dashboards/keys-page')
    return () => <KeysPage title="Key Manager" />
  },
  'transport-manager': async () => (await import('../features/dashboards/transport-page')).TransportPage,
  locksmith: async () => {
    const { KeysPage } = await import('../features/dashboards/keys-page')
    return () => <KeysPage title="Locksmith" />
  },
  'compliance-manager': async () => (await import('../features/compliance/compliance-page')).CompliancePage,
  'post-recovery-manager': async () => (await import('../features/dashboards/post-recovery-page')).PostRecoveryPage,
  orders: async () => (await import('../features/order-list/order-management-page')).OrderManagementPage,
  users: async () => (await import('../features/users/users-page')).UsersPage,
  profile: async () => (await import('../features/profile/profile-page')).ProfilePage,
  assignments: async () => (await import('../features/assignments/assignments-page')).AssignmentsPage,
  markets: async () => (await import('../features/markets/markets-page')).MarketsPage,
  payroll: async () => (await import('../features/payroll/payroll-page')).PayrollPage,
  'invoice-management': async () => (await import('../features/invoices/invoices-page')).InvoicesPage,
  fees: async () => (await import('../features/fees/fees-page')).FeesPage,
  maps: async () => (await import('../features/map/map-page')).MapPage,
  import: async () => (await import('../features/import/import-page')).ImportPage,
  clients: async () => (await import('../features/clients/clients-page')).ClientsPage,
  vendors: async () => (await import('../features/vendors/vendors-page')).VendorsPage,
  'agent-mapping': async () => (await import('../features/agent-mapping/agent-mapping-page')).AgentMappingPage,
  'vehicle-redemptions': async () =>
    (await import('../features/after-recovery/vehicle-redemptions-page')).VehicleRedemptionsPage,
  'property-redemptions': async () =>
    (await import('../features/after-recovery/property-redemptions-page')).PropertyRedemptionsPage,
}
