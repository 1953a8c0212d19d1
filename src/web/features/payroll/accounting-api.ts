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

/** How often the view is asked again while pay to people is being computed. */
const PAY_COMPUTING_POLL_MS = 1_000

/** Whether some pay to people of the view is still being computed by the server. */
export const payComputing = (view: AccountingView | undefined) =>
  Boolean(view && (view.payComputing || view.chart.some((period) => period.payComputing)))

/**
 * One period's accounting by client and market, its vendor costs, and the last 12 periods; asked
 * again every second while pay to people is being computed.
 */
export function useAccounting(period: string | null) {
  return useQuery({
    queryKey: [...key, 'view', period],
    enabled: period !== null,
    queryFn: async () =>
      readJson<AccountingView>(await payroll.accounting.$get({ query: { period: period ?? undefined } })),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (payComputing(query.state.data) ? PAY_COMPUTING_POLL_MS : false),
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
