import { ChevronLeft, ChevronRight, RefreshCw } from 'lucide-react'
import { ExportMenu } from '../../components/export-menu'
import { Button } from '../../components/ui/button'
import { useLiveOrders, useOrderPage } from './api'
import { OrderFilterBar } from './order-filter-bar'
import { OrderTable } from './order-table'
import { useOrderListQuery } from './use-order-list-query'

const numberFormat = new Intl.NumberFormat('en-US')

/** Order Management's Orders tab: the company's own orders, filtered, sorted and paged, live. */
export function OrderListTab() {
  const { query, update, search } = useOrderListQuery()
  const orders = useOrderPage(query)
  useLiveOrders()
  const data = orders.data
  const first = data && data.orders.length > 0 ? (data.page - 1) * data.pageSize + 1 : 0
  const last = data ? (data.page - 1) * data.pageSize + data.orders.length : 0
  const total = data ? `${numberFormat.format(data.total)}${data.totalIsCapped ? '+' : ''}` : ''
  const hasNext = data ? data.totalIsCapped || last < data.total : false

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <ExportMenu list="orders" query={search} title="Orders" />
      </div>
      <OrderFilterBar query={query} update={update} />
      {orders.isError && (
        <div
          role="alert"
          className="flex items-center justify-between gap-2 rounded-lg border border-destructive/40 p-4 text-sm text-destructive"
        >
          {`Failed to load orders: ${orders.error.message}`}
          <Button variant="outline" size="sm" onClick={() => orders.refetch()}>
            <RefreshCw aria-hidden />
            Retry
          </Button>
        </div>
      )}
      {orders.isPending && <p className="py-12 text-center text-muted-foreground">Loading orders...</p>}
      {data && data.orders.length === 0 && (
        <p className="py-12 text-center text-muted-foreground">No orders match these filters.</p>
      )}
      {data && data.orders.length > 0 && (
        <OrderTable rows={data.orders} query={query} update={update} search={search} />
      )}
      {data && (data.total > 0 || query.page > 1) && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
          <span data-testid="order-count">
            {first > 0
              ? `Showing ${numberFormat.format(first)}-${numberFormat.format(last)} of ${total}`
              : `Showing 0 of ${total}`}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={query.page <= 1}
              onClick={() => update({ page: query.page - 1 })}
            >
              <ChevronLeft aria-hidden />
              Previous
            </Button>
            <Button variant="outline" size="sm" disabled={!hasNext} onClick={() => update({ page: query.page + 1 })}>
              Next
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </div>
      )}
    </div>
  )
}
