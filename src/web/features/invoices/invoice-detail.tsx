import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { formatCents } from '../../../domain/billing/money'
import { formatCaseDate, formatWallClock } from '../../../domain/formats/dates'
import { Badge } from '../../components/ui/badge'
import { type InvoiceDetail, useInvoice } from './api'
import { CaseFeeRequests } from './case-fee-requests'
import { InvoiceActions } from './invoice-actions'
import { InvoiceStatusBadge, WindowNote } from './invoice-badges'
import { InvoiceReferences } from './invoice-references'

/** One invoice whole, in the queue's right-hand panel (and alone on a printed page). */
export function InvoicePanel({
  invoiceId,
  onOpen,
  takeFocus = false,
}: {
  invoiceId: string
  onOpen: (id: string) => void
  /** Chosen from the list: its heading takes the focus once shown. */
  takeFocus?: boolean
}) {
  const invoice = useInvoice(invoiceId)
  if (invoice.isPending) return <p className="text-sm text-muted-foreground">Loading...</p>
  if (invoice.isError) return <p className="text-sm text-destructive">{invoice.error.message}</p>
  return <InvoiceView invoice={invoice.data} onOpen={onOpen} takeFocus={takeFocus} />
}

function CaseLink({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.order_id)
    return (
      <Link className="underline underline-offset-4" to={`/order/${invoice.order_id}`}>
        {invoice.case_label}
      </Link>
    )
  if (invoice.rdn_case_number)
    return (
      <Link className="underline underline-offset-4" to={`/cases/${invoice.rdn_case_number}`}>
        {invoice.case_label}
      </Link>
    )
  return <span>{invoice.case_label}</span>
}

function InvoiceView({
  invoice,
  onOpen,
  takeFocus,
}: {
  invoice: InvoiceDetail
  onOpen: (id: string) => void
  takeFocus: boolean
}) {
  const title = useRef<HTMLHeadingElement>(null)
  // Once per invoice shown (the panel is keyed by the invoice), not again as it refreshes.
  const focused = useRef(false)
  useEffect(() => {
    if (!takeFocus || focused.current) return
    focused.current = true
    title.current?.focus()
  }, [takeFocus])
  const facts: [string, React.ReactNode][] = [
    ['Client', invoice.client_name ?? 'No client'],
    ['Case', <CaseLink key="case" invoice={invoice} />],
    ['VIN', invoice.vin ?? '—'],
    ['Vehicle', invoice.vehicle ?? '—'],
    ['Debtor', invoice.debtor_name ?? '—'],
    ['Repossessed', formatWallClock(invoice.repossessed_at)],
    ['Lot', invoice.lot_name ?? '—'],
    ['Invoice date', invoice.sent_on ? formatCaseDate(invoice.sent_on) : 'Not sent'],
    ['Due date', invoice.due_on ? formatCaseDate(invoice.due_on) : 'When sent'],
    ['Priced by', invoice.rate_card_version ? `Rate card version ${invoice.rate_card_version}` : '—'],
  ]
  return (
    <article className="space-y-4" aria-labelledby="invoice-title" data-testid="invoice-panel">
      <header className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="invoice-title" ref={title} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
            Invoice {invoice.number}
          </h2>
          <InvoiceStatusBadge status={invoice.status} label={invoice.status_label} />
          {invoice.revision_of && <Badge variant="outline">Revision {invoice.revision}</Badge>}
          {invoice.supplements && <Badge variant="outline">Supplement</Badge>}
        </div>
        {invoice.revision_of_number && (
          <p className="text-sm">
            Resubmits{' '}
            <button
              type="button"
              className="underline underline-offset-4"
              onClick={() => invoice.revision_of && onOpen(invoice.revision_of)}
            >
              {invoice.revision_of_number}
            </button>
          </p>
        )}
        {invoice.supplements_number && (
          <p className="text-sm">
            Adds fees approved after{' '}
            <button
              type="button"
              className="underline underline-offset-4"
              onClick={() => invoice.supplements && onOpen(invoice.supplements)}
            >
              {invoice.supplements_number}
            </button>{' '}
            went out
          </p>
        )}
        {invoice.revised_by && (
          <p className="text-sm">
            Resubmitted as{' '}
            <button
              type="button"
              className="underline underline-offset-4"
              onClick={() => invoice.revised_by && onOpen(invoice.revised_by.id)}
            >
              {invoice.revised_by.number}
            </button>
          </p>
        )}
        <p className="text-sm">
          <WindowNote window={invoice.window} />
        </p>
        {invoice.status_reason && <p className="text-sm">Reason: {invoice.status_reason}</p>}
        {invoice.pricing_note && <p className="text-sm text-amber-700 dark:text-amber-400">{invoice.pricing_note}</p>}
        {invoice.needs_rate_card && invoice.client_id && (
          <p className="text-sm print:hidden">
            <Link
              className="underline underline-offset-4"
              to={`/dashboard/fees?newCardFor=${encodeURIComponent(invoice.client_id)}`}
            >
              Create a rate card for this client
            </Link>
          </p>
        )}
        <InvoiceActions invoice={invoice} onOpen={onOpen} />
      </header>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <InvoiceReferences invoice={invoice} />
      <InvoiceLines invoice={invoice} />
      <Payments invoice={invoice} />
      <CaseFeeRequests invoice={invoice} onOpen={onOpen} />
    </article>
  )
}

function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.lines.length === 0) return <p className="text-sm text-muted-foreground">No lines yet.</p>
  const approvals = invoice.lines.some((line) => line.approved_cents !== null)
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Lines of invoice {invoice.number}</caption>
        <thead className="text-left text-muted-foreground">
          <tr>
            <th className="py-1 pr-2">Fee</th>
            <th className="py-1 pr-2 text-right">Qty</th>
            <th className="py-1 pr-2 text-right">Unit</th>
            <th className="py-1 pr-2 text-right">Billed</th>
            {approvals && <th className="py-1 pr-2 text-right">Approved</th>}
            <th className="py-1 text-right">Paid</th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id} className="border-t align-top" data-testid="invoice-line">
              <td className="py-1 pr-2">
                {line.fee_name}
                {line.kind === 'storage' && invoice.status === 'draft' && !invoice.storage_stopped_at && (
                  <span className="block text-xs text-muted-foreground">Accruing daily</span>
                )}
                {line.unpriced && (
                  <Badge variant="outline" className="ml-2">
                    Not priced yet
                  </Badge>
                )}
                {line.approval && (
                  <Badge variant="outline" className="ml-2" data-testid="line-approval">
                    {line.approval.label}
                  </Badge>
                )}
                {!line.debtor_billable && !line.unpriced && (
                  <span className="block text-xs text-muted-foreground">Not passed on to the debtor</span>
                )}
                {line.short_pay_reason && <span className="block text-xs">Short-paid: {line.short_pay_reason}</span>}
              </td>
              <td className="py-1 pr-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{formatCents(line.unit_cents)}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{formatCents(line.billed_cents)}</td>
              {approvals && (
                <td className="py-1 pr-2 text-right tabular-nums">
                  {line.approved_cents === null ? '—' : formatCents(line.approved_cents)}
                </td>
              )}
              <td className="py-1 text-right tabular-nums">{formatCents(line.paid_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-2 grid w-56 grid-cols-2 gap-y-1 text-sm tabular-nums">
        <dt>Billed</dt>
        <dd className="text-right">{formatCents(invoice.billed_cents)}</dd>
        <dt>Paid</dt>
        <dd className="text-right">{formatCents(invoice.paid_cents)}</dd>
        <dt className="font-semibold">Balance</dt>
        <dd className="text-right font-semibold" data-testid="invoice-balance">
          {formatCents(invoice.balance_cents)}
        </dd>
      </dl>
    </div>
  )
}

function Payments({ invoice }: { invoice: InvoiceDetail }) {
  if (invoice.payments.length === 0) return null
  return (
    <section className="space-y-1" aria-labelledby="payments-title">
      <h3 id="payments-title" className="text-sm font-semibold">
        Payments
      </h3>
      <ul className="space-y-1 text-sm" data-testid="invoice-payments">
        {invoice.payments.map((payment) => (
          <li key={payment.id} className="flex justify-between gap-2 border-t pt-1">
            <span>
              {formatCaseDate(payment.received_on)}
              {payment.reference ? ` · ${payment.reference}` : ''}
              {payment.first_name ? ` · ${payment.first_name} ${payment.last_name ?? ''}` : ''}
            </span>
            <span className="tabular-nums">{formatCents(payment.amount_cents)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
