import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import {
  type OrderListQuery,
  orderListQuerySchema,
  orderListQueryValues,
} from '../../../domain/orders/order-list-query'
import { ORDERS_TAB } from './orders-tab'

function readQuery(params: URLSearchParams): OrderListQuery {
  const raw: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    if (key === 'tab') continue
    const values = params.getAll(key)
    raw[key] = values.length > 1 ? values : values[0]
  }
  const parsed = orderListQuerySchema.safeParse(raw)
  return parsed.success ? parsed.data : orderListQuerySchema.parse({})
}

export type UpdateOrderListQuery = (changes: Partial<OrderListQuery>, options?: { replace?: boolean }) => void

/**
 * The Orders tab's filters, sort and page, kept in the query string beside `tab=orders`, so a
 * reload, a shared link or Back from an order shows the same list.
 */
export function useOrderListQuery() {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => readQuery(params), [params])
  const update: UpdateOrderListQuery = useCallback(
    (changes, { replace = false } = {}) => {
      const next = { ...query, ...changes }
      // A new filter or sort starts again at the first page.
      if (!('page' in changes)) next.page = 1
      const values = orderListQueryValues({
        ...next,
        page: next.page === 1 ? undefined : next.page,
        sort: next.sort === 'order_date' ? undefined : next.sort,
        dir: next.dir === 'desc' ? undefined : next.dir,
      } as Partial<OrderListQuery>)
      const search = new URLSearchParams({ tab: ORDERS_TAB })
      for (const [key, value] of Object.entries(values)) {
        for (const item of Array.isArray(value) ? value : [value]) search.append(key, item)
      }
      // Pages, sorts and filters are steps Back can retrace; typing a search replaces its own step.
      setParams(search, { replace })
    },
    [query, setParams],
  )
  return { query, update, search: params.toString() }
}
