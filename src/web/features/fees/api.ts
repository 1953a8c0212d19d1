import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { z } from 'zod'
import type { rateCardVersionInputSchema } from '../../../domain/billing/rate-card-input'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

const fees = api.api.fees
export type FeeTypeRow = InferResponseType<typeof fees.catalog.$get, 200>['feeTypes'][number]
export type RateCardRow = InferResponseType<(typeof fees)['rate-cards']['$get'], 200>['rateCards'][number]
export type RateCardDetail = InferResponseType<(typeof fees)['rate-cards'][':cardId']['$get'], 200>['rateCard']
export type CasePrice = InferResponseType<(typeof fees)['price']['orders'][':orderId']['$get'], 200>['price']
export type VersionInput = z.input<typeof rateCardVersionInputSchema>

const key = ['fees'] as const

export function useFeeCatalog() {
  return useQuery({
    queryKey: [...key, 'catalog'],
    queryFn: async () => (await readJson<{ feeTypes: FeeTypeRow[] }>(await fees.catalog.$get())).feeTypes,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useRateCards() {
  return useQuery({
    queryKey: [...key, 'cards'],
    queryFn: async () => (await readJson<{ rateCards: RateCardRow[] }>(await fees['rate-cards'].$get())).rateCards,
  })
}

export function useRateCard(cardId: string | null) {
  return useQuery({
    queryKey: [...key, 'card', cardId],
    enabled: cardId !== null,
    queryFn: async () =>
      (
        await readJson<{ rateCard: RateCardDetail }>(
          await fees['rate-cards'][':cardId'].$get({ param: { cardId: cardId as string } }),
        )
      ).rateCard,
  })
}

export function useCreateRateCard() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: { clientId: string; lienholderName: string | null }, submit) =>
      (await readJson<{ rateCard: RateCardDetail }>(await fees['rate-cards'].$post({ json }, submit))).rateCard,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useAddVersion(cardId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: VersionInput, submit) =>
      readJson(await fees['rate-cards'][':cardId'].versions.$post({ param: { cardId }, json }, submit)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

/** What 'Price this case' prices: an order, or an RDN case by the case id its detail opens. */
export type PriceTarget = { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }

/** 'Price this case': the invoice an order or RDN case would get today. */
export function useCasePrice(target: PriceTarget) {
  return useQuery({
    queryKey: [...key, 'price', target],
    queryFn: async () =>
      (
        await readJson<{ price: CasePrice }>(
          target.subject === 'order'
            ? await fees.price.orders[':orderId'].$get({ param: { orderId: target.orderId } })
            : await fees.price.cases[':caseId'].$get({ param: { caseId: target.caseId } }),
        )
      ).price,
  })
}

/** A rate sheet's text: a CSV or tab-separated file as it is, an Excel workbook read on the server. */
export async function sheetText(file: File): Promise<string> {
  if (!/\.xlsx$/i.test(file.name)) return file.text()
  const response = await fetch('/api/fees/rate-sheet', { method: 'POST', body: file })
  return (await readJson<{ text: string }>(response)).text
}
