import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type OrderListQuery, orderListQueryValues } from '../../../domain/orders/order-list-query'
import { api, readJson } from '../../lib/api'
import { useLiveQueries } from '../../lib/realtime'

/** As the case list (SPEC.md section 9): refetched every 30 s, and on every pushed change. */
const REFETCH_MS = 30_000
const ordersListKey = ['orders-list'] as const

export type OrderListRow = {
  id: string
  case_number: string | null
  order_number: string
  borrower_name: string | null
  year: number | null
  make: string | null
  model: string | null
  vin: string | null
  license_plate: string | null
  status: string
  priority: string
  client_id: string | null
  client_name: string | null
  client_code: string | null
  detected_market: string | null
  assigned_agent_id: string | null
  agent_name: string | null
  assigned_camera_driver_id: string | null
  camera_driver_name: string | null
  order_date: string | null
  due_date: string | null
  updated_at: string
}
export type OrderPage = {
  orders: OrderListRow[]
  total: number
  totalIsCapped: boolean
  page: number
  pageSize: number
}
export type OrderFilterChoices = {
  clients: Array<{ id: string; name: string; client_code: string; active: boolean }>
  markets: string[]
  people: Array<{ id: string; first_name: string | null; last_name: string | null; email: string; role: string }>
}

export function useOrderPage(query: OrderListQuery) {
  return useQuery({
    queryKey: [...ordersListKey, 'page', query],
    queryFn: async () => readJson<OrderPage>(await api.api['orders-list'].$get({ query: orderListQueryValues(query) })),
    placeholderData: keepPreviousData,
    refetchInterval: REFETCH_MS,
  })
}

export function useOrderFilterChoices() {
  return useQuery({
    queryKey: [...ordersListKey, 'filters'],
    queryFn: async () => readJson<OrderFilterChoices>(await api.api['orders-list'].filters.$get()),
    staleTime: 5 * 60_000,
  })
}

/**
 * Refetches the shown page whenever the company's orders change ('orders' on the tab's one
 * realtime stream), keeping page and filters; also after the stream reconnects.
 */
export function useLiveOrders() {
  useLiveQueries('orders', [[...ordersListKey, 'page']])
}
