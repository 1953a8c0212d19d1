import { normalizeRole, type Role } from './roles'
import { ALL_SCREENS, type Screen } from './screens'

const MANAGEMENT_ITEMS: Screen[] = [
  'Order Management',
  'Agent Assignment',
  'User Management',
  'Market Configuration',
  'Case Location Map',
  'Fee Schedules',
  'Data Import',
  'Client Management',
  'Vendor Management',
  'Agent Mapping',
]

/** SPEC.md section 6: the screens each role may open. */
export const ALLOWED_SCREENS: Record<Role, readonly Screen[]> = {
  admin: ALL_SCREENS,
  manager: [
    'Management Dashboard',
    'Post Recovery Manager',
    ...MANAGEMENT_ITEMS,
    'Payroll & Accounting',
    'Invoice',
    'Profile Settings',
  ],
  recovery_agent: ['Recovery Agent', 'Case Location Map', 'Profile Settings'],
  camera_driver: ['Camera Car Driver', 'Profile Settings'],
  field_manager: ['Field Manager', 'Order Management', 'Agent Assignment', 'Case Location Map', 'Profile Settings'],
  lot_manager: ['Lot Manager', 'Profile Settings'],
  key_manager: ['Key Manager', 'Profile Settings'],
  transport_manager: ['Transport Manager', 'Profile Settings'],
  locksmith: ['Locksmith', 'Profile Settings'],
  compliance_manager: ['Compliance Manager', 'Profile Settings'],
  post_recovery_manager: [
    'Post Recovery Manager',
    'Vehicle Redemptions',
    'Property Redemptions',
    'Transport Manager',
    'Key Manager',
    'Order Management',
    'Profile Settings',
  ],
}

/** Whether a role (unknown roles act as recovery_agent) may open a screen. */
export function canOpenScreen(role: unknown, screen: Screen): boolean {
  return ALLOWED_SCREENS[normalizeRole(role)].includes(screen)
}
