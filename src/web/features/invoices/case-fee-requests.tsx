import { type InvoiceDetail, useFeeRequests } from './api'
import { FeeRequestItem } from './fee-requests-panel'

/** The fee requests of an invoice's case, every state, with what can be done with each. */
export function CaseFeeRequests({ invoice, onOpen }: { invoice: InvoiceDetail; onOpen: (id: string) => void }) {
  const target = invoice.order_id
    ? { orderId: invoice.order_id }
    : invoice.rdn_case_number
      ? { caseId: String(invoice.rdn_case_number) }
      : null
  const requests = useFeeRequests('all', 1, target)
  if (!target) return null
  return (
    <section className="space-y-2 print:hidden" aria-labelledby="case-fee-requests-title">
      <h3 id="case-fee-requests-title" className="text-sm font-semibold">
        Fee requests on this case
      </h3>
      {requests.isPending && <p className="text-sm text-muted-foreground">Loading...</p>}
      {requests.isError && <p className="text-sm text-destructive">{requests.error.message}</p>}
      {requests.data?.feeRequests.length === 0 && <p className="text-sm text-muted-foreground">None.</p>}
      <ul className="space-y-2">
        {requests.data?.feeRequests.map((request) => (
          <li key={request.id}>
            <FeeRequestItem request={request} onOpenInvoice={onOpen} />
          </li>
        ))}
      </ul>
    </section>
  )
}
