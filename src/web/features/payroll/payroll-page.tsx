import { useSearchParams } from 'react-router'
import { TabList, tabPanelProps } from '../../components/ui/tab-list'
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
  const select = (id: TabId) => {
    const next = new URLSearchParams(params)
    if (id === 'payroll') next.delete('tab')
    else next.set('tab', id)
    setParams(next, { replace: true })
  }

  return (
    <section className="mx-auto max-w-6xl space-y-4">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Payroll &amp; Accounting</h1>
        <p className="text-sm text-muted-foreground">
          What each person earned and why, period by period: reviewed, approved, then locked for good.
        </p>
      </div>
      <TabList
        tabs={TABS}
        current={current}
        onSelect={select}
        label="Payroll & Accounting sections"
        idPrefix="payroll"
      />
      <div {...tabPanelProps('payroll', current)} className="min-w-0">
        {current === 'payroll' && <PeriodPanel />}
        {current === 'rules' && <RulesPanel />}
        {current === 'yearly' && <YearlyPanel />}
        {current === 'accounting' && <AccountingPanel />}
      </div>
    </section>
  )
}
