import { FileDown, Printer } from 'lucide-react'
import { useState } from 'react'
import { type InvoiceStatus, REASON_NEEDED } from '../../../domain/billing/invoice-status'
import { Button } from '../../components/ui/button'
import { notify } from '../../components/ui/toaster'
import { type InvoiceDetail, useMoveInvoice, useRepriceInvoice, useResubmitInvoice } from './api'
import { FeeRequestDialog } from './fee-request-dialog'
import { MoveDialog } from './move-dialog'
import { PaymentDialog } from './payment-dialog'
import { StorageStopDialog } from './storage-stop-dialog'

const OPEN: readonly InvoiceStatus[] = ['sent', 'lender_pending', 'on_hold', 'approved']

/** What a person can do with an invoice in its state: move it, price it again, pay it, print it. */
export function InvoiceActions({ invoice, onOpen }: { invoice: InvoiceDetail; onOpen: (id: string) => void }) {
  const move = useMoveInvoice(invoice.id)
  const reprice = useRepriceInvoice(invoice.id)
  const resubmit = useResubmitInvoice(invoice.id)
  const [dialog, setDialog] = useState<
    { kind: 'move'; status: InvoiceStatus } | { kind: 'payment' } | { kind: 'storage' } | { kind: 'fee' } | null
  >(null)
  const busy = move.isPending || reprice.isPending || resubmit.isPending

  const run = async (action: () => Promise<InvoiceDetail>, done: (result: InvoiceDetail) => void) => {
    try {
      done(await action())
    } catch (failure) {
      notify.failure(failure)
    }
  }
  const moveTo = (status: InvoiceStatus) => {
    if (REASON_NEEDED.includes(status) || status === 'approved') return setDialog({ kind: 'move', status })
    void run(
      () => move.mutateAsync({ status }),
      (result) => notify.success({ title: `Invoice ${result.number} is ${result.status_label}` }),
    )
  }
  const storageRunning =
    invoice.status === 'draft' &&
    invoice.storage_started_at &&
    !invoice.storage_stopped_at &&
    invoice.storage_daily_cents !== null

  return (
    <div className="flex flex-wrap gap-2 print:hidden">
      {invoice.moves.map((next) => (
        <Button
          key={next.status}
          size="sm"
          variant={next.status === 'rejected' || next.status === 'written_off' ? 'outline' : 'default'}
          disabled={busy}
          onClick={() => moveTo(next.status)}
        >
          {next.status === 'sent' ? 'Send' : `Mark ${next.label}`}
        </Button>
      ))}
      {OPEN.includes(invoice.status) && (
        <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'payment' })}>
          Post payment
        </Button>
      )}
      {invoice.status === 'draft' && (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={() =>
            void run(
              () => reprice.mutateAsync(undefined),
              () => notify.success({ title: 'Repriced from the rate card' }),
            )
          }
        >
          Reprice
        </Button>
      )}
      {storageRunning && (
        <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'storage' })}>
          Stop storage
        </Button>
      )}
      {invoice.can_resubmit && (
        <Button
          size="sm"
          disabled={busy}
          onClick={() =>
            void run(
              () => resubmit.mutateAsync(undefined),
              (revision) => {
                notify.success({ title: `Revision ${revision.number} drafted` })
                onOpen(revision.id)
              },
            )
          }
        >
          Resubmit as a revision
        </Button>
      )}
      {(invoice.order_id || invoice.rdn_case_number) && (
        <Button size="sm" variant="outline" onClick={() => setDialog({ kind: 'fee' })}>
          Request a fee
        </Button>
      )}
      <Button size="sm" variant="outline" asChild>
        <a href={`/api/invoices/${invoice.id}/pdf`} target="_blank" rel="noreferrer">
          <FileDown aria-hidden />
          PDF
        </a>
      </Button>
      <Button size="sm" variant="outline" onClick={() => window.print()}>
        <Printer aria-hidden />
        Print
      </Button>
      {dialog?.kind === 'move' && (
        <MoveDialog invoice={invoice} status={dialog.status} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'payment' && <PaymentDialog invoice={invoice} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'storage' && <StorageStopDialog invoice={invoice} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'fee' && <FeeRequestDialog invoice={invoice} onClose={() => setDialog(null)} />}
    </div>
  )
}
