import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { WAITING_DRAFT_COUNT_CAP } from '../../../domain/billing/drafting-queue'
import {
  INVOICE_QUEUE_LABELS,
  INVOICE_QUEUE_NAMES,
  type InvoiceQueue,
  queueOfStatus,
} from '../../../domain/billing/invoice-status'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { AgingPanel } from './aging-panel'
import { useInvoice, useInvoiceSummary } from './api'
import { FeeRequestsPanel } from './fee-requests-panel'
import { InvoicePanel } from './invoice-detail'
import { InvoiceList } from './invoice-list'

type Tab = InvoiceQueue | 'fee-requests' | 'aging'
const TABS: readonly Tab[] = [...INVOICE_QUEUE_NAMES, 'fee-requests', 'aging']
const TAB_LABELS: Record<Tab, string> = { ...INVOICE_QUEUE_LABELS, 'fee-requests': 'Fee requests', aging: 'Aging' }
const isQueue = (tab: Tab): tab is InvoiceQueue => (INVOICE_QUEUE_NAMES as readonly string[]).includes(tab)

/** /dashboard/invoice-management: invoice queues, an invoice whole, fee requests and receivables aging. */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams()
  const summary = useInvoiceSummary()
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'drafts'
  const page = Math.max(1, Number(params.get('page')) || 1)
  const search = params.get('q') ?? ''
  const invoiceId = params.get('invoice')
  /**
   * A tab, a page or an invoice chosen is a step Back returns from (history pushed); typing in the
   * search and the list following its invoice replace the step they are part of.
   */
  const update = (changes: Record<string, string | null>, { replace = false } = {}) => {
    const next = new URLSearchParams(params)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name)
      else next.set(name, value)
    }
    setParams(next, { replace })
  }
  const count = (name: Tab) => {
    if (!summary.data) return null
    if (isQueue(name)) return summary.data.queues[name]
    if (name === 'fee-requests') return summary.data.feeRequests.waiting + summary.data.feeRequests.requested
    return null
  }
  // An invoice chosen takes the focus (its heading), so a keyboard goes on to Send or Post payment.
  const [focusInvoice, setFocusInvoice] = useState(false)
  const openInvoice = (id: string) => {
    setFocusInvoice(true)
    update({ invoice: id })
  }
  // The list follows the open invoice: sent, paid or rejected, it is shown in the queue it moved to
  // (on a change of its status seen here, not on a status cached from before).
  const openStatus = useInvoice(isQueue(tab) ? invoiceId : null).data?.status
  const seen = useRef<{ id: string | null; status: string | undefined }>({ id: null, status: undefined })
  useEffect(() => {
    const before = seen.current
    seen.current = { id: invoiceId, status: openStatus }
    if (!openStatus || before.id !== invoiceId || !before.status || before.status === openStatus) return
    const queue = queueOfStatus(openStatus)
    if (isQueue(tab) && queue !== tab) update({ tab: queue, page: null }, { replace: true })
  })

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <CardHeader className="print:hidden">
          <CardTitle as="h1">Invoice Management</CardTitle>
          <CardDescription>
            From a recovery to a paid invoice: drafts priced by the client's rate card, the lender's answers, payments
            and what is still owed.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <nav aria-label="Invoice queues" className="flex flex-wrap gap-1 print:hidden">
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                aria-current={name === tab ? 'page' : undefined}
                onClick={() => update({ tab: name, page: null, invoice: name === tab ? invoiceId : null })}
                className="rounded-md px-3 py-1.5 text-sm hover:bg-accent aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground"
              >
                {TAB_LABELS[name]}
                {count(name) !== null && <span className="ml-1 tabular-nums opacity-80">({count(name)})</span>}
              </button>
            ))}
          </nav>
          {summary.isError && <p className="text-sm text-destructive">{summary.error.message}</p>}
          <WaitingWorkNote drafting={summary.data?.drafting ?? 0} repricing={summary.data?.repricing ?? 0} />
          {isQueue(tab) && (
            <div className="grid gap-4 md:grid-cols-[20rem_1fr] print:block">
              <div className="min-w-0 space-y-2 print:hidden">
                {invoiceId && (
                  <button
                    type="button"
                    className="sr-only rounded-md bg-background px-3 py-1.5 text-sm underline focus:not-sr-only focus:inline-block focus:ring-2 focus:ring-ring"
                    onClick={() => document.getElementById('invoice-title')?.focus()}
                  >
                    Skip to the open invoice
                  </button>
                )}
                <label htmlFor="invoice-search" className="sr-only">
                  Search invoices by number or case
                </label>
                <Input
                  id="invoice-search"
                  type="search"
                  placeholder="Invoice or case number"
                  defaultValue={search}
                  onChange={(event) => update({ q: event.target.value.trim(), page: null }, { replace: true })}
                />
                <InvoiceList
                  queue={tab}
                  page={page}
                  search={search}
                  selected={invoiceId}
                  onSelect={openInvoice}
                  onPage={(next) => update({ page: String(next) })}
                />
              </div>
              <div className="min-w-0">
                {invoiceId ? (
                  <InvoicePanel key={invoiceId} invoiceId={invoiceId} onOpen={openInvoice} takeFocus={focusInvoice} />
                ) : (
                  <p className="text-sm text-muted-foreground print:hidden">Choose an invoice to see it whole.</p>
                )}
              </div>
            </div>
          )}
          {tab === 'fee-requests' && (
            <FeeRequestsPanel onOpenInvoice={(id) => update({ tab: 'drafts', invoice: id, page: null })} />
          )}
          {tab === 'aging' && <AgingPanel />}
        </CardContent>
      </Card>
    </div>
  )
}

/**
 * What the background work has still to do: recovered cases waiting for their drafts, drafts
 * waiting to be priced again (a rate card changed). The lists are read again as the counts go down.
 */
function WaitingWorkNote({ drafting, repricing }: { drafting: number; repricing: number }) {
  const queryClient = useQueryClient()
  const before = useRef(drafting + repricing)
  useEffect(() => {
    const waiting = drafting + repricing
    if (before.current > 0 && waiting < before.current) void queryClient.invalidateQueries({ queryKey: ['invoices'] })
    before.current = waiting
  }, [drafting, repricing, queryClient])
  return (
    <>
      {drafting > 0 && (
        <p role="status" className="text-sm text-muted-foreground print:hidden" data-testid="drafting-note">
          {drafting === 1
            ? '1 recovered case is'
            : drafting > WAITING_DRAFT_COUNT_CAP
              ? `More than ${WAITING_DRAFT_COUNT_CAP.toLocaleString('en-US')} recovered cases are`
              : `${drafting.toLocaleString('en-US')} recovered cases are`}{' '}
          waiting for their draft invoice.
        </p>
      )}
      {repricing > 0 && (
        <p role="status" className="text-sm text-muted-foreground print:hidden" data-testid="repricing-note">
          {repricing === 1 ? '1 draft is' : `${repricing.toLocaleString('en-US')} drafts are`} waiting to be priced
          again with the new rates.
        </p>
      )}
    </>
  )
}
