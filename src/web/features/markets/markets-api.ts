import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import { api } from '../../lib/api'
import { type SubmitOptions, useSubmitMutation } from '../../lib/submit-key'

// Markets' requests and the hooks that refresh the screen (and the cases' markets) after a change.
export type Market = InferResponseType<typeof api.api.markets.$get, 200>['markets'][number]
export type ZipResult = {
  added: string[]
  alreadyHere: string[]
  inOtherMarkets: { zip: string; market: string }[]
  invalid: string[]
}
export const markets = api.api.markets
export const key = ['markets'] as const

export function useMarketsRefresh() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: key })
    // Markets of cases are re-detected on the server when ZIPs change.
    void queryClient.invalidateQueries({ queryKey: ['cases'] })
  }
}

export function useMarketChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  return useMutation({ mutationFn: call, onSuccess: useMarketsRefresh() })
}

/** An addition, sent once per submit (its Idempotency-Key). */
export function useMarketAdd<Input, Output>(call: (input: Input, submit: SubmitOptions) => Promise<Output>) {
  return useSubmitMutation({ mutationFn: call, onSuccess: useMarketsRefresh() })
}
