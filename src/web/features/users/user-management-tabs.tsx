import { type KeyboardEvent, type ReactNode, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { cn } from '../../lib/utils'

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
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const select = (id: UserManagementTab) => {
    if (id !== current) setParams(id === AUDIT_TAB ? { tab: AUDIT_TAB } : {})
  }
  // The tabs pattern: arrow keys move between tabs (and select), Home and End go to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current)
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index + TABS.length - 1) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(TABS[next].id)
    buttons.current[next]?.focus()
  }
  return (
    <div role="tablist" aria-label="User Management" className="flex gap-1 border-b" onKeyDown={onKeyDown}>
      {TABS.map((tab, index) => {
        const selected = tab.id === current
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={`user-management-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`user-management-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              selected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
            onClick={() => select(tab.id)}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

/** The panel of the selected tab (its filters and list keep their spacing). */
export function UserManagementPanel({ current, children }: { current: UserManagementTab; children: ReactNode }) {
  return (
    <div
      role="tabpanel"
      id={`user-management-panel-${current}`}
      aria-labelledby={`user-management-tab-${current}`}
      className="space-y-4"
    >
      {children}
    </div>
  )
}
