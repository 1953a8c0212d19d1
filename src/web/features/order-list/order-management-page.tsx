import { Suspense, useEffect } from 'react'
import { useSearchParams } from 'react-router'
import { lazyComponent } from '../../app/lazy-page'
import { ListNotice } from '../../components/list-table'
import { TabList, tabPanelProps } from '../../components/ui/tab-list'
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
  useEffect(() => whenIdle(OrderListTab.preload, 1_000), [])
  const select = (id: string) => {
    if (id !== current) setParams(id === ORDERS_TAB ? { tab: ORDERS_TAB } : {})
  }
  const active = TABS.find((tab) => tab.id === current) ?? TABS[0]
  return (
    <section className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Order Management</h1>
        <p className="text-sm text-muted-foreground">{active.subtitle}</p>
      </div>
      <TabList
        tabs={TABS}
        current={current}
        onSelect={select}
        label="Order Management lists"
        idPrefix="order-management"
      />
      <div {...tabPanelProps('order-management', current)}>
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
