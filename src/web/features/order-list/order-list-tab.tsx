import { ExportMenu } from '../../components/export-menu'
import { ListPager } from '../../components/list-pager'
import { ListLoadError, ListNotice } from '../../components/list-table'
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
        <ListLoadError message={`Failed to load orders: ${orders.error.message}`} onRetry={() => orders.refetch()} />
      )}
      {orders.isPending && <ListNotice>Loading orders...</ListNotice>}
      {data && data.orders.length === 0 && <ListNotice>No orders match these filters.</ListNotice>}
      {data && data.orders.length > 0 && <OrderTable rows={data.orders} query={query} update={update} />}
      {data && (
        <ListPager
          page={query.page}
          shown={data}
          rows={data.orders.length}
          onPage={(page) => update({ page })}
          countTestId="order-count"
        />
      )}
    </div>
  )
}
