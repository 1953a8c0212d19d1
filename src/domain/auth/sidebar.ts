import { canOpenScreen } from './permissions'
import { SCREENS, type Screen } from './screens'

export type SidebarGroup = { label: 'Core' | 'Management'; screens: Screen[] }

/** SPEC.md section 2: the sidebar's two groups, in order. */
export const SIDEBAR_GROUPS: readonly SidebarGroup[] = [
  {
    label: 'Core',
    screens: [
      'Management Dashboard',
      'Payroll & Accounting',
      'Invoice',
      'Field Manager',
      'Recovery Agent',
      'Camera Car Driver',
      'Lot Manager',
      'Key Manager',
      'Locksmith',
      'Transport Manager',
      'Compliance Manager',
      'Post Recovery Manager',
    ],
  },
  {
    label: 'Management',
    screens: [
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
    ],
  },
]

export type SidebarItem = { screen: Screen; path: string }

/** The sidebar a role sees: each group's items it may open, empty groups left out. */
export function sidebarFor(role: unknown): Array<{ label: SidebarGroup['label']; items: SidebarItem[] }> {
  return SIDEBAR_GROUPS.map((group) => ({
    label: group.label,
    items: group.screens
      .filter((screen) => canOpenScreen(role, screen))
      .map((screen) => ({ screen, path: `/dashboard/${SCREENS[screen]}` })),
  })).filter((group) => group.items.length > 0)
}
