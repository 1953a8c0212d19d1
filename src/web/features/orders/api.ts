import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { OrderEdits } from '../../../domain/orders/order-edit'
import type { GeocodeResponse } from '../../../server/features/geocode/service'
import { ApiError, api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

const orderEndpoint = api.api.orders[':orderId']
export type OrderDetail = InferResponseType<typeof orderEndpoint.$get, 200>['order']

const orderKey = (orderId: string) => ['orders', 'detail', orderId] as const

export function useOrder(orderId: string | undefined) {
  return useQuery({
    queryKey: orderKey(orderId ?? ''),
    queryFn: async () =>
      (await readJson<{ order: OrderDetail }>(await orderEndpoint.$get({ param: { orderId: orderId as string } })))
        .order,
    enabled: Boolean(orderId),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  })
}

/**
 * Save of the order edit: a second click while it runs is ignored (it would be refused with 409,
 * the order having changed since Edit: by this very save).
 */
export function useSaveOrder(orderId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (input: { expectedUpdatedAt: string; changes: OrderEdits }) =>
      readJson<{ id: string; updated_at: string; hold_arrived_after_recovery?: boolean; message?: string }>(
        await orderEndpoint.$patch({ param: { orderId }, json: input }),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderKey(orderId) })
      // Its date, client or sub-statuses may price it otherwise.
      void queryClient.invalidateQueries({ queryKey: ['fees', 'price'] })
      // Marked repossessed, it gets its draft invoice.
      void queryClient.invalidateQueries({ queryKey: ['invoices'] })
      // Onto or off a hold: its field record (the banner, On-Hook).
      void queryClient.invalidateQueries({ queryKey: ['recovery-field'] })
    },
  })
}

const assignableEndpoint = api.api.orders[':orderId'].assignable
export type AssignablePeople = InferResponseType<typeof assignableEndpoint.$get, 200>

/** The people Edit mode may put on the order (asked only by those who may change its work fields). */
export function useAssignablePeople(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...orderKey(orderId), 'assignable'],
    queryFn: async () => readJson<AssignablePeople>(await assignableEndpoint.$get({ param: { orderId } })),
    enabled,
  })
}

/** geocode-address for a place shown on the page; null fields when nothing is found. */
export function useGeocode(text: string | null) {
  return useQuery({
    queryKey: ['geocode', text],
    queryFn: async () => readJson<GeocodeResponse>(await api.api.geocode.$post({ json: { address: text as string } })),
    enabled: Boolean(text),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
