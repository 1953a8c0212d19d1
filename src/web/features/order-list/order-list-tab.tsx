import { RefreshCw } from 'lucide-react'
import { ExportMenu } from '../../components/export-menu'
import { ListPager } from '../../components/list-pager'
import { Button } from '../../components/ui/button'
import { useLiveOrders, useOrderPage } from './api'
import { OrderFilterBar } from './order-filter-bar'
import { OrderTable } from './order-table'
import { useOrderListQuery } from './use-order-list-query'

/** Order Management's Orders tab: the company's own orders, filtered, sorted and paged, live. */
export function OrderListTab() {
  const { query, update, search } = useOrderListQuery()
  const orders = useOrderPage(query)
  useLiveOrders()
  const data = orders.data

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
        <ListPager
          page={query.page}
          shown={{
            page: data.page,
            pageSize: data.pageSize,
            rows: data.orders.length,
            total: data.total,
            totalIsCapped: data.totalIsCapped,
          }}
          onPage={(page) => update({ page })}
          countTestId="order-count"
        />
      )}
    </div>
  )
}
