import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { VendorCostInput } from '../../../domain/payroll/inputs'
import type { AccountingView } from '../../../domain/payroll/views'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

const payroll = api.api.payroll
// Under 'payroll', so what the Payroll page invalidates after approving or locking reaches these too.
const key = ['payroll', 'accounting'] as const

export type VendorCost = AccountingView['vendorCosts'][number]
export type ChartPeriod = AccountingView['chart'][number]
export type Vendor = InferResponseType<typeof api.api.vendors.$get, 200>['vendors'][number]

/** One period's accounting by client and market, its vendor costs, and the last 12 periods. */
export function useAccounting(period: string | null) {
  return useQuery({
    queryKey: [...key, 'view', period],
    enabled: period !== null,
    queryFn: async () =>
      readJson<AccountingView>(await payroll.accounting.$get({ query: { period: period ?? undefined } })),
    placeholderData: keepPreviousData,
  })
}

/** The company's vendors (the Vendors page's own query and cache). */
export function useVendors() {
  return useQuery({
    queryKey: ['vendors'],
    queryFn: async () => (await readJson<{ vendors: Vendor[] }>(await api.api.vendors.$get())).vendors,
  })
}

export type VendorCostDraft = Omit<VendorCostInput, 'note' | 'orderId' | 'caseId'> & {
  note: string | null
  orderId?: string
  caseId?: number
}

export function useCreateVendorCost() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: VendorCostDraft, submit) =>
      readJson<{ id: string }>(await payroll['vendor-costs'].$post({ json }, submit)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useDeleteVendorCost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (costId: string) =>
      readJson<{ deleted: true }>(await payroll['vendor-costs'][':costId'].$delete({ param: { costId } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}
