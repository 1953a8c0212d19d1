import type { ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import { TabList, tabPanelProps } from '../../components/ui/tab-list'

/** The query-string value of User Management's Audit log tab (`tab=audit`). */
export const AUDIT_TAB = 'audit'

const TABS = [
  { id: 'users', label: 'Users' },
  { id: AUDIT_TAB, label: 'Audit log' },
] as const

export type UserManagementTab = (typeof TABS)[number]['id']

/** The tab User Management shows, from the address (`?tab=audit`), so a reload or Back keeps it. */
export function useUserManagementTab(): UserManagementTab {
  const [params] = useSearchParams()
  return params.get('tab') === AUDIT_TAB ? AUDIT_TAB : 'users'
}

/** User Management's tabs: its people, and the company's audit log; switching starts the other afresh. */
export function UserManagementTabs({ current }: { current: UserManagementTab }) {
  const [, setParams] = useSearchParams()
  return (
    <TabList
      tabs={TABS}
      current={current}
      onSelect={(id) => setParams(id === AUDIT_TAB ? { tab: AUDIT_TAB } : {})}
      label="User Management"
      idPrefix="user-management"
    />
  )
}

/** The panel of the selected tab (its filters and list keep their spacing). */
export function UserManagementPanel({ current, children }: { current: UserManagementTab; children: ReactNode }) {
  return (
    <div {...tabPanelProps('user-management', current)} className="space-y-4">
      {children}
    </div>
  )
}
