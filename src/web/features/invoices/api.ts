import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import type { InferResponseType } from 'hono/client'
import type { FeeRequestState } from '../../../domain/billing/fee-request-status'
import type { InvoiceQueue, InvoiceStatus } from '../../../domain/billing/invoice-status'
import { api, readJson } from '../../lib/api'
import { useSubmitMutation } from '../../lib/submit-key'

const invoices = api.api.invoices
export type InvoiceSummaryRow = InferResponseType<typeof invoices.$get, 200>['invoices'][number]
export type InvoiceDetail = InferResponseType<(typeof invoices)[':invoiceId']['$get'], 200>['invoice']
export type InvoiceLine = InvoiceDetail['lines'][number]
export type FeeRequestRow = InferResponseType<(typeof invoices)['fee-requests']['$get'], 200>['feeRequests'][number]
export type AgingReport = InferResponseType<typeof invoices.aging.$get, 200>
export type Statement = InferResponseType<(typeof invoices.aging)[':clientId']['$get'], 200>
export type Summary = InferResponseType<typeof invoices.summary.$get, 200>

const key = ['invoices'] as const

/**
 * Every 5 seconds while cases wait for their drafts or drafts to be priced again (the background
 * work does both): the counts go down as it does.
 */
const WAITING_POLL_MS = 5_000

export function useInvoiceSummary() {
  return useQuery({
    queryKey: [...key, 'summary'],
    queryFn: async () => readJson<Summary>(await invoices.summary.$get()),
    refetchInterval: (query) =>
      (query.state.data?.repricing ?? 0) + (query.state.data?.drafting ?? 0) > 0 ? WAITING_POLL_MS : false,
  })
}

export function useInvoiceQueue(queue: InvoiceQueue, page: number, search: string) {
  return useQuery({
    queryKey: [...key, 'queue', queue, page, search],
    queryFn: async () =>
      readJson<{ invoices: InvoiceSummaryRow[]; page: number; hasMore: boolean }>(
        await invoices.$get({ query: { queue, page: String(page), q: search || undefined } }),
      ),
    placeholderData: keepPreviousData,
  })
}

export function useInvoice(invoiceId: string | null) {
  return useQuery({
    queryKey: [...key, 'invoice', invoiceId],
    enabled: invoiceId !== null,
    queryFn: async () =>
      (
        await readJson<{ invoice: InvoiceDetail }>(
          await invoices[':invoiceId'].$get({ param: { invoiceId: invoiceId as string } }),
        )
      ).invoice,
  })
}

/** An invoice change: the queues, the aging and the case's invoices all read it again. */
function useInvoiceChange<Input>(
  call: (input: Input, submit: { headers: Record<string, string> }) => Promise<Response>,
) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (input: Input, submit) =>
      (await readJson<{ invoice: InvoiceDetail }>(await call(input, submit))).invoice,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

export type MoveInput = {
  status: InvoiceStatus
  reason?: string | null
  approved?: { lineId: string; approvedCents: number }[] | null
}

export const useMoveInvoice = (invoiceId: string) =>
  useInvoiceChange((json: MoveInput, submit) =>
    invoices[':invoiceId'].status.$post({ param: { invoiceId }, json }, submit),
  )

export const useStopStorage = (invoiceId: string) =>
  useInvoiceChange((json: { event: 'release' | 'transport' | 'redemption'; at: string }, submit) =>
    invoices[':invoiceId']['storage-stop'].$post({ param: { invoiceId }, json }, submit),
  )

export const useSetInvoiceReferences = (invoiceId: string) =>
  useInvoiceChange((json: { accountNumber: string | null; lenderReference: string | null }, submit) =>
    invoices[':invoiceId'].references.$put({ param: { invoiceId }, json }, submit),
  )

export const useRepriceInvoice = (invoiceId: string) =>
  useInvoiceChange((_: undefined, submit) => invoices[':invoiceId'].reprice.$post({ param: { invoiceId } }, submit))

export const useResubmitInvoice = (invoiceId: string) =>
  useInvoiceChange((_: undefined, submit) => invoices[':invoiceId'].resubmit.$post({ param: { invoiceId } }, submit))

export type PaymentInput = {
  receivedOn: string
  reference: string | null
  amountCents: number | null
  lines: { lineId: string; amountCents: number; shortPayReason?: string | null }[] | null
}

export const usePostPayment = (invoiceId: string) =>
  useInvoiceChange((json: PaymentInput, submit) =>
    invoices[':invoiceId'].payments.$post({ param: { invoiceId }, json }, submit),
  )

export function useAging() {
  return useQuery({
    queryKey: [...key, 'aging'],
    queryFn: async () => readJson<AgingReport>(await invoices.aging.$get()),
  })
}

/** A client's statement a page at a time: each 'Show more' adds the next page of its open invoices. */
export function useStatement(clientId: string) {
  return useInfiniteQuery({
    queryKey: [...key, 'statement', clientId],
    queryFn: async ({ pageParam }) =>
      readJson<Statement>(
        await invoices.aging[':clientId'].$get({ param: { clientId }, query: { page: String(pageParam) } }),
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  })
}

export type FeeRequestFilter = 'open' | 'all' | FeeRequestState

/** Fee requests in a state, of every case or of one (an order, or an RDN case by its case id). */
export function useFeeRequests(
  status: FeeRequestFilter,
  page: number,
  target: { orderId: string } | { caseId: string } | null = null,
) {
  return useQuery({
    queryKey: [...key, 'fee-requests', status, page, target],
    queryFn: async () =>
      readJson<{ feeRequests: FeeRequestRow[]; page: number; hasMore: boolean }>(
        await invoices['fee-requests'].$get({ query: { status, page: String(page), ...target } }),
      ),
    placeholderData: keepPreviousData,
  })
}

export function useMoveFeeRequest(requestId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: { status: FeeRequestState; note?: string | null }, submit) =>
      readJson(await invoices['fee-requests'][':requestId'].status.$post({ param: { requestId }, json }, submit)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useUploadEvidence(requestId: string) {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (file: File) =>
      readJson(
        await fetch(`/api/invoices/fee-requests/${requestId}/files`, {
          method: 'POST',
          body: file,
          headers: {
            'content-type': file.type || 'application/octet-stream',
            'x-file-name': encodeURIComponent(file.name),
          },
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}

export function useEvidenceFiles(requestId: string | null) {
  return useQuery({
    queryKey: [...key, 'files', requestId],
    enabled: requestId !== null,
    queryFn: async () =>
      (
        await readJson<{
          files: {
            id: string
            file_name: string
            size_bytes: number
            taken_at: string | null
            latitude: number | null
            longitude: number | null
          }[]
        }>(await invoices['fee-requests'][':requestId'].files.$get({ param: { requestId: requestId as string } }))
      ).files,
  })
}

/** Every second while a case waits for its draft: the background drafting writes it in a moment. */
const DRAFT_WAIT_POLL_MS = 1_000

/** An order's or RDN case's invoices, for its detail, and whether it waits for its draft. */
export function useCaseInvoices(target: { subject: 'order'; orderId: string } | { subject: 'case'; caseId: string }) {
  return useQuery({
    queryKey: [...key, 'case', target],
    queryFn: async () =>
      readJson<{ invoices: InvoiceSummaryRow[]; waitingForDraft: boolean }>(
        target.subject === 'order'
          ? await invoices.cases.orders[':orderId'].$get({ param: { orderId: target.orderId } })
          : await invoices.cases.rdn[':caseId'].$get({ param: { caseId: target.caseId } }),
      ),
    refetchInterval: (query) => (query.state.data?.waitingForDraft ? DRAFT_WAIT_POLL_MS : false),
  })
}

export type FeeRequestInput = {
  orderId?: string
  caseId?: number
  feeType: string
  amountCents: number
  note: string | null
}

export function useCreateFeeRequest() {
  const queryClient = useQueryClient()
  return useSubmitMutation({
    mutationFn: async (json: FeeRequestInput, submit) =>
      readJson<{ id: string }>(await invoices['fee-requests'].$post({ json }, submit)),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  })
}
