import { type KeyboardEvent, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { cn } from '../../lib/utils'
import { AccountingPanel } from './accounting-panel'
import { PeriodPanel } from './period-panel'
import { RulesPanel } from './rules-panel'
import { YearlyPanel } from './yearly-panel'

const TABS = [
  { id: 'payroll', label: 'Payroll' },
  { id: 'rules', label: 'Pay Rules' },
  { id: 'yearly', label: 'Yearly Totals' },
  { id: 'accounting', label: 'Accounting' },
] as const
type TabId = (typeof TABS)[number]['id']

/**
 * /dashboard/payroll (admin, manager): pay periods from review to locked, the rules that price
 * work, each person's year for 1099-NEC, and what the agency earned against what it paid out.
 * The tab and the period are in the query string, so a reload or Back keeps them.
 */
export function PayrollPage() {
  const [params, setParams] = useSearchParams()
  const current: TabId = TABS.find((tab) => tab.id === params.get('tab'))?.id ?? 'payroll'
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const select = (id: TabId) => {
    if (id === current) return
    const next = new URLSearchParams(params)
    if (id === 'payroll') next.delete('tab')
    else next.set('tab', id)
    setParams(next, { replace: true })
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
    <section className="mx-auto max-w-6xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Payroll &amp; Accounting</h1>
        <p className="text-sm text-muted-foreground">
          What each person earned and why, period by period: reviewed, approved, then locked for good.
        </p>
      </div>
      <div
        role="tablist"
        aria-label="Payroll & Accounting sections"
        className="flex gap-1 overflow-x-auto border-b"
        onKeyDown={onKeyDown}
      >
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
              id={`payroll-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`payroll-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className={cn(
                '-mb-px shrink-0 border-b-2 px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
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
      <div
        role="tabpanel"
        id={`payroll-panel-${current}`}
        aria-labelledby={`payroll-tab-${current}`}
        className="min-w-0"
      >
        {current === 'payroll' && <PeriodPanel />}
        {current === 'rules' && <RulesPanel />}
        {current === 'yearly' && <YearlyPanel />}
        {current === 'accounting' && <AccountingPanel />}
      </div>
    </section>
  )
}
