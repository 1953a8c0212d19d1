import { type KeyboardEvent, useRef } from 'react'
import { cn } from '../../lib/utils'

type Tab<Id extends string> = { id: Id; label: string }

/**
 * A row of tabs in the WAI-ARIA tabs pattern: the selected tab is the one in the tab order, arrow
 * keys move between tabs (and select), Home and End go to the ends. Each tab controls the panel
 * `${idPrefix}-panel-${id}` (see tabPanelProps).
 */
export function TabList<Id extends string>({
  tabs,
  current,
  onSelect,
  label,
  idPrefix,
}: {
  tabs: readonly Tab<Id>[]
  current: Id
  onSelect: (id: Id) => void
  label: string
  idPrefix: string
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === current)
    const moves: Record<string, number> = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index + tabs.length - 1) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    onSelect(tabs[next].id)
    buttons.current[next]?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className="flex gap-1 overflow-x-auto border-b" onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const selected = tab.id === current
        return (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={selected ? 0 : -1}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              selected
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )}
            onClick={() => {
              if (tab.id !== current) onSelect(tab.id)
            }}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

/** The attributes of the panel the current tab controls. */
export const tabPanelProps = (idPrefix: string, current: string) => ({
  role: 'tabpanel',
  id: `${idPrefix}-panel-${current}`,
  'aria-labelledby': `${idPrefix}-tab-${current}`,
})
