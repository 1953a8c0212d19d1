import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { type OrderListQuery, orderListQueryValues } from '../../../domain/orders/order-list-query'
import { api, readJson } from '../../lib/api'

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

/** Changes arrive in bursts (an import is many statements): refresh at most once a second. */
const LIVE_REFRESH_MS = 1_000

/**
 * Refetches the shown page whenever the company's orders change ('orders' on the same stream
 * as the case list's 'cases'), keeping page and filters; also after the stream reconnects.
 */
export function useLiveOrders() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const source = new EventSource('/api/events/cases')
    let timer: number | undefined
    let connectedOnce = false
    const refresh = () => {
      if (timer !== undefined) return
      timer = window.setTimeout(() => {
        timer = undefined
        void queryClient.invalidateQueries({ queryKey: [...ordersListKey, 'page'] })
      }, LIVE_REFRESH_MS)
    }
    source.addEventListener('orders', refresh)
    source.addEventListener('ready', () => {
      if (connectedOnce) refresh()
      connectedOnce = true
    })
    return () => {
      window.clearTimeout(timer)
      source.close()
    }
  }, [queryClient])
}
