import { type KeyboardEvent, Suspense, useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { lazyComponent } from '../../app/lazy-page'
import { ListNotice } from '../../components/list-table'
import { cn } from '../../lib/utils'
import { whenIdle } from '../../lib/when-idle'
import { CaseListPage } from '../cases/case-list-page'
import { ORDERS_TAB } from './orders-tab'

// The Orders tab (and its filters' zod schema) loads apart from the page, which opens on the RDN
// cases (issue 21): when the browser is idle after the first paint, or when opened before that.
const OrderListTab = lazyComponent(async () => (await import('./order-list-tab')).OrderListTab)

const TABS = [
  { id: 'rdn', label: 'RDN Cases', subtitle: 'External cases, updated live.' },
  { id: ORDERS_TAB, label: 'Orders', subtitle: 'Our own orders, updated live.' },
] as const

/**
 * /dashboard/orders: Order Management, with the RDN cases (SPEC.md's case list, unchanged) and the
 * company's own orders as two tabs. The tab is in the query string (`tab=orders`) with its filters,
 * so a reload or Back keeps both; switching tabs starts the other list afresh.
 */
export function OrderManagementPage() {
  const [params, setParams] = useSearchParams()
  const current = params.get('tab') === ORDERS_TAB ? ORDERS_TAB : 'rdn'
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  useEffect(() => whenIdle(OrderListTab.preload, 1_000), [])
  const select = (id: string) => {
    if (id !== current) setParams(id === ORDERS_TAB ? { tab: ORDERS_TAB } : {})
  }
  // The tabs pattern: arrow keys move between tabs (and select), Home and End go to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === current)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index + TABS.length - 1) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1
    if (next < 0) return
    event.preventDefault()
    select(TABS[next].id)
    buttons.current[next]?.focus()
  }
  const active = TABS.find((tab) => tab.id === current) ?? TABS[0]
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Order Management</h1>
        <p className="text-sm text-muted-foreground">{active.subtitle}</p>
      </div>
      <div role="tablist" aria-label="Order Management lists" className="flex gap-1 border-b" onKeyDown={onKeyDown}>
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
              id={`order-management-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`order-management-panel-${tab.id}`}
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
      <div role="tabpanel" id={`order-management-panel-${current}`} aria-labelledby={`order-management-tab-${current}`}>
        {current === ORDERS_TAB ? (
          <Suspense fallback={<ListNotice>Loading orders...</ListNotice>}>
            <OrderListTab />
          </Suspense>
        ) : (
          <CaseListPage heading={false} />
        )}
      </div>
    </section>
  )
}
