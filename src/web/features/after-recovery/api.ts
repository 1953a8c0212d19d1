import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { InventoryInput } from '../../../domain/property/inventory'
import type { RedemptionPaymentInput } from '../../../domain/redemption/payment'
import type { ReleaseAuthorization, ReleaseCompletion } from '../../../domain/redemption/release'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'
import type { ReportTarget } from '../condition-reports/api'

const redemptions = api.api.redemptions
const property = api.api.property
export type Quote = InferResponseType<(typeof redemptions.cases.orders)[':orderId']['quote']['$get'], 200>
export type CaseReleases = InferResponseType<(typeof redemptions.cases.orders)[':orderId']['releases']['$get'], 200>
export type Release = CaseReleases['releases'][number]
export type CasePayments = InferResponseType<(typeof redemptions.cases.orders)[':orderId']['payments']['$get'], 200>
export type CaseProperty = InferResponseType<(typeof property.cases.orders)[':orderId']['$get'], 200>
export type PropertyItem = CaseProperty['items'][number]

const idOf = (target: ReportTarget) => (target.subject === 'order' ? target.orderId : target.caseId)
const key = (what: string, target: ReportTarget) => [what, target.subject, idOf(target)] as const
const timelineKey = (target: ReportTarget) => key('timeline', target)

export function useQuote(target: ReportTarget) {
  return useQuery({
    queryKey: key('redemption-quote', target),
    retry: false,
    queryFn: async () =>
      readJson<Quote>(
        target.subject === 'order'
          ? await redemptions.cases.orders[':orderId'].quote.$get({ param: { orderId: target.orderId } })
          : await redemptions.cases.rdn[':caseId'].quote.$get({ param: { caseId: target.caseId } }),
      ),
  })
}

export function useReleases(target: ReportTarget) {
  return useQuery({
    queryKey: key('releases', target),
    queryFn: async () =>
      readJson<CaseReleases>(
        target.subject === 'order'
          ? await redemptions.cases.orders[':orderId'].releases.$get({ param: { orderId: target.orderId } })
          : await redemptions.cases.rdn[':caseId'].releases.$get({ param: { caseId: target.caseId } }),
      ),
  })
}

/** Authorizes a release or a transport (once per click, however often it is sent). */
export function useAuthorizeRelease(target: ReportTarget) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: ReleaseAuthorization, submit) =>
      readJson<unknown>(
        target.subject === 'order'
          ? await redemptions.cases.orders[':orderId'].releases.$post(
              { param: { orderId: target.orderId }, json },
              submit,
            )
          : await redemptions.cases.rdn[':caseId'].releases.$post({ param: { caseId: target.caseId }, json }, submit),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key('releases', target) })
      void queryClient.invalidateQueries({ queryKey: timelineKey(target) })
    },
  })
}

/** Hands the vehicle over against an ID. */
export function useCompleteRelease(target: ReportTarget, releaseId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: ReleaseCompletion, submit) =>
      readJson<unknown>(
        await redemptions.releases[':releaseId'].complete.$post({ param: { releaseId }, json }, submit),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key('releases', target) })
      void queryClient.invalidateQueries({ queryKey: timelineKey(target) })
    },
  })
}

/** What the debtor paid against the quote on a case. */
export function usePayments(target: ReportTarget) {
  return useQuery({
    queryKey: key('redemption-payments', target),
    queryFn: async () =>
      readJson<CasePayments>(
        target.subject === 'order'
          ? await redemptions.cases.orders[':orderId'].payments.$get({ param: { orderId: target.orderId } })
          : await redemptions.cases.rdn[':caseId'].payments.$get({ param: { caseId: target.caseId } }),
      ),
  })
}

/** Records money collected from the debtor (once per click, however often it is sent). */
export function useRecordPayment(target: ReportTarget) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: RedemptionPaymentInput, submit) =>
      readJson<CasePayments>(
        target.subject === 'order'
          ? await redemptions.cases.orders[':orderId'].payments.$post(
              { param: { orderId: target.orderId }, json },
              submit,
            )
          : await redemptions.cases.rdn[':caseId'].payments.$post({ param: { caseId: target.caseId }, json }, submit),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key('redemption-payments', target) })
      void queryClient.invalidateQueries({ queryKey: timelineKey(target) })
    },
  })
}

/** The receipt of a payment, as a PDF the browser opens. */
export const paymentReceiptUrl = (paymentId: string) =>
  redemptions.payments[':paymentId']['receipt.pdf'].$path({ param: { paymentId } })

export function useProperty(target: ReportTarget) {
  return useQuery({
    queryKey: key('property', target),
    queryFn: async () =>
      readJson<CaseProperty>(
        target.subject === 'order'
          ? await property.cases.orders[':orderId'].$get({ param: { orderId: target.orderId } })
          : await property.cases.rdn[':caseId'].$get({ param: { caseId: target.caseId } }),
      ),
  })
}

/** Records the inventory of the case, or its 'no property' attestation. */
export function useRecordInventory(target: ReportTarget) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: InventoryInput, submit) =>
      readJson<unknown>(
        target.subject === 'order'
          ? await property.cases.orders[':orderId'].$post({ param: { orderId: target.orderId }, json }, submit)
          : await property.cases.rdn[':caseId'].$post({ param: { caseId: target.caseId }, json }, submit),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key('property', target) })
      void queryClient.invalidateQueries({ queryKey: timelineKey(target) })
    },
  })
}
